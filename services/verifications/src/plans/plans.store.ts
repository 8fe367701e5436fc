/**
 * The plan library: an organization's plans, each stored once per plan hash (plan-hash.ts) and shared by every
 * verification whose plan has that hash, i.e. the patients of one group with the same benefits. The only place
 * that names the collection and builds its queries.
 */
import { type PlanType, type PlanV3 } from '@dv/contracts';
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
  /** When a verification last shared this plan (its sources answered, or it was submitted); absent in older entries. */
  readonly lastVerifiedAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** When the plan was last confirmed: entries stored before lastVerifiedAt have their last change. */
export const lastVerifiedOf = (doc: Pick<PlanLibraryDocument, 'lastVerifiedAt' | 'updatedAt'>): string => doc.lastVerifiedAt ?? doc.updatedAt;

/** The search box's text: lower-cased, and as a normalised group number (plan-hash.ts). */
export interface PlanText {
  readonly lower: string;
  readonly groupNumber: string | null;
}

export interface PlanCriteria {
  readonly orgId: string;
  readonly text?: PlanText;
  readonly carrier?: string;
  readonly groupNumber?: string;
  readonly groupName?: string;
  readonly employer?: string;
  readonly planType?: PlanType;
}

export async function ensurePlanIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'planHash'], unique: true });
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'groupNumber'] });
  await store.ensureIndex(PLANS_COLLECTION, { fields: ['orgId', 'updatedAt'] });
}

/** The search box matches a part of the payer's name or id, of the group number, the group name or the employer. */
function matchesText(doc: PlanLibraryDocument, text: PlanText): boolean {
  return (
    doc.keys.carrier.includes(text.lower) ||
    doc.carrier.payerId.toLowerCase().includes(text.lower) ||
    (text.groupNumber !== null && doc.groupNumber !== null && doc.groupNumber.includes(text.groupNumber)) ||
    doc.keys.groupName.includes(text.lower) ||
    doc.keys.employer.includes(text.lower)
  );
}

export interface PlanLibraryStore {
  findByHash(tx: Transaction, orgId: string, planHash: string): Promise<PlanLibraryDocument | null>;
  findInOrg(orgId: string, id: string, tx?: Transaction): Promise<PlanLibraryDocument | null>;
  insert(tx: Transaction, doc: PlanLibraryDocument): Promise<void>;
  update(tx: Transaction, id: string, change: Partial<Omit<PlanLibraryDocument, '_id' | 'orgId' | 'planHash'>>): Promise<void>;
  /** Matching plans, most recently verified first. Texts match a part; the group number whole (in `text` a part). */
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
      const all = await plans().find(filter);
      // The store port has no text operator; an organization's library is searched here.
      const carrier = criteria.carrier?.toLowerCase();
      const groupName = criteria.groupName?.toLowerCase();
      const employer = criteria.employer?.toLowerCase();
      return all
        .filter(
          (doc) =>
            (!criteria.text || matchesText(doc, criteria.text)) &&
            (!carrier || doc.carrier.payerId.toLowerCase() === carrier || doc.keys.carrier.includes(carrier)) &&
            (!groupName || doc.keys.groupName.includes(groupName)) &&
            (!employer || doc.keys.employer.includes(employer)) &&
            (!criteria.planType || doc.plan.details.planType.value === criteria.planType),
        )
        .sort((a, b) => lastVerifiedOf(b).localeCompare(lastVerifiedOf(a)) || b._id.localeCompare(a._id));
    },
  };
}
