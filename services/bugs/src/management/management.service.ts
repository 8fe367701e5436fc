/**
 * The company's side of bug reports: list, detail, the attachment's bytes, solve and reopen. Every call is
 * narrowed to the caller's organization; another organization's report is "not found", never "forbidden", so
 * its existence is not revealed.
 */
import type { BugReportListQuery, ManagedBugReport, Page } from '@dv/contracts';
import { NotFound, type Actor, type Logger, type Store } from '@dv/kit';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { BugReportDocument, BugReportStore, StoredAttachment } from '../reports/reports.store';
import { assertCanManageBugReports } from './access';

export const REPORT_NOT_FOUND = 'Bug report not found';
export const ATTACHMENT_NOT_FOUND = 'This bug report has no attachment';

export interface AttachmentDownload extends StoredAttachment {
  readonly bytes: Buffer;
}

export interface ManagementServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly reports: Pick<BugReportStore, 'findInOrg' | 'page' | 'setSolved'>;
  readonly attachments: Pick<AttachmentStore, 'get'>;
  readonly now: () => Date;
  readonly logger?: Logger;
}

export interface ManagementService {
  list(actor: Actor, query: BugReportListQuery): Promise<Page<ManagedBugReport>>;
  get(actor: Actor, id: string): Promise<ManagedBugReport>;
  attachment(actor: Actor, id: string): Promise<AttachmentDownload>;
  /** Solving sets solvingDate (kept if it was solved already); reopening clears it. */
  setSolved(actor: Actor, id: string, solved: boolean): Promise<ManagedBugReport>;
}

export function presentReport(report: BugReportDocument): ManagedBugReport {
  return {
    id: report._id,
    orgId: report.orgId,
    officeId: report.officeId,
    type: report.type,
    title: report.title,
    description: report.description,
    url: report.url,
    user: report.user,
    userId: report.userId,
    solved: report.solved,
    creationDate: report.creationDate,
    solvingDate: report.solvingDate,
    attachment: report.attachment && { ...report.attachment },
  };
}

export function managementService(deps: ManagementServiceDeps): ManagementService {
  const { store, reports, attachments, now } = deps;

  async function reportOf(actor: Actor, id: string): Promise<BugReportDocument> {
    const report = await reports.findInOrg(actor.orgId, id);
    if (!report) throw new NotFound(REPORT_NOT_FOUND);
    return report;
  }

  return {
    async list(actor, query) {
      assertCanManageBugReports(actor);
      const { page, pageSize } = query;
      const found = await reports.page(
        { orgId: actor.orgId, solved: query.solved, type: query.type, office: query.office, text: query.text },
        { sort: query.sort, order: query.order },
        { skip: (page - 1) * pageSize, limit: pageSize },
      );
      return { items: found.items.map(presentReport), total: found.total, page, pageSize };
    },

    async get(actor, id) {
      assertCanManageBugReports(actor);
      return presentReport(await reportOf(actor, id));
    },

    async attachment(actor, id) {
      assertCanManageBugReports(actor);
      const report = await reportOf(actor, id);
      if (!report.attachment) throw new NotFound(ATTACHMENT_NOT_FOUND);
      const bytes = await attachments.get(id);
      if (!bytes) {
        deps.logger?.error({ bugId: id }, 'the attachment of a stored bug report is missing');
        throw new NotFound(ATTACHMENT_NOT_FOUND);
      }
      return { ...report.attachment, bytes };
    },

    async setSolved(actor, id, solved) {
      assertCanManageBugReports(actor);
      const updated = await store.transaction(async (tx) => {
        const report = await reports.findInOrg(actor.orgId, id, tx);
        if (!report) throw new NotFound(REPORT_NOT_FOUND);
        if (report.solved === solved) return report;
        const change = { solved, solvingDate: solved ? now().toISOString() : null };
        await reports.setSolved(tx, actor.orgId, id, change);
        return { ...report, ...change };
      });
      return presentReport(updated);
    },
  };
}
