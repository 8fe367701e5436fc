import { VERIFICATION_ROLES, VerificationPdfQuery } from '@dv/contracts';
import { fileResponse, IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type VerificationService } from '../verifications/verifications.service';
import { renderVerificationPdf } from './render-verification-pdf';

/**
 * GET /api/verifications/:id/pdf?type=Breakdown|Plan&paper=letter|a4: the verification page's PDF, read through
 * the verification service (office or organization scope, audit record). The file name holds the id and the
 * type only, never the patient's name. The reply is bytes: its response entry documents them, never serializes.
 */
export function pdfRoutes(app: Server, { verifications }: { verifications: Pick<VerificationService, 'get'> }): void {
  app.get(
    '/api/verifications/:id/pdf',
    {
      onRequest: requireRoles(...VERIFICATION_ROLES),
      schema: { params: IdParams, querystring: VerificationPdfQuery, response: { 200: fileResponse('application/pdf', 'The PDF') } },
    },
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
