/** The offices collection: dental offices of an organization, their settings, plan type and group. */
import { type OfficePlanType, type PaymentType, type ScheduleIntegration } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

const OFFICES = 'offices';

/** Settings as stored: every field present, null meaning unset. */
export interface StoredOfficeSettings {
  readonly scheduleIntegration: ScheduleIntegration | null;
  readonly outsource: { readonly outsourceEnabled: boolean } | null;
  readonly paymentType: PaymentType | null;
  readonly ableToFullfillForm: boolean;
}

/** The office's subscription as the billing service last published it (billing.status-changed). */
export interface OfficeBilling {
  readonly valid: boolean;
  /** The subscription's status as Stripe names it (contracts SubscriptionStatus). */
  readonly status: string;
  /** The event's time: an older event than this one changes nothing. */
  readonly updatedAt: string;
}

export interface OfficeDocument extends BaseDocument {
  readonly orgId: string;
  readonly name: string;
  /** Lower-case name: sort and search key. */
  readonly nameKey: string;
  readonly groupId: string | null;
  readonly planType: OfficePlanType;
  readonly integration: { readonly subdomain: string | null } | null;
  readonly settings: StoredOfficeSettings;
  /** Absent until the billing service published the office's subscription. */
  readonly billing?: OfficeBilling;
  /** false once deactivated; absent on offices from before deactivation existed (seeded ones): active. */
  readonly active?: boolean;
  readonly deactivatedAt?: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type OfficeChange = Partial<
  Pick<OfficeDocument, 'name' | 'nameKey' | 'groupId' | 'planType' | 'integration' | 'settings' | 'billing' | 'active' | 'deactivatedAt'>
>;

export function isActiveOffice(doc: Pick<OfficeDocument, 'active'>): boolean {
  return doc.active !== false;
}

export function officeNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export function officeRecords(db: Pick<Transaction, 'collection'>) {
  const offices = db.collection<OfficeDocument>(OFFICES);
  return {
    findById: (id: string) => offices.findById(id),
    /** The office when it belongs to the organization; null otherwise (also when it does not exist). */
    findInOrg: (id: string, orgId: string) => offices.findOne({ _id: id, orgId }),
    findManyInOrg: (orgId: string, ids: readonly string[]) =>
      offices.find({ orgId, _id: { $in: [...ids] } }, { sort: { nameKey: 1 } }),
    listInOrg: (orgId: string, page?: { skip: number; limit: number }) =>
      offices.find({ orgId }, { sort: { nameKey: 1, _id: 1 }, ...(page ?? {}) }),
    countInOrg: (orgId: string) => offices.count({ orgId }),
    listInGroups: (orgId: string, groupIds: readonly string[]) =>
      offices.find({ orgId, groupId: { $in: [...groupIds] } }, { sort: { nameKey: 1 } }),
    insert: (doc: OfficeDocument) => offices.insert(doc),
    async update(id: string, orgId: string, change: OfficeChange, updatedAt: string): Promise<OfficeDocument | null> {
      const matched = await offices.update({ _id: id, orgId }, { set: { ...change, updatedAt } });
      return matched === 0 ? null : offices.findById(id);
    },
    async insertIfMissing(doc: OfficeDocument): Promise<boolean> {
      const { _id, ...fields } = doc;
      return (await offices.upsert({ _id }, { setOnInsert: fields })).inserted;
    },
  };
}

export async function ensureOfficeIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(OFFICES, { fields: ['orgId'] });
  await store.ensureIndex(OFFICES, { fields: ['groupId'] });
}
