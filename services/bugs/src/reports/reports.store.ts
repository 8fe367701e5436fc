/**
 * The bug report documents: the only place that names their collection and builds their queries. Attachments
 * are not here (see attachments/): a report document only describes its attachment.
 *
 * Text search is case-insensitive "contains" in the title or the explanation. The store port has no text or
 * regex operator, so each document carries its search grams: every distinct run of 1, 2 and 3 characters of its
 * lower-cased title and explanation, indexed. A needle of up to 3 characters is found exactly by membership, so
 * counting and paging stay in the store; a longer one narrows the reports to those holding all its 3-grams, which
 * are then read in batches and checked for the whole needle.
 */
import type { BugAttachmentMime, BugReportListQuery, BugType, Page } from '@dv/contracts';
import type { BaseDocument, Filter, SortOrder, Store, Transaction } from '@dv/kit';

export const BUG_REPORTS_COLLECTION = 'bugReports';

/** The field that holds a report's search grams; written by this module only. */
const SEARCH_GRAMS = 'searchGrams';
const GRAM_MAX = 3;
/** 3-grams of a long needle asked of the store; the rest is left to the check of the whole needle. */
const NEEDLE_GRAMS_MAX = 8;
/** Candidates read at a time when a long needle is checked. */
const CANDIDATE_BATCH = 200;

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

type SearchableReport = BugReportDocument & { readonly [SEARCH_GRAMS]: readonly string[] };

/** Runs of `size` characters (code points, so no surrogate is cut in half). */
function runsOf(characters: readonly string[], size: number): string[] {
  const runs: string[] = [];
  for (let start = 0; start + size <= characters.length; start += 1) runs.push(characters.slice(start, start + size).join(''));
  return runs;
}

/** Every distinct run of 1 to 3 characters of the lower-cased title and explanation (not across the two). */
export function searchGramsOf(report: Pick<BugReportDocument, 'title' | 'description'>): string[] {
  const grams = new Set<string>();
  for (const text of [report.title, report.description]) {
    const characters = [...text.toLowerCase()];
    for (let size = 1; size <= GRAM_MAX; size += 1) for (const run of runsOf(characters, size)) grams.add(run);
  }
  return [...grams];
}

/**
 * What the store is asked for a lower-cased needle: itself when it is short enough to be a gram (exact), else
 * up to NEEDLE_GRAMS_MAX of its 3-grams spread over its length (every match has them all).
 */
function needleGrams(needle: string): { readonly grams: readonly string[]; readonly exact: boolean } {
  const characters = [...needle];
  if (characters.length <= GRAM_MAX) return { grams: [needle], exact: true };
  const all = [...new Set(runsOf(characters, GRAM_MAX))];
  if (all.length <= NEEDLE_GRAMS_MAX) return { grams: all, exact: false };
  const step = (all.length - 1) / (NEEDLE_GRAMS_MAX - 1);
  return { grams: Array.from({ length: NEEDLE_GRAMS_MAX }, (_, index) => all[Math.round(index * step)] as string), exact: false };
}

export async function ensureBugReportIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'solved', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'officeId', 'creationDate'] });
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: ['orgId', 'type', 'creationDate'] });
  // One field: an array inside a compound index is not portable (nedb's compound indexes do not expand arrays).
  await store.ensureIndex(BUG_REPORTS_COLLECTION, { fields: [SEARCH_GRAMS] });
}

/**
 * Gives the reports stored before search grams existed their grams, a batch at a time; a no-op once done.
 * Resolves with how many reports it updated.
 */
export async function addMissingSearchGrams(store: Pick<Store, 'collection'>): Promise<number> {
  const reports = store.collection<BugReportDocument>(BUG_REPORTS_COLLECTION);
  let updated = 0;
  for (;;) {
    const batch = await reports.find({ [SEARCH_GRAMS]: { $exists: false } }, { limit: CANDIDATE_BATCH });
    for (const report of batch) {
      await reports.update({ _id: report._id }, { set: { [SEARCH_GRAMS]: searchGramsOf(report) } });
    }
    updated += batch.length;
    if (batch.length < CANDIDATE_BATCH) return updated;
  }
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

/** The whole needle (lower case) in the title or the explanation, case-insensitively. */
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

  async function pageInStore(filter: Filter, sort: Record<string, SortOrder>, skip: number, limit: number) {
    const [total, items] = await Promise.all([reports().count(filter), reports().find(filter, { sort, skip, limit })]);
    return { items, total };
  }

  return {
    async insert(tx, report) {
      const searchable: SearchableReport = { ...report, [SEARCH_GRAMS]: searchGramsOf(report) };
      await reports(tx).insert(searchable);
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
      if (needle === '') return pageInStore(filter, sort, skip, limit);
      const { grams, exact } = needleGrams(needle);
      const candidates: Filter = { ...filter, $and: grams.map((gram) => ({ [SEARCH_GRAMS]: gram })) };
      if (exact) return pageInStore(candidates, sort, skip, limit);

      // Holding every 3-gram does not make a match ('abcxbcaycab' has all of 'abcab', not 'abcab'): check the needle,
      // reading the candidates a batch at a time in the asked order.
      const items: BugReportDocument[] = [];
      let total = 0;
      for (let offset = 0; ; offset += CANDIDATE_BATCH) {
        const batch = await reports().find(candidates, { sort, skip: offset, limit: CANDIDATE_BATCH });
        for (const report of batch) {
          if (!matchesText(report, needle)) continue;
          if (total >= skip && items.length < limit) items.push(report);
          total += 1;
        }
        if (batch.length < CANDIDATE_BATCH) return { items, total };
      }
    },
  };
}
