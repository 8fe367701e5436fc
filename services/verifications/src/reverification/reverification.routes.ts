import {
  pageOf,
  REVERIFICATION_ROLES,
  ReverificationDetail,
  ReverificationListItem,
  ReverificationListQuery,
  ReverificationPdfQuery,
  ReverificationStartInput,
} from '@dv/contracts';
import { fileResponse, IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { renderReverificationPdf } from '../pdf/reverification-pdf';
import { type ReverificationService } from './reverification.service';

/**
 * /api/reverifications: re-checks of the office's verifications, for the roles of the /reverification pages
 * (contracts REVERIFICATION_ROLES). The PDF's file name holds the verification's id only, never the patient's name;
 * the reply is bytes, so there is no response schema to serialize through.
 */
export function reverificationRoutes(app: Server, { reverifications }: { reverifications: ReverificationService }): void {
  const onRequest = requireRoles(...REVERIFICATION_ROLES);
  const context = (request: Parameters<typeof requireActor>[0]) => ({ actor: requireActor(request), requestId: request.id });

  app.get(
    '/api/reverifications',
    { onRequest, schema: { querystring: ReverificationListQuery, response: { 200: pageOf(ReverificationListItem) } } },
    (request) => reverifications.list(context(request), request.query),
  );

  app.post(
    '/api/reverifications',
    { onRequest, schema: { body: ReverificationStartInput, response: { 201: ReverificationDetail } } },
    async (request, reply) => reply.code(201).send(await reverifications.start(context(request), request.body)),
  );

  app.get(
    '/api/reverifications/:id',
    { onRequest, schema: { params: IdParams, response: { 200: ReverificationDetail } } },
    (request) => reverifications.get(context(request), request.params.id),
  );

  app.get(
    '/api/reverifications/:id/pdf',
    { onRequest, schema: { params: IdParams, querystring: ReverificationPdfQuery, response: { 200: fileResponse('application/pdf', 'The PDF') } } },
    async (request, reply) => {
      const printout = await reverifications.printout(context(request), request.params.id);
      const pdf = await renderReverificationPdf(printout, request.query.paper);
      return reply
        .type('application/pdf')
        .header('content-length', pdf.length)
        .header('content-disposition', `attachment; filename="reverification-${printout.detail.verificationId}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
