/**
 * Users of an organization, their roles and memberships. The token stays the source of truth for a request's
 * identity; these records are what the identity provider's claims are provisioned from and what the
 * management screens edit.
 *
 * Rules beyond the role table (see access.ts):
 * - who may set which field (roles, memberships, privilege flags; nothing of that on oneself): see
 *   user-change-rules.ts;
 * - roles keyed by office name offices of allowedOfficeIds, and company roles are given as a list only;
 * - offices and groups must be of the actor's organization;
 * - a freemium office takes at most MAXIMUM_FREEMIUM_USERS users (freemium-limit.ts);
 * - users are deactivated, never deleted: tickets, bug reports and audit records name them. A deactivated user
 *   cannot sign in nor renew a session (the development provider asks dev-accounts.routes.ts; a production
 *   provider is told through the user.updated event), and frees their place in a freemium office.
 *
 * With the development identity provider (DEV_IDP_ACCOUNTS) an invitation makes a password that is answered
 * once and kept as a hash (dev-password.ts); otherwise the user signs in with the company's identity provider.
 */
import {
  COMPANY_ROLES,
  REGISTRATION_ROLE,
  type InvitedUser,
  type ManagedUser,
  type ManagedUserRoles,
  type ManagementListQuery,
  type NewUserInput,
  type Page,
  type Role,
  type UserPatch,
} from '@dv/contracts';
import { Conflict, DuplicateKey, Forbidden, invalidField, NotFound, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { randomUUID } from 'node:crypto';
import { assertCanReadManagement, assertCanWriteManagement, isRoleList } from '../access';
import { recordEvent } from '../events';
import { groupRecords } from '../groups/groups.store';
import { officeRecords } from '../offices/offices.store';
import { listPage } from '../paging';
import { hashDevPassword, newDevPassword } from './dev-password';
import { assertFreemiumRoom } from './freemium-limit';
import { newUserRefusal, userPatchRefusal } from './user-change-rules';
import { emailKey, isActiveUser, userRecords, type StoredRoles, type UserChange, type UserDocument } from './users.store';

export const USER_NOT_FOUND = 'User not found';

/** Roles that only make sense for the whole organization, never keyed by one office. */
const ORGANIZATION_WIDE_ROLES: readonly Role[] = [...COMPANY_ROLES, REGISTRATION_ROLE];

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
  /** The development identity provider signs invited users in with a password made here (DEV_IDP_ACCOUNTS). */
  devIdpAccounts?: boolean;
};

export function copyRoles(roles: StoredRoles): ManagedUserRoles {
  return isRoleList(roles) ? [...roles] : Object.fromEntries(Object.entries(roles).map(([office, list]) => [office, [...list]]));
}

export function toManagedUser(doc: UserDocument): ManagedUser {
  return {
    id: doc._id,
    email: doc.email,
    name: doc.name,
    orgId: doc.orgId,
    roles: copyRoles(doc.roles),
    allowedOfficeIds: [...doc.allowedOfficeIds],
    groupIds: [...doc.groupIds],
    officeId: doc.officeId,
    editGlobalCustomization: doc.editGlobalCustomization,
    editGlobalCarriers: doc.editGlobalCarriers,
    active: isActiveUser(doc),
  };
}

/** Keyed roles without the offices the user is no longer allowed for. */
export function pruneKeyedRoles(roles: StoredRoles, allowedOfficeIds: readonly string[]): StoredRoles {
  if (isRoleList(roles)) return roles;
  return Object.fromEntries(Object.entries(roles).filter(([office]) => allowedOfficeIds.includes(office)));
}

function assertRolesShape(roles: StoredRoles, allowedOfficeIds: readonly string[]): void {
  if (isRoleList(roles)) return;
  for (const [office, list] of Object.entries(roles)) {
    if (!allowedOfficeIds.includes(office)) throw invalidField(`roles.${office}`, 'Roles may be keyed only by an office of allowedOfficeIds');
    const wide = list.filter((role) => ORGANIZATION_WIDE_ROLES.includes(role));
    if (wide.length > 0) throw invalidField(`roles.${office}`, `${wide.join(', ')} apply to the whole organization: give them as a list`);
  }
}

async function assertMemberships(
  tx: Pick<Transaction, 'collection'>,
  orgId: string,
  memberships: { allowedOfficeIds?: readonly string[]; groupIds?: readonly string[] },
): Promise<void> {
  const officeIds = memberships.allowedOfficeIds ?? [];
  if (officeIds.length > 0) {
    const found = new Set((await officeRecords(tx).findManyInOrg(orgId, officeIds)).map((office) => office._id));
    officeIds.forEach((id, index) => {
      if (!found.has(id)) throw invalidField(`allowedOfficeIds.${index}`, 'No such office in your organization');
    });
  }
  const groupIds = memberships.groupIds ?? [];
  if (groupIds.length > 0) {
    const found = new Set((await groupRecords(tx).findManyInOrg(orgId, groupIds)).map((group) => group._id));
    groupIds.forEach((id, index) => {
      if (!found.has(id)) throw invalidField(`groupIds.${index}`, 'No such group in your organization');
    });
  }
}

function emailTaken(): Conflict {
  return new Conflict('A user with this e-mail already exists', [{ location: 'body', path: 'email', message: 'Already taken' }]);
}

/** The fields an active-flag change sets; nothing when the patch does not name it. */
function activeChange(patch: UserPatch, at: string): UserChange {
  if (patch.active === undefined) return {};
  return { active: patch.active, deactivatedAt: patch.active ? null : at };
}

