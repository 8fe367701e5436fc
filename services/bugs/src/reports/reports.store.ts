/**
 * The bug report documents: the only place that names their collection and builds their queries. Attachments
 * are not here (see attachments/): a report document only describes its attachment.
 *
 * Text search is case-insensitive "contains" in the title or the explanation, asked of the store (`$contains`), so
 * counting and paging stay in the store. The store scans the organization's reports for it: on 10,000 reports a
 * page answers in tens of milliseconds on the embedded store (bench/bug-search.js), where the 1-3-gram index kept
 * here before took 0.3 to 47 seconds. Reports stored with that index's `searchGrams` field are found like the
 * others: the field is no longer read or written.
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

/** The text in the title or the explanation, ignoring case; no text asks for nothing more. */
function textFilter(text: string | undefined): Filter {
  if (text === undefined || text === '') return {};
  const contains = { $contains: { text, caseInsensitive: true } };
  return { $or: [{ title: contains }, { description: contains }] };
}

function filterOf(criteria: ReportCriteria): Filter {
  return {
    orgId: criteria.orgId,
    ...(criteria.solved === undefined ? {} : { solved: criteria.solved }),
    ...(criteria.type === undefined ? {} : { type: criteria.type }),
    ...(criteria.office === undefined ? {} : { officeId: criteria.office }),
    ...textFilter(criteria.text),
  };
}

/** The asked order, then newest first, then by id: pages never overlap or skip when values tie. */
function sortOf(order: ReportOrder): Record<string, SortOrder> {
  const direction: SortOrder = order.order === 'asc' ? 1 : -1;
  if (order.sort === 'creationDate') return { creationDate: direction, _id: direction };
  return { [order.sort]: direction, creationDate: -1, _id: -1 };
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
      const [total, items] = await Promise.all([reports().count(filter), reports().find(filter, { sort: sortOf(order), skip, limit })]);
      return { items, total };
    },
  };
}
