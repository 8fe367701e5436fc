import { GroupOfficeInput, GroupPatch, ManagedGroup, ManagementListQuery, NewGroupInput, pageOf } from '@dv/contracts';
import { IdParams, requireActor, type Server } from '@dv/kit';
import { type GroupService } from './groups.service';

const GroupOfficeParams = IdParams.extend({ officeId: IdParams.shape.id });

/** /api/management/groups: role rules in access.ts, applied by the service. */
export function managementGroupRoutes(app: Server, { groups }: { groups: GroupService }): void {
  app.get(
    '/api/management/groups',
    { schema: { querystring: ManagementListQuery, response: { 200: pageOf(ManagedGroup) } } },
    (request) => groups.list(requireActor(request), request.query),
  );

  app.post(
    '/api/management/groups',
    { schema: { body: NewGroupInput, response: { 201: ManagedGroup } } },
    async (request, reply) => reply.status(201).send(await groups.create(requireActor(request), request.body)),
  );

  app.get(
    '/api/management/groups/:id',
    { schema: { params: IdParams, response: { 200: ManagedGroup } } },
    (request) => groups.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/api/management/groups/:id',
    { schema: { params: IdParams, body: GroupPatch, response: { 200: ManagedGroup } } },
    (request) => groups.rename(requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/management/groups/:id/offices',
    { schema: { params: IdParams, body: GroupOfficeInput, response: { 200: ManagedGroup } } },
    (request) => groups.addOffice(requireActor(request), request.params.id, request.body.officeId),
  );

  app.delete(
    '/api/management/groups/:id/offices/:officeId',
    { schema: { params: GroupOfficeParams, response: { 200: ManagedGroup } } },
    (request) => groups.removeOffice(requireActor(request), request.params.id, request.params.officeId),
  );
}