export function userService({ store, outbox, now = () => new Date(), devIdpAccounts = false }: Deps) {
  const users = userRecords(store);

  async function writing<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (error instanceof DuplicateKey) throw emailTaken();
      throw error;
    }
  }

  return {
    async list(actor: Actor, query: ManagementListQuery): Promise<Page<ManagedUser>> {
      assertCanReadManagement(actor);
      return listPage(
        {
          count: () => users.countInOrg(actor.orgId),
          fetch: (range) => users.listInOrg(actor.orgId, range),
          all: () => users.listInOrg(actor.orgId),
          matches: (doc, needle) => doc.nameKey.includes(needle) || doc.emailKey.includes(needle),
        },
        query,
        (docs) => docs.map(toManagedUser),
      );
    },

    async get(actor: Actor, id: string): Promise<ManagedUser> {
      assertCanReadManagement(actor);
      const doc = await users.findInOrg(id, actor.orgId);
      if (!doc) throw new NotFound(USER_NOT_FOUND);
      return toManagedUser(doc);
    },

    /** Invites a user: the record the identity provider account is provisioned from. */
    async create(actor: Actor, input: NewUserInput): Promise<InvitedUser> {
      assertCanWriteManagement(actor);
      const allowedOfficeIds = [...new Set(input.allowedOfficeIds ?? [])];
      const groupIds = [...new Set(input.groupIds ?? [])];
      const refusal = newUserRefusal(actor, input);
      if (refusal !== null) throw new Forbidden(refusal);
      assertRolesShape(input.roles, allowedOfficeIds);
      const at = now().toISOString();
      // Hashed before the transaction: scrypt takes a while, and the password never reaches the store in clear.
      const password = devIdpAccounts ? newDevPassword() : null;
      const devPassword = password === null ? undefined : await hashDevPassword(password);
      return writing(async (tx) => {
        await assertMemberships(tx, actor.orgId, { allowedOfficeIds, groupIds });
        await assertFreemiumRoom(tx, actor.orgId, allowedOfficeIds);
        const records = userRecords(tx);
        const key = emailKey(input.email);
        if (await records.findByEmailKey(key)) throw emailTaken();
        const doc: UserDocument = {
          _id: `user-${randomUUID()}`,
          email: input.email.trim(),
          emailKey: key,
          name: input.name,
          nameKey: input.name.toLowerCase(),
          orgId: actor.orgId,
          roles: input.roles,
          allowedOfficeIds,
          groupIds,
          officeId: allowedOfficeIds[0] ?? null,
          editGlobalCustomization: input.editGlobalCustomization ?? false,
          editGlobalCarriers: input.editGlobalCarriers ?? false,
          appMetadata: { orgId: actor.orgId, groupIds },
          active: true,
          ...(devPassword === undefined ? {} : { devPassword }),
          createdAt: at,
          updatedAt: at,
        };
        await records.insert(doc);
        const user = toManagedUser(doc);
        await recordEvent(outbox, tx, 'user.created', doc._id, user);
        return {
          ...user,
          signIn: password === null ? { kind: 'identityProvider' as const } : { kind: 'developmentPassword' as const, password },
        };
      });
    },

    async update(actor: Actor, id: string, patch: UserPatch): Promise<ManagedUser> {
      assertCanWriteManagement(actor);
      return writing(async (tx) => {
        const records = userRecords(tx);
        const current = await records.findInOrg(id, actor.orgId);
        if (!current) throw new NotFound(USER_NOT_FOUND);
        const refusal = userPatchRefusal(actor, { ...current, id: current._id }, patch);
        if (refusal !== null) throw new Forbidden(refusal);

        const allowedOfficeIds = patch.allowedOfficeIds === undefined ? current.allowedOfficeIds : [...new Set(patch.allowedOfficeIds)];
        const groupIds = patch.groupIds === undefined ? undefined : [...new Set(patch.groupIds)];
        if (patch.roles !== undefined) assertRolesShape(patch.roles, allowedOfficeIds);
        await assertMemberships(tx, actor.orgId, {
          ...(patch.allowedOfficeIds === undefined ? {} : { allowedOfficeIds }),
          ...(groupIds === undefined ? {} : { groupIds }),
        });
        // A reactivated user takes their places in freemium offices again; otherwise only new offices count.
        const reactivated = patch.active === true && !isActiveUser(current);
        const added = allowedOfficeIds.filter((office) => reactivated || !current.allowedOfficeIds.includes(office));
        await assertFreemiumRoom(tx, actor.orgId, added, id);
        const roles = patch.roles ?? pruneKeyedRoles(current.roles, allowedOfficeIds);
        const officeId =
          current.officeId !== null && allowedOfficeIds.includes(current.officeId) ? current.officeId : (allowedOfficeIds[0] ?? null);
        const change: UserChange = {
          ...(patch.name === undefined ? {} : { name: patch.name, nameKey: patch.name.toLowerCase() }),
          roles,
          allowedOfficeIds,
          officeId,
          // The identity provider copies appMetadata into the token; it carries the groups too.
          ...(groupIds === undefined ? {} : { groupIds, appMetadata: { ...current.appMetadata, groupIds } }),
          ...(patch.editGlobalCustomization === undefined ? {} : { editGlobalCustomization: patch.editGlobalCustomization }),
          ...(patch.editGlobalCarriers === undefined ? {} : { editGlobalCarriers: patch.editGlobalCarriers }),
          ...activeChange(patch, now().toISOString()),
        };
        const updated = await records.update(id, actor.orgId, change, now().toISOString());
        if (!updated) throw new NotFound(USER_NOT_FOUND);
        const user = toManagedUser(updated);
        await recordEvent(outbox, tx, 'user.updated', id, user);
        return user;
      });
    },
  };
}

export type UserService = ReturnType<typeof userService>;
