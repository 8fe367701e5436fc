/**
 * Filing a bug report. The client says what went wrong and where; everything else comes from the verified
 * token and the clock: who (user id and e-mail), for which organization and office, when, and that it is
 * still open. The attachment is checked by its content, stored apart, and the report and its `bug.reported`
 * event are written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { BugReportCreated, BugReportSubmission } from '@dv/contracts';
import { invalidField, type Actor, type Logger, type Outbox, type Store } from '@dv/kit';
import type { AttachmentStore } from '../attachments/attachment-store';
import { bugReportedMessage } from '../events';
import { checkAttachment, type CheckedAttachment } from './attachment-check';
import { pagePathOf } from './page-path';
import type { BugReportDocument, BugReportStore } from './reports.store';

export const URL_NOT_A_PAGE = 'Not a page address: send a path or an http(s) URL';

export interface ReportServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly reports: Pick<BugReportStore, 'insert'>;
  readonly attachments: Pick<AttachmentStore, 'put' | 'delete'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly now: () => Date;
  readonly logger?: Logger;
}

export interface ReportService {
  file(actor: Actor, submission: BugReportSubmission): Promise<BugReportCreated>;
}

export function reportService(deps: ReportServiceDeps): ReportService {
  const { store, reports, attachments, outbox, now } = deps;

  return {
    async file(actor, submission) {
      const url = pagePathOf(submission.url);
      if (url === null) throw invalidField('url', URL_NOT_A_PAGE);
      const id = randomUUID();
      let attachment: CheckedAttachment | null = null;
      if (submission.fileBase64 && submission.fileMime) {
        attachment = await checkAttachment(
          { fileBase64: submission.fileBase64, fileMime: submission.fileMime, fileName: submission.fileName },
          `bug-report-${id}`,
        );
      }

      const report: BugReportDocument = {
        _id: id,
        orgId: actor.orgId,
        officeId: actor.officeId ?? null,
        userId: actor.userId,
        user: actor.email ?? actor.userId,
        type: submission.type,
        title: submission.title,
        description: submission.description,
        url,
        solved: false,
        creationDate: now().toISOString(),
        solvingDate: null,
        attachment: attachment && { mime: attachment.mime, size: attachment.size, fileName: attachment.fileName },
      };

      // Bytes first: a committed report always finds its attachment.
      if (attachment) await attachments.put(id, attachment.bytes);
      try {
        await store.transaction(async (tx) => {
          await reports.insert(tx, report);
          await outbox.add(tx, bugReportedMessage(report));
        });
      } catch (error) {
        if (attachment) {
          await attachments.delete(id).catch((cleanupError: unknown) => {
            deps.logger?.warn({ err: cleanupError, bugId: id }, 'could not remove the attachment of a report not stored');
          });
        }
        throw error;
      }
      return { id };
    },
  };
}
