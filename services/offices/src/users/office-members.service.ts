/**
 * An office's users and their roles there (/management/do-management): who may act for the office
 * (allowedOfficeIds) and with which roles. Adding a user gives them the office; changing roles here leaves their
 * other offices' roles as they were (roles given as one list become roles keyed by office when they would differ);
 * removing takes the office away. Company users act for every office and are never members of one.
 *
 * The rules of user changes apply as on the users page (user-change-rules.ts: nobody changes their own access, an
 * admin not a user holding what only a super administrator grants), and so does the freemium limit.
 */
import {
  COMPANY_ROLES,
  REGISTRATION_ROLE,
  type ManagementListQuery,
  type OfficeMember,
  type OfficeMemberInput,
  type Page,
  type Role,
} from '@dv/contracts';
import { Conflict, DuplicateKey, Forbidden, NotFound, invalidField, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { assertCanReadManagement, assertCanWriteManagement, isRoleList, type UserRoles } from '../access';
import { recordEvent } from '../events';
import { OFFICE_NOT_FOUND } from '../offices/offices.service';
import { isActiveOffice, officeRecords } from '../offices/offices.store';
import { listPage } from '../paging';
import { assertFreemiumRoom } from './freemium-limit';
import { userPatchRefusal } from './user-change-rules';
import { copyRoles, pruneKeyedRoles, toManagedUser, USER_NOT_FOUND } from './users.service';
import { isActiveUser, userRecords, type UserDocument } from './users.store';

export const NOT_A_MEMBER = 'The user is not a user of this office';
export const OFFICE_DEACTIVATED = 'The office is deactivated: reactivate it before adding users';
const COMPANY_USER = 'Company users act for every office of the organization: change their roles on the users page';

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
};

const ORGANIZATION_WIDE: readonly Role[] = [...COMPANY_ROLES, REGISTRATION_ROLE];

/** The roles a user holds at one office. */
export function rolesAt(roles: UserRoles, officeId: string): Role[] {
  return [...(isRoleList(roles) ? roles : (roles[officeId] ?? []))];
}

/**
 * The user's roles once they hold `granted` at `officeId`. Roles given as one list stay a list when the office is
 * their only one; otherwise each other office keeps the list's office roles, keyed by office.
 */
export function rolesWith(roles: UserRoles, allowedOfficeIds: readonly string[], officeId: string, granted: readonly Role[]): UserRoles {
  if (!isRoleList(roles)) return { ...roles, [officeId]: [...granted] };
  const others = allowedOfficeIds.filter((id) => id !== officeId);
  if (others.length === 0) return [...granted];
  const kept = roles.filter((role) => !ORGANIZATION_WIDE.includes(role));
  return { ...Object.fromEntries(others.map((id) => [id, [...kept]])), [officeId]: [...granted] };
}

function toMember(user: UserDocument, officeId: string): OfficeMember {
  return {
    userId: user._id,
    name: user.name,
    email: user.email,
    active: isActiveUser(user),
    roles: rolesAt(user.roles, officeId),
    otherOfficeIds: user.allowedOfficeIds.filter((id) => id !== officeId),
  };
}

function isCompanyUser(user: UserDocument): boolean {
  return isRoleList(user.roles) && user.roles.some((role) => (COMPANY_ROLES as readonly Role[]).includes(role));
}

export function officeMemberService({ store, outbox, now = () => new Date() }: Deps) {
  async function officeOf(db: Pick<Transaction, 'collection'>, actor: Actor, officeId: string) {
    const office = await officeRecords(db).findInOrg(officeId, actor.orgId);
    if (!office) throw new NotFound(OFFICE_NOT_FOUND);
    return office;
  }

  /** Writes the user's new access and records user.updated, after the rules of user changes. */
  async function changeAccess(tx: Transaction, actor: Actor, user: UserDocument, roles: UserRoles, allowedOfficeIds: string[]) {
    const refusal = userPatchRefusal(actor, { ...user, id: user._id }, { roles: copyRoles(roles), allowedOfficeIds });
    if (refusal !== null) throw new Forbidden(refusal);
    const officeId = user.officeId !== null && allowedOfficeIds.includes(user.officeId) ? user.officeId : (allowedOfficeIds[0] ?? null);
    const updated = await userRecords(tx).update(user._id, actor.orgId, { roles, allowedOfficeIds, officeId }, now().toISOString());
    if (!updated) throw new NotFound(USER_NOT_FOUND);
    await recordEvent(outbox, tx, 'user.updated', updated._id, toManagedUser(updated));
    return updated;
  }

  async function writing<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await store.transaction(work);
    } catch (error) {
      if (error instanceof DuplicateKey) throw new Conflict('The user changed meanwhile: try again');
      throw error;
    }
  }

  return {
    async list(actor: Actor, officeId: string, query: ManagementListQuery): Promise<Page<OfficeMember>> {
      assertCanReadManagement(actor);
      await officeOf(store, actor, officeId);
      // An organization's users number in the hundreds (paging.ts): the members are picked out here.
      const members = (await userRecords(store).listInOrg(actor.orgId)).filter((user) => user.allowedOfficeIds.includes(officeId));
      return listPage(
        {
          count: () => Promise.resolve(members.length),
          fetch: ({ skip, limit }) => Promise.resolve(members.slice(skip, skip + limit)),
          all: () => Promise.resolve(members),
          matches: (user, needle) => user.nameKey.includes(needle) || user.emailKey.includes(needle),
        },
        query,
        (docs) => docs.map((user) => toMember(user, officeId)),
      );
    },

    /** Gives the user the office with these roles, or changes their roles there. */
    async put(actor: Actor, officeId: string, userId: string, input: OfficeMemberInput): Promise<OfficeMember> {
      assertCanWriteManagement(actor);
      return writing(async (tx) => {
        const office = await officeOf(tx, actor, officeId);
        const user = await userRecords(tx).findInOrg(userId, actor.orgId);
        if (!user) throw new NotFound(USER_NOT_FOUND);
        if (isCompanyUser(user)) throw invalidField('userId', COMPANY_USER, 'params');
        const joining = !user.allowedOfficeIds.includes(officeId);
        if (joining && !isActiveOffice(office)) throw new Conflict(OFFICE_DEACTIVATED);
        const allowedOfficeIds = joining ? [...user.allowedOfficeIds, officeId] : [...user.allowedOfficeIds];
        if (joining && isActiveUser(user)) await assertFreemiumRoom(tx, actor.orgId, [officeId], userId);
        const roles = rolesWith(user.roles, user.allowedOfficeIds, officeId, input.roles);
        return toMember(await changeAccess(tx, actor, user, roles, allowedOfficeIds), officeId);
      });
    },

    /** Takes the office away from the user (their other offices and roles stay). */
    async remove(actor: Actor, officeId: string, userId: string): Promise<void> {
      assertCanWriteManagement(actor);
      await writing(async (tx) => {
        await officeOf(tx, actor, officeId);
        const user = await userRecords(tx).findInOrg(userId, actor.orgId);
        if (!user) throw new NotFound(USER_NOT_FOUND);
        if (!user.allowedOfficeIds.includes(officeId)) throw new NotFound(NOT_A_MEMBER);
        const allowedOfficeIds = user.allowedOfficeIds.filter((id) => id !== officeId);
        await changeAccess(tx, actor, user, pruneKeyedRoles(user.roles, allowedOfficeIds), allowedOfficeIds);
      });
    },
  };
}

export type OfficeMemberService = ReturnType<typeof officeMemberService>;
