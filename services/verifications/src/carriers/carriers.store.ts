/**
 * The carrier catalogue's collection: one document per payer, its id the payer id in upper case (payer ids compare
 * without case, and the id keeps two carriers from sharing one). The only place that names the collection.
 */
import {
  CARRIER_CATALOGUE_MAX,
  type CarrierAddress,
  type CarrierListQuery,
  type CarrierSortField,
  type PayerKey,
} from '@dv/contracts';
import { type BaseDocument, type Filter, type Store, type Transaction } from '@dv/kit';

export const CARRIERS_COLLECTION = 'carriers';

export interface CarrierDocument extends BaseDocument {
  /** The payer id, upper case. */
  readonly _id: string;
  readonly payerId: string;
  readonly name: string;
  /** The name in lower case: the list sorts by it, so case does not split the alphabet. */
  readonly nameKey: string;
  readonly payerKey: PayerKey;
  readonly address: CarrierAddress | null;
  readonly phone: string | null;
  readonly portalUrl: string | null;
  readonly eligibility270: boolean;
  readonly portalId: string | null;
  readonly invertsCoinsurance: boolean;
  readonly active: boolean;
  readonly createdAt: string;
  /** Who created it; null for the seed of the first start. */
  readonly createdBy: string | null;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  /** updatedAt, else createdAt: what 'last changed' sorts by. */
  readonly changedAt: string;
}

/** The fields a change may set. */
export type CarrierChange = Partial<Omit<CarrierDocument, '_id' | 'payerId' | 'createdAt' | 'createdBy'>>;

/** The store, or a transaction's handle. */
export type CarrierDb = Pick<Store, 'collection'> | Pick<Transaction, 'collection'>;

export function carrierIdOf(payerId: string): string {
  return payerId.trim().toUpperCase();
}

export async function ensureCarrierIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(CARRIERS_COLLECTION, { fields: ['nameKey'] });
  await store.ensureIndex(CARRIERS_COLLECTION, { fields: ['active', 'nameKey'] });
}

const SORT_FIELDS: Readonly<Record<CarrierSortField, string>> = {
  name: 'nameKey',
  payerId: '_id',
  payerKey: 'payerKey',
  updatedAt: 'changedAt',
};

function listFilter(query: Pick<CarrierListQuery, 'status' | 'search'>): Filter {
  const parts: Filter[] = [];
  if (query.status !== 'all') parts.push({ active: query.status === 'active' });
  const text = query.search?.trim() ?? '';
  if (text !== '') {
    const contains = { $contains: { text, caseInsensitive: true } };
    parts.push({ $or: [{ name: contains }, { payerId: contains }] });
  }
  if (parts.length === 0) return {};
  return parts.length === 1 ? (parts[0] as Filter) : { $and: parts };
}

export function carrierStore(db: CarrierDb) {
  const carriers = () => db.collection<CarrierDocument>(CARRIERS_COLLECTION);
  return {
    findById: (payerId: string) => carriers().findById(carrierIdOf(payerId)),
    /** The whole catalogue (it is held to CARRIER_CATALOGUE_MAX), by name. */
    all: () => carriers().find({}, { sort: { nameKey: 1, _id: 1 }, limit: CARRIER_CATALOGUE_MAX }),
    count: () => carriers().count(),
    insert: (doc: CarrierDocument) => carriers().insert(doc),
    update: (payerId: string, set: CarrierChange) => carriers().update({ _id: carrierIdOf(payerId) }, { set }),

    async page(query: CarrierListQuery): Promise<{ items: CarrierDocument[]; total: number }> {
      const filter = listFilter(query);
      const direction: 1 | -1 = query.order === 'asc' ? 1 : -1;
      const sortField = SORT_FIELDS[query.sort];
      // Ties (a payer key, a change time) in payer id order, so a page never repeats or skips one.
      const sort: Record<string, 1 | -1> = sortField === '_id' ? { _id: direction } : { [sortField]: direction, _id: 1 };
      const [items, total] = await Promise.all([
        carriers().find(filter, { sort, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
        carriers().count(filter),
      ]);
      return { items, total };
    },
  };
}

export type CarrierStore = ReturnType<typeof carrierStore>;
