/** PUT /api/bugReports (SPEC section 7): 201 { id }, 400 with details per field, anything else a failure. */
import { BugReportCreated, type BugReportSubmission, MESSAGES } from '@dv/contracts';
import { fieldIssuesOf } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { type FieldErrors, fieldOfPath } from './bug-report-draft';

export type SendOutcome =
  | { kind: 'sent'; id: string }
  /** The service refused fields: `errors` go under the popover's fields, `other` above them (e.g. the url). */
  | { kind: 'invalid'; errors: FieldErrors; other: string[] }
  | { kind: 'failed'; error: string | undefined };

export async function sendBugReport(http: HttpClient, submission: BugReportSubmission): Promise<SendOutcome> {
  const result = await http.put<unknown>('/api/bugReports', submission);
  if (result.ok) {
    const created = BugReportCreated.safeParse(result.data);
    return created.success ? { kind: 'sent', id: created.data.id } : { kind: 'failed', error: 'Unexpected reply' };
  }
  // Only a body beyond the route's limit gets here with 413; the popover's size check makes that rare.
  if (result.status === 413) return { kind: 'invalid', errors: { attachment: MESSAGES.FILE_TOO_BIG }, other: [] };
  const issues = result.status === 400 ? fieldIssuesOf(result.data) : [];
  if (issues.length === 0) return { kind: 'failed', error: result.error };
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const { path, message } of issues) {
    const field = fieldOfPath(path);
    if (field === null) other.push(path === '' ? message : `${path}: ${message}`);
    else errors[field] ??= message;
  }
  return { kind: 'invalid', errors, other };
}
