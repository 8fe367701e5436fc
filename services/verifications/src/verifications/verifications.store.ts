/**
 * The verification documents: the only place that names their collection and builds their queries.
 *
 * A verification document holds the ticket wrapper (`document`) exactly as it was stored, in whatever schema
 * version (1, 2 or 3: readers migrate on read, writers store version 3), and what the service keeps around it:
 * owner (organization, office, creator), carrier, appointment, status, warnings, agreement of the sources,
 * plan library link, search keys for the office's list (derived from the patient info, lower case) and the
 * summary the list shows, kept beside the ticket each time it is written so that listing never reads (nor
 * migrates) the stored tickets.
 */
import {
  createdBounds,
  type CoverageStatus,
  type InternalWarning,
  type PayerKey,
  type TicketStatus,
  type TicketWrapperV3,
  type VerificationListQuery,
  type VerificationStatus,
} from '@dv/contracts';
import { type BaseDocument, type Change, type Filter, type SortOrder, type Store, type Transaction } from '@dv/kit';

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

/** What the list shows of the ticket, as it was last written. */
export interface VerificationSummary {
  readonly firstName: string;
  readonly lastName: string;
  readonly dob: string;
  readonly memberId: string;
  readonly ticketStatus: TicketStatus;
  readonly coverageStatus: CoverageStatus;
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
  /** The user who created it (the token's subject). */
  readonly createdBy: string;
  /** Their name or email as their sign-in gave it (absent on documents stored before it was kept). */
  readonly createdByName?: string;
  /** ISO 8601 (UTC, from toISOString: sorts as text). */
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly status: VerificationStatus;
  readonly carrier: { readonly payerId: string; readonly name: string; readonly payerKey: PayerKey };
  readonly appointment: { readonly date: string; readonly provider?: string } | null;
  readonly search: VerificationSearchKeys;
  /** Kept by every write of `document` (absent on documents stored before it existed: the list reads those). */
  readonly summary?: VerificationSummary;
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
    'status' | 'document' | 'warnings' | 'agreement' | 'planId' | 'planScore' | 'readyAt' | 'submittedAt' | 'updatedAt' | 'search'
  >
>;

/** Which verifications a caller may see: one office's, or (company users) the organization's. */
export interface VerificationScope {
  readonly orgId: string;
  readonly officeId?: string;
}

export async function ensureVerificationIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  // The office's list without a status filter: nedb picks an index only when a filter fixes every field of it,
  // so the longer ones below leave it scanning every office's tickets (on MongoDB they serve the prefix anyway).
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'createdAt'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'search.lastName'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'search.memberId'] });
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'officeId', 'status'] });
}

/**
 * The summary of a ticket as writers store it (version 3, ticket-document.ts); undefined for anything else, whose
 * row the list then reads from the ticket itself.
 */
export function summaryOf(document: unknown): VerificationSummary | undefined {
  const wrapper = document as Partial<TicketWrapperV3> | null;
  if (wrapper?.schemaVersion !== 3 || typeof wrapper.ticket?.integrationPatientInfo !== 'object') return undefined;
  return summaryOfTicket(wrapper as Pick<TicketWrapperV3, 'ticket'> & Partial<Pick<TicketWrapperV3, 'patient'>>);
}

function summaryOfTicket({ ticket, patient }: Pick<TicketWrapperV3, 'ticket'> & Partial<Pick<TicketWrapperV3, 'patient'>>): VerificationSummary {
  const info = ticket.integrationPatientInfo;
  return {
    firstName: info.patientFirstName,
    lastName: info.patientLastName,
    dob: info.patientDOB,
    memberId: info.patientMemberId,
    ticketStatus: ticket.status,
    coverageStatus: patient?.coverageStatus ?? 'unknown',
  };
}

/**
 * The list's row of a stored verification: its summary; for one stored before summaries were kept, its ticket
 * read (and migrated) by `read`, ticket-document's readTicket.
 */
export function listedSummary(doc: VerificationDocument, read: (document: unknown) => TicketWrapperV3): VerificationSummary {
  return doc.summary ?? summaryOfTicket(read(doc.document));
}

/** The change with the summary of the ticket it writes (or without a summary, when it is not readable here). */
function withSummary(change: VerificationChange): Change {
  if (change.document === undefined) return { set: change };
  const summary = summaryOf(change.document);
  return summary === undefined ? { set: change, unset: ['summary'] } : { set: { ...change, summary } };
}

const contains = (field: string, text: string): Filter => ({ [field]: { $contains: { text, caseInsensitive: true } } });

/** Every word somewhere in the patient's name ('last first', lower case): any order, any part of a word. */
function nameClause(text: string): Filter | undefined {
  const words = text.trim().toLowerCase().split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return words.length === 1 ? contains('search.name', words[0]!) : { $and: words.map((word) => contains('search.name', word)) };
}

/** The history's search box: the patient's name, or part of the member id (stored upper case). */
export function searchClause(text: string): Filter | undefined {
  const name = nameClause(text);
  if (name === undefined) return undefined;
  return { $or: [name, contains('search.memberId', text.trim().toUpperCase())] };
}

/** The name and search box filters: text the store scans for (no index serves a part of a word). */
function textClauses(query: Pick<VerificationListQuery, 'q' | 'patientName'>): Filter {
  const clauses = [nameClause(query.patientName ?? ''), searchClause(query.q ?? '')].filter((clause) => clause !== undefined);
  if (clauses.length === 0) return {};
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
}

function filterOf(scope: VerificationScope, query: VerificationListQuery): Filter {
  const range = createdBounds(query);
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
    ...textClauses(query),
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
      const summary = summaryOf(doc.document);
      await verifications(tx).insert(summary === undefined ? doc : { ...doc, summary });
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
      const write = withSummary(change);
      await verifications(tx).update({ _id: id }, { ...write, set: { ...write.set, version: versionOf(current) + 1 } });
    },
    async page(scope, query) {
      const filter = filterOf(scope, query);
      const sort = sortOf(query);
      const skip = (query.page - 1) * query.pageSize;
      const [total, items] = await Promise.all([
        verifications().count(filter),
        verifications().find(filter, { sort, skip, limit: query.pageSize }),
      ]);
      return { items, total };
    },
  };
}
