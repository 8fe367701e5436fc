/**
 * What the bugs service publishes (through its outbox, keyed by report id) and consumes (nothing).
 * - TOPICS.bugReported / `bug.reported`: a report was filed. Ids and the bug type only, never its text.
 */
import { EVENT_TYPES, TOPICS, type BugReportedPayload } from '@dv/contracts';
import type { OutboxMessage } from '@dv/kit';
import type { BugReportDocument } from './reports/reports.store';

export function bugReportedMessage(report: BugReportDocument): OutboxMessage<BugReportedPayload> {
  return {
    topic: TOPICS.bugReported,
    key: report._id,
    type: EVENT_TYPES.bugReported,
    occurredAt: report.creationDate,
    payload: {
      bugId: report._id,
      type: report.type,
      orgId: report.orgId,
      userId: report.userId,
      ...(report.officeId === null ? {} : { officeId: report.officeId }),
    },
  };
}
