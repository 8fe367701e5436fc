/**
 * What the development identity provider asks about the accounts this service keeps (DEV_IDP_ACCOUNTS only): a
 * sign-in with the password made at invitation, and an account by id when a token is issued or renewed. A
 * deactivated user is refused both: they cannot sign in again, and their refresh token stops working. The claims
 * are the provider's session claims' sources: the user's memberships without deactivated offices, and the session
 * office's payment type, plan type and schedule integration.
 */
import { type DevAccount, type DevAccountLookup, type DevAccountOffice } from '@dv/contracts';
import { type Store, type Transaction } from '@dv/kit';
import { isRoleList } from '../access';
import { isActiveOffice, officeRecords, type OfficeDocument } from '../offices/offices.store';
import { devPasswordMatches } from './dev-password';
import { copyRoles, pruneKeyedRoles } from './users.service';
import { emailKey, isActiveUser, userRecords, type UserDocument } from './users.store';

function accountOffice(doc: OfficeDocument): DevAccountOffice {
  const subdomain = doc.integration?.subdomain ?? null;
  return {
    id: doc._id,
    orgId: doc.orgId,
    groupId: doc.groupId,
    name: doc.name,
    paymentType: doc.settings.paymentType,
    planType: doc.planType,
    integration: subdomain === null ? null : { subdomain },
  };
}

/** The user's claims as the provider issues them, over the offices that are still active. */
export async function devAccountOf(db: Pick<Transaction, 'collection'>, user: UserDocument): Promise<DevAccount> {
  const offices = (await officeRecords(db).findManyInOrg(user.orgId, user.allowedOfficeIds)).filter(isActiveOffice);
  const allowedOfficeIds = user.allowedOfficeIds.filter((id) => offices.some((office) => office._id === id));
  const officeId = user.officeId !== null && allowedOfficeIds.includes(user.officeId) ? user.officeId : (allowedOfficeIds[0] ?? null);
  const office = offices.find((candidate) => candidate._id === officeId);
  const roles = isRoleList(user.roles) ? user.roles : pruneKeyedRoles(user.roles, allowedOfficeIds);
  return {
    user: {
      id: user._id,
      email: user.email,
      name: user.name,
      orgId: user.orgId,
      roles: copyRoles(roles),
      allowedOfficeIds,
      officeId,
      groupIds: [...user.groupIds],
      editGlobalCustomization: user.editGlobalCustomization,
      editGlobalCarriers: user.editGlobalCarriers,
      appMetadata: { ...user.appMetadata },
    },
    office: office === undefined ? null : accountOffice(office),
  };
}

export function devAccountService({ store }: { store: Pick<Store, 'collection'> }) {
  const users = userRecords(store);
  return {
    /** The account whose e-mail and development password match, if active; null otherwise (nothing told apart). */
    async signIn(email: string, password: string): Promise<DevAccount | null> {
      const user = await users.findByEmailKey(emailKey(email));
      const matches = await devPasswordMatches(user?.devPassword, password);
      if (!matches || !user || !isActiveUser(user)) return null;
      return devAccountOf(store, user);
    },

    /** The account by id (the token's subject); null when there is no such user. */
    async lookup(id: string): Promise<DevAccountLookup | null> {
      const user = await users.findById(id);
      if (!user) return null;
      if (!isActiveUser(user)) return { status: 'deactivated' };
      return { status: 'active', account: await devAccountOf(store, user) };
    },
  };
}

export type DevAccountService = ReturnType<typeof devAccountService>;
