import {
  CARRIER_ADMIN_ROLES,
  CarrierListQuery,
  CarrierPatch,
  CarrierPayerIdParams,
  ManagedCarrier,
  NewCarrierInput,
  pageOf,
} from '@dv/contracts';
import { requireActor, requireRoles, type RequestGuard, type Server } from '@dv/kit';
import { assertMayChangeCatalogue, type CarriersAdminService } from './carriers-admin.service';

/** The privilege, checked before the body is read too: whoever may not change the catalogue learns nothing of it. */
const privileged: RequestGuard = (request, _reply, done) => {
  try {
    assertMayChangeCatalogue(requireActor(request));
    done();
  } catch (error) {
    done(error as Error);
  }
};

/**
 * /api/management/carriers: the roles of /management/carriers (contracts CARRIER_ADMIN_ROLES, checked before the
 * body is read); creating and changing also need the editGlobalCarriers privilege, checked here before the body
 * and again by the service.
 */
export function carriersAdminRoutes(app: Server, { carriers }: { carriers: CarriersAdminService }): void {
  const onRequest = requireRoles(...CARRIER_ADMIN_ROLES);
  const onChange = [onRequest, privileged];

  app.get(
    '/api/management/carriers',
    { onRequest, schema: { querystring: CarrierListQuery, response: { 200: pageOf(ManagedCarrier) } } },
    (request) => carriers.list(requireActor(request), request.query),
  );
  app.post(
    '/api/management/carriers',
    { onRequest: onChange, schema: { body: NewCarrierInput, response: { 201: ManagedCarrier } } },
    async (request, reply) => reply.code(201).send(await carriers.create(requireActor(request), request.body)),
  );
  app.get(
    '/api/management/carriers/:payerId',
    { onRequest, schema: { params: CarrierPayerIdParams, response: { 200: ManagedCarrier } } },
    (request) => carriers.get(requireActor(request), request.params.payerId),
  );
  app.patch(
    '/api/management/carriers/:payerId',
    { onRequest: onChange, schema: { params: CarrierPayerIdParams, body: CarrierPatch, response: { 200: ManagedCarrier } } },
    (request) => carriers.update(requireActor(request), request.params.payerId, request.body),
  );
}
