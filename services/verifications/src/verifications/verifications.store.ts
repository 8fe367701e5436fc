/**
 * The verification documents: the only place that names their collection and builds their queries.
 *
 * A verification document holds the ticket wrapper (`document`) exactly as it was stored, in whatever schema
 * version (1, 2 or 3: readers migrate on read, writers store version 3), and what the service keeps around it:
 * owner (organization, office, creator), carrier, appointment, status, warnings, agreement of the sources,
 * plan library link, and search keys for the office's list (derived from the patient info, lower case).
 */
import {
  type InternalWarning,
  type PayerKey,
  type VerificationListQuery,
  type VerificationStatus,
} from '@dv/contracts';
import { type BaseDocument, type Filter, type SortOrder, type Store, type Transaction } from '@dv/kit';

export const VERIFICATIONS_COLLECTION = 'verifications';

export interface VerificationSearchKeys {
  readonly firstName: string;
  readonly lastName: string;
  /** 'last first', lower case: the patient name sort key. */
  readonly name: string;
  /** MM/DD/YYYY as entered. */
  readonly dob: string;
  /** YYYYMMDD: the date of birth sort key. */
  readonly dobKey: string;
  /** Upper case. */
  readonly memberId: string;
}

/** How far the sources agreed (scoring/plan-score.ts), and which fields they disputed. */
export interface StoredAgreement {
  readonly compared: number;
  readonly agreed: number;
  /** Wrapper paths the sources disagreed on and no user settled yet. */
  readonly disputed: readonly string[];
}

export interface VerificationDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  /** The user who created it. */
  readonly createdBy: string;
  /** ISO 8601 (UTC, from toISOString: sorts as text). */
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly status: VerificationStatus;
  readonly carrier: { readonly payerId: string; readonly name: string; readonly payerKey: PayerKey };
  readonly appointment: { readonly date: string; readonly provider?: string } | null;
  readonly search: VerificationSearchKeys;
  /** The ticket wrapper as stored (schema version 1, 2 or 3). */
  readonly document: unknown;
  readonly warnings: readonly InternalWarning[];
  readonly agreement: StoredAgreement;
  readonly planId: string | null;
  readonly planScore: number | null;
  readonly readyAt: string | null;
  readonly submittedAt: string | null;
  /** Counts the writes after creation (absent on documents written before it existed: 0). */
  readonly version?: number;
}

export type VerificationChange = Partial<
  Pick<
    VerificationDocument,
    'status' | 'document' | 'warnings' | 'agreement' | 'planId' | 'planScore' | 'readyAt' | 'submittedAt' | 'updatedAt'
  >
>;

/** Which verifications a caller may see: one office's, or (company users) the organization's. */
export interface VerificationScope {
  readonly orgId: string;
  readonly officeId?: string;
}

export async function ensureVerificationIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'createdAt'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'search.lastName'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'search.memberId'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'status'] });
}

/** Inclusive bounds of a `from` / `to` filter: a day covers the whole UTC day. */
export function createdRange(query: Pick<VerificationListQuery, 'from' | 'to'>): { from?: string; to?: string } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const bound = (value: string | undefined, end: boolean): string | undefined => {
    if (value === undefined) return undefined;
    if (day.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
    return new Date(value).toISOString();
  };
  return { from: bound(query.from, false), to: bound(query.to, true) };
}

function filterOf(scope: VerificationScope, query: VerificationListQuery): Filter {
  const range = createdRange(query);
  const created =
    range.from === undefined && range.to === undefined
      ? {}
      : { createdAt: { ...(range.from === undefined ? {} : { $gte: range.from }), ...(range.to === undefined ? {} : { $lte: range.to }) } };
  return {
    orgId: scope.orgId,
    ...(scope.officeId === undefined ? {} : { officeId: scope.officeId }),
    ...(query.dob === undefined ? {} : { 'search.dob': query.dob }),
    ...(query.memberId === undefined || query.memberId === '' ? {} : { 'search.memberId': query.memberId.toUpperCase() }),
    ...(query.carrier === undefined || query.carrier === '' ? {} : { 'carrier.payerId': query.carrier }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...created,
  };
}

const SORT_FIELDS: Readonly<Record<VerificationListQuery['sort'], string>> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  patientName: 'search.name',
  dob: 'search.dobKey',
  status: 'status',
  carrier: 'carrier.name',
};

/** The asked order, then newest first, then by id: pages never overlap or skip when values tie. */
function sortOf(query: VerificationListQuery): Record<string, SortOrder> {
  const direction: SortOrder = query.order === 'asc' ? 1 : -1;
  const field = SORT_FIELDS[query.sort];
  if (field === 'createdAt') return { createdAt: direction, _id: direction };
  return { [field]: direction, createdAt: -1, _id: -1 };
}

function matchesName(doc: VerificationDocument, needle: string): boolean {
  return (
    doc.search.firstName.includes(needle) ||
    doc.search.lastName.includes(needle) ||
    `${doc.search.firstName} ${doc.search.lastName}`.includes(needle) ||
    doc.search.name.includes(needle)
  );
}

/** The ticket's version: its writes since creation. */
export function versionOf(doc: Pick<VerificationDocument, 'version'> | null): number {
  return doc?.version ?? 0;
}

export interface VerificationStore {
  insert(tx: Transaction, doc: VerificationDocument): Promise<void>;
  /** The verification if it is in scope; another office's or organization's is not found. */
  findInScope(scope: VerificationScope, id: string, tx?: Transaction): Promise<VerificationDocument | null>;
  findById(id: string, tx?: Transaction): Promise<VerificationDocument | null>;
  update(tx: Transaction, id: string, change: VerificationChange): Promise<void>;
  page(scope: VerificationScope, query: VerificationListQuery): Promise<{ items: VerificationDocument[]; total: number }>;
}

export function verificationStore(store: Pick<Store, 'collection'>): VerificationStore {
  const verifications = (tx?: Transaction) => (tx ?? store).collection<VerificationDocument>(VERIFICATIONS_COLLECTION);

  return {
    async insert(tx, doc) {
      await verifications(tx).insert(doc);
    },
    findInScope(scope, id, tx) {
      return verifications(tx).findOne({
        _id: id,
        orgId: scope.orgId,
        ...(scope.officeId === undefined ? {} : { officeId: scope.officeId }),
      });
    },
    findById(id, tx) {
      return verifications(tx).findById(id);
    },
    async update(tx, id, change) {
      // Read in the same transaction: concurrent writers of one ticket serialise, so no version is skipped or reused.
      const current = await verifications(tx).findById(id);
      await verifications(tx).update({ _id: id }, { set: { ...change, version: versionOf(current) + 1 } });
    },
    async page(scope, query) {
      const filter = filterOf(scope, query);
      const sort = sortOf(query);
      const skip = (query.page - 1) * query.pageSize;
      const needle = query.patientName?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
      if (needle === '') {
        const [total, items] = await Promise.all([
          verifications().count(filter),
          verifications().find(filter, { sort, skip, limit: query.pageSize }),
        ]);
        return { items, total };
      }
      // The store port has no text operator: the office's verifications that pass the other filters are
      // searched here by name.
      const matching = (await verifications().find(filter, { sort })).filter((doc) => matchesName(doc, needle));
      return { items: matching.slice(skip, skip + query.pageSize), total: matching.length };
    },
  };
}
