/**
 * The bug report documents: the only place that names their collection and builds their queries. Attachments
 * are not here (see attachments/): a report document only describes its attachment.
 */
import type { BugAttachmentMime, BugReportListQuery, BugType, Page } from '@dv/contracts';
import type { BaseDocument, Filter, SortOrder, Store, Transaction } from '@dv/kit';

export const BUG_REPORTS_COLLECTION = 'bugReports';

export interface StoredAttachment {
  readonly mime: BugAttachmentMime;
  readonly size: number;
  readonly fileName: string;
}

export interface BugReportDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string | null;
  readonly userId: string;
  /** E-mail, else user id (SPEC section 3 `user`). */
  readonly user: string;
  readonly type: BugType;
  readonly title: string;
  readonly description: string;
  /** Path and query of the reporting page. */
  readonly url: string;
  readonly solved: boolean;
  /** ISO 8601 (UTC, from toISOString: sorts as text). */
  readonly creationDate: string;
  readonly solvingDate: string | null;
  readonly attachment: StoredAttachment | null;
}

/** What a list may be narrowed by; `orgId` always. */
export type ReportCriteria = Pick<BugReportListQuery, 'solved' | 'type' | 'office' | 'text'> & { readonly orgId: string };
export type ReportOrder = Pick<BugReportListQuery, 'sort' | 'order'>;

export async function ensureBugReportIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'solved', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'officeId', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'type', 'creationDate'] });
}

function filterOf(criteria: ReportCriteria): Filter {
  return {
    orgId: criteria.orgId,
    ...(criteria.solved === undefined ? {} : { solved: criteria.solved }),
    ...(criteria.type === undefined ? {} : { type: criteria.type }),
    ...(criteria.office === undefined ? {} : { officeId: criteria.office }),
  };
}

/** The asked order, then newest first, then by id: pages never overlap or skip when values tie. */
function sortOf(order: ReportOrder): Record<string, SortOrder> {
  const direction: SortOrder = order.order === 'asc' ? 1 : -1;
  if (order.sort === 'creationDate') return { creationDate: direction, _id: direction };
  return { [order.sort]: direction, creationDate: -1, _id: -1 };
}

function matchesText(report: BugReportDocument, needle: string): boolean {
  return report.title.toLowerCase().includes(needle) || report.description.toLowerCase().includes(needle);
}

export interface BugReportStore {
  insert(tx: Transaction, report: BugReportDocument): Promise<void>;
  /** The report if it belongs to the organization; another organization's report is not found. */
  findInOrg(orgId: string, id: string, tx?: Transaction): Promise<BugReportDocument | null>;
  setSolved(tx: Transaction, orgId: string, id: string, change: Pick<BugReportDocument, 'solved' | 'solvingDate'>): Promise<void>;
  page(criteria: ReportCriteria, order: ReportOrder, range: { skip: number; limit: number }): Promise<Omit<Page<BugReportDocument>, 'page' | 'pageSize'>>;
}

export function bugReportStore(store: Pick<Store, 'collection'>): BugReportStore {
  const reports = (tx?: Transaction) =>
    (tx ?? store).collection<BugReportDocument>(BUG_REPORTS_COLLECTION);

  return {
    async insert(tx, report) {
      await reports(tx).insert(report);
    },
    findInOrg(orgId, id, tx) {
      return reports(tx).findOne({ _id: id, orgId });
    },
    async setSolved(tx, orgId, id, change) {
      await reports(tx).update({ _id: id, orgId }, { set: change });
    },
    async page(criteria, order, { skip, limit }) {
      const filter = filterOf(criteria);
      const sort = sortOf(order);
      const needle = criteria.text?.toLowerCase() ?? '';
      if (needle === '') {
        const [total, items] = await Promise.all([
          reports().count(filter),
          reports().find(filter, { sort, skip, limit }),
        ]);
        return { items, total };
      }
      // The store port has no text operator: the organization's reports that pass the other filters are
      // searched here. Report documents are small (attachments live apart), so thousands are fine.
      const matching = (await reports().find(filter, { sort })).filter((report) => matchesText(report, needle));
      return { items: matching.slice(skip, skip + limit), total: matching.length };
    },
  };
}
