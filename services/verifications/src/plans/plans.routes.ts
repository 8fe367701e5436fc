import { pageOf, PlanLibraryDetail, PlanLibraryItem, PlanSearchQuery, VERIFICATION_ROLES } from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import type { PlanLibrary } from './plans.service';

/** /api/plans: the organization's plan library, for the roles of the /plan pages (contracts VERIFICATION_ROLES). */
export function planRoutes(app: Server, { library }: { library: PlanLibrary }): void {
  const onRequest = requireRoles(...VERIFICATION_ROLES);

  app.get(
    '/api/plans',
    { onRequest, schema: { querystring: PlanSearchQuery, response: { 200: pageOf(PlanLibraryItem) } } },
    (request) => library.search(requireActor(request).orgId, request.query),
  );

  app.get(
    '/api/plans/:id',
    { onRequest, schema: { params: IdParams, response: { 200: PlanLibraryDetail } } },
    (request) => library.get(requireActor(request).orgId, request.params.id),
  );
}
