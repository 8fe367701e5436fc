/**
 * The outsourcing state of tickets: the only place that names its collection and builds its queries. One document
 * per outsourced verification (same id), in the verification's organization and office: its queue status (kept
 * equal to the ticket wrapper's `ticket.status` by every write, in the same transaction), the office's requests,
 * the agent holding it, the payer calls logged and the evidence of the values agents entered.
 *
 * What the queue lists is kept here (carrier, the patient's initials), so the queue never reads ticket documents.
 */
import {
  type OutsourceQueueQuery,
  type OutsourceType,
  type TicketStatus,
} from '@dv/contracts';
import { type BaseDocument, type Filter, type SortOrder, type Store, type Transaction } from '@dv/kit';

export const OUTSOURCED_TICKETS_COLLECTION = 'outsourcedTickets';

export interface StoredUser {
  readonly id: string;
  readonly email: string | null;
}

export interface StoredRequest {
  readonly type: OutsourceType;
  readonly note: string | null;
  readonly requester: StoredUser;
  readonly requestedAt: string;
}

export interface StoredCall {
  readonly calledAt: string;
  readonly representative: string;
  readonly callReference: string;
  readonly documentUrl?: string;
  readonly loggedBy: StoredUser;
  readonly loggedAt: string;
}

/** The call behind an agent's value at `path`; `changedAt` is the field's change-history entry it backs. */
export interface StoredEvidence {
  readonly path: string;
  readonly calledAt: string;
  readonly representative: string;
  readonly callReference: string;
  readonly documentUrl?: string;
  readonly enteredBy: string;
  readonly enteredAt: string;
  readonly changedAt: string;
}

export interface OutsourcedTicketDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly status: TicketStatus;
  /** The latest request's type, requester and time (what the queue filters and sorts by). */
  readonly type: OutsourceType;
  readonly requesterId: string;
  readonly requestedAt: string;
  readonly requests: readonly StoredRequest[];
  readonly carrier: { readonly payerId: string; readonly name: string };
  readonly patientInitials: string;
  /** Absent while nobody holds the ticket (matching null is not portable across the store adapters). */
  readonly assignee?: StoredUser;
  readonly calls: readonly StoredCall[];
  readonly evidence: readonly StoredEvidence[];
  readonly updatedAt: string;
}

export type OutsourcedTicketChange = Partial<
  Pick<OutsourcedTicketDocument, 'status' | 'type' | 'requesterId' | 'requestedAt' | 'requests' | 'assignee' | 'calls' | 'evidence' | 'updatedAt'>
>;

export async function ensureOutsourcingIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(OUTSOURCED_TICKETS_COLLECTION, { fields: ['orgId', 'status', 'requestedAt'] });
  await store.ensureIndex(OUTSOURCED_TICKETS_COLLECTION, { fields: ['orgId', 'officeId', 'requestedAt'] });
  await store.ensureIndex(OUTSOURCED_TICKETS_COLLECTION, { fields: ['orgId', 'carrier.payerId', 'requestedAt'] });
}

const SORT_FIELDS: Readonly<Record<OutsourceQueueQuery['sort'], string>> = {
  requestedAt: 'requestedAt',
  updatedAt: 'updatedAt',
  status: 'status',
  payer: 'carrier.name',
  office: 'officeId',
};

/** The asked order, then oldest request first, then by id: pages never overlap or skip when values tie. */
function sortOf(query: Pick<OutsourceQueueQuery, 'sort' | 'order'>): Record<string, SortOrder> {
  const direction: SortOrder = query.order === 'asc' ? 1 : -1;
  const field = SORT_FIELDS[query.sort];
  if (field === 'requestedAt') return { requestedAt: direction, _id: direction };
  return { [field]: direction, requestedAt: 1, _id: 1 };
}

/** What the queue query filters on, resolved by the service (who "me" is, the age limit as a time). */
export interface QueueFilter {
  readonly orgId: string;
  readonly statuses?: readonly TicketStatus[];
  readonly officeId?: string;
  readonly payerId?: string;
  readonly type?: OutsourceType;
  /** Requested at or before this ISO time. */
  readonly requestedBefore?: string;
  /** A user id, or null for tickets nobody holds. */
  readonly assigneeId?: string | null;
}

function filterOf(filter: QueueFilter): Filter {
  return {
    orgId: filter.orgId,
    ...(filter.statuses === undefined ? {} : { status: { $in: [...filter.statuses] } }),
    ...(filter.officeId === undefined ? {} : { officeId: filter.officeId }),
    ...(filter.payerId === undefined ? {} : { 'carrier.payerId': filter.payerId }),
    ...(filter.type === undefined ? {} : { type: filter.type }),
    ...(filter.requestedBefore === undefined ? {} : { requestedAt: { $lte: filter.requestedBefore } }),
    ...(filter.assigneeId === undefined
      ? {}
      : filter.assigneeId === null
        ? { 'assignee.id': { $exists: false } }
        : { 'assignee.id': filter.assigneeId }),
  };
}

export interface OutsourcingStore {
  /** The ticket's outsourcing state if it is in the organization; another organization's is not found. */
  findInOrg(orgId: string, id: string, tx?: Transaction): Promise<OutsourcedTicketDocument | null>;
  insert(tx: Transaction, doc: OutsourcedTicketDocument): Promise<void>;
  /** Sets the change; `releaseAssignee` removes the agent holding the ticket. */
  update(tx: Transaction, id: string, change: OutsourcedTicketChange, options?: { readonly releaseAssignee?: boolean }): Promise<void>;
  page(
    filter: QueueFilter,
    query: Pick<OutsourceQueueQuery, 'page' | 'pageSize' | 'sort' | 'order'>,
  ): Promise<{ items: OutsourcedTicketDocument[]; total: number }>;
  /** The organization's outsourced tickets (of one office), for the requesters' counts. */
  ofOrganization(orgId: string, officeId?: string): Promise<OutsourcedTicketDocument[]>;
  /** The evidence kept for one ticket (none when it was never outsourced). */
  evidenceOf(id: string): Promise<readonly StoredEvidence[]>;
}

export function outsourcingStore(store: Pick<Store, 'collection'>): OutsourcingStore {
  const tickets = (tx?: Transaction) => (tx ?? store).collection<OutsourcedTicketDocument>(OUTSOURCED_TICKETS_COLLECTION);

  return {
    findInOrg(orgId, id, tx) {
      return tickets(tx).findOne({ _id: id, orgId });
    },
    async insert(tx, doc) {
      await tickets(tx).insert(doc);
    },
    async update(tx, id, change, options = {}) {
      await tickets(tx).update({ _id: id }, { set: change, ...(options.releaseAssignee ? { unset: ['assignee'] } : {}) });
    },
    async page(filter, query) {
      const where = filterOf(filter);
      const [total, items] = await Promise.all([
        tickets().count(where),
        tickets().find(where, { sort: sortOf(query), skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      ]);
      return { items, total };
    },
    ofOrganization(orgId, officeId) {
      return tickets().find({ orgId, ...(officeId === undefined ? {} : { officeId }) });
    },
    async evidenceOf(id) {
      return (await tickets().findById(id))?.evidence ?? [];
    },
  };
}
