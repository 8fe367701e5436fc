/** The groups collection: named sets of offices of one organization (an office belongs to one group at most). */
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

const GROUPS = 'groups';

export interface GroupDocument extends BaseDocument {
  readonly orgId: string;
  readonly name: string;
  /** Lower-case name: unique within the organization, sort and search key. */
  readonly nameKey: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function groupNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export function groupRecords(db: Pick<Transaction, 'collection'>) {
  const groups = db.collection<GroupDocument>(GROUPS);
  return {
    findInOrg: (id: string, orgId: string) => groups.findOne({ _id: id, orgId }),
    findByNameKey: (orgId: string, nameKey: string) => groups.findOne({ orgId, nameKey }),
    findManyInOrg: (orgId: string, ids: readonly string[]) => groups.find({ orgId, _id: { $in: [...ids] } }),
    listInOrg: (orgId: string, page?: { skip: number; limit: number }) =>
      groups.find({ orgId }, { sort: { nameKey: 1, _id: 1 }, ...(page ?? {}) }),
    countInOrg: (orgId: string) => groups.count({ orgId }),
    insert: (doc: GroupDocument) => groups.insert(doc),
    async rename(id: string, orgId: string, name: string, nameKey: string, updatedAt: string): Promise<GroupDocument | null> {
      const matched = await groups.update({ _id: id, orgId }, { set: { name, nameKey, updatedAt } });
      return matched === 0 ? null : groups.findById(id);
    },
    async insertIfMissing(doc: GroupDocument): Promise<boolean> {
      const { _id, ...fields } = doc;
      return (await groups.upsert({ _id }, { setOnInsert: fields })).inserted;
    },
  };
}

export async function ensureGroupIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(GROUPS, { fields: ['orgId', 'nameKey'], unique: true });
}
