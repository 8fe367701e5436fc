/**
 * Re-verification records: the only place that names their collection and builds their queries.
 *
 * One record per verification (unique index on `verificationId`). It keeps SPEC section 3's Reverification
 * document (`document`: one eligibility entry per answered check, the latest history) and, beside it, every check
 * with what it found (`checks`), plus the fields the list filters and sorts on (the patient's search keys, copied
 * from the verification, the latest check's status and time).
 */
import {
  type CoverageStatus,
  type EligibilityChange,
  type EligibilityEntryV3,
  type HistoryRecordV3,
  type HistoryStatus,
  type ReverificationCheckStatus,
  type ReverificationListQuery,
  type ReverificationV3,
  type UnmappedHistoryRecordV3,
} from '@dv/contracts';
import { type BaseDocument, type Filter, type SortOrder, type Store, type Transaction } from '@dv/kit';
import {
  searchClause,
  type VerificationDocument,
  type VerificationScope,
  type VerificationSearchKeys,
} from '../verifications/verifications.store';

export const REVERIFICATIONS_COLLECTION = 'reverifications';

/** What one check found of the patient's history (the document keeps the latest answered check's). */
export interface CheckHistory {
  readonly history: HistoryRecordV3[];
  readonly historyStatus: HistoryStatus;
  readonly unmappedHistory?: UnmappedHistoryRecordV3[];
}

export interface StoredCheck {
  readonly id: string;
  readonly kind: 'verification' | 'reverification';
  readonly status: ReverificationCheckStatus;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly startedBy: string;
  /** Index of this check's entry in `document.eligibility`; null while it runs or when no source answered. */
  readonly eligibilityIndex: number | null;
  /** The history this check found, when a source answered. */
  readonly found: CheckHistory | null;
  readonly changes: EligibilityChange[];
}

export interface ReverificationDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly verificationId: string;
  readonly carrier: VerificationDocument['carrier'];
  /** The patient's keys as the verification has them: the list's search and name sort. */
  readonly search: VerificationSearchKeys;
  /** The patient as the list shows them (from the verification's patient info). */
  readonly patient: { readonly firstName: string; readonly lastName: string; readonly dob: string; readonly memberId: string };
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly createdBy: string;
  readonly document: ReverificationV3;
  readonly checks: StoredCheck[];
  /** The latest check's status and start. */
  readonly status: ReverificationCheckStatus;
  readonly lastCheckedAt: string;
  /** What the latest answered check found. */
  readonly coverageStatus: CoverageStatus;
}

export type ReverificationChange = Pick<ReverificationDocument, 'document' | 'checks' | 'status' | 'lastCheckedAt' | 'coverageStatus' | 'updatedAt'>;

export async function ensureReverificationIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(REVERIFICATIONS_COLLECTION, { fields: ['verificationId'], unique: true });
  await store.ensureIndex(REVERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId'] });
  await store.ensureIndex(REVERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'lastCheckedAt'] });
}

/** The entries of the document's eligibility list, newest last. */
export function latestEntry(doc: Pick<ReverificationDocument, 'document'>): EligibilityEntryV3 | undefined {
  return doc.document.eligibility.at(-1);
}

function filterOf(scope: VerificationScope, query: ReverificationListQuery): Filter {
  const text = searchClause(query.q ?? '');
  return {
    orgId: scope.orgId,
    ...(scope.officeId === undefined ? {} : { officeId: scope.officeId }),
    ...(query.verificationId === undefined ? {} : { verificationId: query.verificationId }),
    ...(text ?? {}),
  };
}

function sortOf(query: ReverificationListQuery): Record<string, SortOrder> {
  const direction: SortOrder = query.order === 'asc' ? 1 : -1;
  if (query.sort === 'patientName') return { 'search.name': direction, lastCheckedAt: -1, _id: -1 };
  return { lastCheckedAt: direction, _id: direction };
}

export interface ReverificationStore {
  insert(tx: Transaction, doc: ReverificationDocument): Promise<void>;
  findById(id: string, tx?: Transaction): Promise<ReverificationDocument | null>;
  findInScope(scope: VerificationScope, id: string, tx?: Transaction): Promise<ReverificationDocument | null>;
  ofVerification(verificationId: string, tx?: Transaction): Promise<ReverificationDocument | null>;
  update(tx: Transaction, id: string, change: ReverificationChange): Promise<void>;
  page(scope: VerificationScope, query: ReverificationListQuery): Promise<{ items: ReverificationDocument[]; total: number }>;
}

export function reverificationStore(store: Pick<Store, 'collection'>): ReverificationStore {
  const records = (tx?: Transaction) => (tx ?? store).collection<ReverificationDocument>(REVERIFICATIONS_COLLECTION);
  return {
    async insert(tx, doc) {
      await records(tx).insert(doc);
    },
    findById(id, tx) {
      return records(tx).findById(id);
    },
    findInScope(scope, id, tx) {
      return records(tx).findOne({ _id: id, orgId: scope.orgId, ...(scope.officeId === undefined ? {} : { officeId: scope.officeId }) });
    },
    ofVerification(verificationId, tx) {
      return records(tx).findOne({ verificationId });
    },
    async update(tx, id, change) {
      await records(tx).update({ _id: id }, { set: change });
    },
    async page(scope, query) {
      const filter = filterOf(scope, query);
      const skip = (query.page - 1) * query.pageSize;
      const [total, items] = await Promise.all([
        records().count(filter),
        records().find(filter, { sort: sortOf(query), skip, limit: query.pageSize }),
      ]);
      return { items, total };
    },
  };
}
