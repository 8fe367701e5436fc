/**
 * The plan library: an organization's plans, each stored once per plan hash (plan-hash.ts) and shared by every
 * verification whose plan has that hash, i.e. the patients of one group with the same benefits. The only place
 * that names the collection and builds its queries.
 */
import { type PlanV3 } from '@dv/contracts';
import { type BaseDocument, type Filter, type Store, type Transaction } from '@dv/kit';

export const PLANS_COLLECTION = 'planLibrary';

export interface PlanLibraryDocument extends BaseDocument {
  readonly orgId: string;
  readonly planHash: string;
  readonly carrier: { readonly payerId: string; readonly name: string };
  /** Normalised (plan-hash.ts), null when the plan has none. */
  readonly groupNumber: string | null;
  readonly groupName: string | null;
  readonly employer: string | null;
  /** Lower-case search keys. */
  readonly keys: { readonly carrier: string; readonly groupName: string; readonly employer: string };
  readonly score: number;
  /** The latest verified version of the plan; no patient data (plans.service.ts libraryCopy). */
  readonly plan: PlanV3;
  /** Verifications sharing the plan. */
  readonly verificationIds: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface PlanCriteria {
  readonly orgId: string;
  readonly carrier?: string;
  readonly groupNumber?: string;
  readonly groupName?: string;
  readonly employer?: string;
}

export async function ensurePlanIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'planHash'], unique: true });
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'groupNumber'] });
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'updatedAt'] });
}

export interface PlanLibraryStore {
  findByHash(tx: Transaction, orgId: string, planHash: string): Promise<PlanLibraryDocument | null>;
  findInOrg(orgId: string, id: string, tx?: Transaction): Promise<PlanLibraryDocument | null>;
  insert(tx: Transaction, doc: PlanLibraryDocument): Promise<void>;
  update(tx: Transaction, id: string, change: Partial<Omit<PlanLibraryDocument, '_id' | 'orgId' | 'planHash'>>): Promise<void>;
  /** Matching plans, most recently verified first. Texts match a part; the group number whole. */
  search(criteria: PlanCriteria): Promise<PlanLibraryDocument[]>;
}

export function planLibraryStore(store: Pick<Store, 'collection'>): PlanLibraryStore {
  const plans = (tx?: Transaction) => (tx ?? store).collection<PlanLibraryDocument>(PLANS_COLLECTION);
  return {
    findByHash(tx, orgId, planHash) {
      return plans(tx).findOne({ orgId, planHash });
    },
    findInOrg(orgId, id, tx) {
      return plans(tx).findOne({ _id: id, orgId });
    },
    async insert(tx, doc) {
      await plans(tx).insert(doc);
    },
    async update(tx, id, change) {
      await plans(tx).update({ _id: id }, { set: change });
    },
    async search(criteria) {
      const filter: Filter = {
        orgId: criteria.orgId,
        ...(criteria.groupNumber ? { groupNumber: criteria.groupNumber } : {}),
      };
      const all = await plans().find(filter, { sort: { updatedAt: -1, _id: -1 } });
      // The store port has no text operator; an organization's library is searched here.
      const carrier = criteria.carrier?.toLowerCase();
      const groupName = criteria.groupName?.toLowerCase();
      const employer = criteria.employer?.toLowerCase();
      return all.filter(
        (doc) =>
          (!carrier || doc.carrier.payerId.toLowerCase() === carrier || doc.keys.carrier.includes(carrier)) &&
          (!groupName || doc.keys.groupName.includes(groupName)) &&
          (!employer || doc.keys.employer.includes(employer)),
      );
    },
  };
}
