import { pageOf, PlanLibraryDetail, PlanLibraryItem, PlanPdfQuery, PlanSearchQuery, VERIFICATION_ROLES } from '@dv/contracts';
import { fileResponse, IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { renderPlanLibraryPdf } from '../pdf/plan-library-pdf';
import type { PlanLibrary } from './plans.service';

/**
 * /api/plans: the organization's plan library, for the roles of the /plan pages (contracts VERIFICATION_ROLES).
 * Every office of the organization reads it: the library's plans hold nothing about a patient. The PDF's file name
 * holds the plan's id only; the reply is bytes, so there is no response schema to serialize through.
 */
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

  app.get(
    '/api/plans/:id/pdf',
    { onRequest, schema: { params: IdParams, querystring: PlanPdfQuery, response: { 200: fileResponse('application/pdf', 'The PDF') } } },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await renderPlanLibraryPdf(await library.get(requireActor(request).orgId, id), request.query.paper);
      return reply
        .type('application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', `attachment; filename="plan-${id}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
