import { BUG_REPORT_MAX_BODY_BYTES, BugReportCreated, BugReportSubmission, ROLES } from '@dv/contracts';
import { requireActor, requireRoles, type Server } from '@dv/kit';
import type { ReportService } from './reports.service';

/**
 * PUT /api/bugReports: every role files reports. This route alone takes a body large enough for a 5 MB
 * attachment as base64 JSON; a larger body is refused (413) before it is read.
 */
export function reportRoutes(app: Server, { reports }: { reports: ReportService }): void {
  app.put(
    '/api/bugReports',
    {
      bodyLimit: BUG_REPORT_MAX_BODY_BYTES,
      onRequest: requireRoles(...ROLES),
      schema: { body: BugReportSubmission, response: { 201: BugReportCreated } },
    },
    async (request, reply) => reply.status(201).send(await reports.file(requireActor(request), request.body)),
  );
}
