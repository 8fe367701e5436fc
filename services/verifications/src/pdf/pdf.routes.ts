import { VERIFICATION_ROLES, VerificationPdfQuery } from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type VerificationService } from '../verifications/verifications.service';
import { renderVerificationPdf } from './render-verification-pdf';

/**
 * GET /api/verifications/:id/pdf?type=Breakdown|Plan&paper=letter|a4: the verification page's PDF, read through
 * the verification service (office or organization scope, audit record). The file name holds the id and the
 * type only, never the patient's name. The reply is bytes, so there is no response schema to serialize through.
 */
export function pdfRoutes(app: Server, { verifications }: { verifications: Pick<VerificationService, 'get'> }): void {
  app.get(
    '/api/verifications/:id/pdf',
    { onRequest: requireRoles(...VERIFICATION_ROLES), schema: { params: IdParams, querystring: VerificationPdfQuery } },
    async (request, reply) => {
      const { id } = request.params;
      const detail = await verifications.get({ actor: requireActor(request), requestId: request.id }, id);
      const pdf = await renderVerificationPdf(detail, request.query);
      return reply
        .type('application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', `attachment; filename="verification-${id}-${request.query.type.toLowerCase()}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
