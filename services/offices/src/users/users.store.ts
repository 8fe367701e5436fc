/** The users collection: people of an organization, their roles and office memberships. `_id` is the token's sub. */
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';
import { type UserRoles } from '../access';
import { type StoredDevPassword } from './dev-password';

const USERS = 'users';

export type StoredRoles = UserRoles;

export interface UserDocument extends BaseDocument {
  readonly email: string;
  /** Lower-case e-mail: unique across organizations (one identity, one account). */
  readonly emailKey: string;
  readonly name: string;
  readonly nameKey: string;
  readonly orgId: string;
  readonly roles: StoredRoles;
  readonly allowedOfficeIds: readonly string[];
  readonly groupIds: readonly string[];
  readonly officeId: string | null;
  readonly editGlobalCustomization: boolean;
  readonly editGlobalCarriers: boolean;
  readonly appMetadata: Readonly<Record<string, unknown>>;
  /** false once deactivated; absent on users from before deactivation existed (seeded ones): active. */
  readonly active?: boolean;
  readonly deactivatedAt?: string | null;
  /** Only with the development identity provider: the hash of the password made at invitation. */
  readonly devPassword?: StoredDevPassword;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type UserChange = Partial<
  Pick<
    UserDocument,
    | 'name'
    | 'nameKey'
    | 'roles'
    | 'allowedOfficeIds'
    | 'groupIds'
    | 'officeId'
    | 'editGlobalCustomization'
    | 'editGlobalCarriers'
    | 'appMetadata'
    | 'active'
    | 'deactivatedAt'
  >
>;

export function isActiveUser(doc: Pick<UserDocument, 'active'>): boolean {
  return doc.active !== false;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function userRecords(db: Pick<Transaction, 'collection'>) {
  const users = db.collection<UserDocument>(USERS);
  return {
    findById: (id: string) => users.findById(id),
    findInOrg: (id: string, orgId: string) => users.findOne({ _id: id, orgId }),
    findByEmailKey: (key: string) => users.findOne({ emailKey: key }),
    listInOrg: (orgId: string, page?: { skip: number; limit: number }) =>
      users.find({ orgId }, { sort: { nameKey: 1, _id: 1 }, ...(page ?? {}) }),
    countInOrg: (orgId: string) => users.count({ orgId }),
    insert: (doc: UserDocument) => users.insert(doc),
    async update(id: string, orgId: string, change: UserChange, updatedAt: string): Promise<UserDocument | null> {
      const matched = await users.update({ _id: id, orgId }, { set: { ...change, updatedAt } });
      return matched === 0 ? null : users.findById(id);
    },
    async insertIfMissing(doc: UserDocument): Promise<boolean> {
      const { _id, ...fields } = doc;
      return (await users.upsert({ _id }, { setOnInsert: fields })).inserted;
    },
  };
}

export async function ensureUserIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(USERS, { fields: ['emailKey'], unique: true });
  await store.ensureIndex(USERS, { fields: ['orgId'] });
}
