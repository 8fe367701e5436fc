import {
  ManagedOffice,
  ManagementListQuery,
  NewOfficeInput,
  OfficePatch,
  OfficeSettings,
  OfficeSettingsPatch,
  pageOf,
} from '@dv/contracts';
import { IdParams, requireActor, type Server } from '@dv/kit';
import { type OfficeService } from './offices.service';

/** /api/management/offices: role rules in access.ts, applied by the service. */
export function managementOfficeRoutes(app: Server, { offices }: { offices: OfficeService }): void {
  app.get(
    '/api/management/offices',
    { schema: { querystring: ManagementListQuery, response: { 200: pageOf(ManagedOffice) } } },
    (request) => offices.list(requireActor(request), request.query),
  );

  app.post(
    '/api/management/offices',
    { schema: { body: NewOfficeInput, response: { 201: ManagedOffice } } },
    async (request, reply) => reply.status(201).send(await offices.create(requireActor(request), request.body)),
  );

  app.get(
    '/api/management/offices/:id',
    { schema: { params: IdParams, response: { 200: ManagedOffice } } },
    (request) => offices.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/api/management/offices/:id',
    { schema: { params: IdParams, body: OfficePatch, response: { 200: ManagedOffice } } },
    (request) => offices.update(requireActor(request), request.params.id, request.body),
  );

  app.patch(
    '/api/management/offices/:id/settings',
    { schema: { params: IdParams, body: OfficeSettingsPatch, response: { 200: OfficeSettings } } },
    (request) => offices.updateSettings(requireActor(request), request.params.id, request.body),
  );
}
