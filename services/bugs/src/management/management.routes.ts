import { BugReportListQuery, BugReportPatch, ManagedBugReport, pageOf } from '@dv/contracts';
import { fileResponse, IdParams, requireActor, type Server } from '@dv/kit';
import { bugManagersOnly } from './access';
import type { ManagementService } from './management.service';

/** Quotes and control characters never reach the header; the stored name is already limited to safe ones. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\w .()-]/g, '_');
  return `attachment; filename="${ascii}"`;
}

/** /api/management/bugs: company staff (see access.ts); the role check runs before the body or query is read. */
export function managementRoutes(app: Server, { management }: { management: ManagementService }): void {
  const onRequest = bugManagersOnly;

  app.get(
    '/api/management/bugs',
    { onRequest, schema: { querystring: BugReportListQuery, response: { 200: pageOf(ManagedBugReport) } } },
    (request) => management.list(requireActor(request), request.query),
  );

  app.get(
    '/api/management/bugs/:id',
    { onRequest, schema: { params: IdParams, response: { 200: ManagedBugReport } } },
    (request) => management.get(requireActor(request), request.params.id),
  );

  // The bytes as they were checked at upload, typed by their detected kind. Served as a download that the
  // browser may not sniff nor run: the SPA fetches it with its token and previews the blob itself.
  const attachment = fileResponse('*/*', 'The attachment, of the kind its bytes were detected as');
  app.get('/api/management/bugs/:id/attachment', { onRequest, schema: { params: IdParams, response: { 200: attachment } } }, async (request, reply) => {
    const file = await management.attachment(requireActor(request), request.params.id);
    return reply
      .type(file.mime)
      .header('content-length', file.bytes.length)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.bytes);
  });

  app.patch(
    '/api/management/bugs/:id',
    { onRequest, schema: { params: IdParams, body: BugReportPatch, response: { 200: ManagedBugReport } } },
    (request) => management.setSolved(requireActor(request), request.params.id, request.body.solved),
  );
}
