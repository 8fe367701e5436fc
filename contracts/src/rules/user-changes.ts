/**
 * Which fields of a user a company user may set (issue 13: an admin granted himself a super administrator's
 * privilege), as pure functions of who asks (their company roles and id), the user changed and what is named. The
 * offices service enforces them (users/user-change-rules.ts); the management pages use the same to offer only what
 * will be accepted (a refused write answers 403, which the SPA treats as a lost session).
 *
 * - name: anyone who may change the user, themselves included;
 * - roles: only roles the asker may grant, never one's own;
 * - allowedOfficeIds, groupIds, active: they decide what a user may do and whether at all, so never one's own;
 * - privilege flags (editGlobalCustomization, editGlobalCarriers): only by a role that holds the privilege
 *   (USER_PRIVILEGE_ROLES: the roles of the page it opens), never one's own;
 * - a user holding a role or a privilege the asker may not grant is not theirs to change at all.
 * A field named counts as a change even when it repeats the stored value: the answer depends on who asks and what
 * they name, not on the state.
 */
import { ROLES, type Role } from '../enums';
import { USER_PRIVILEGE_ROLES, USER_PRIVILEGES, type UserPrivilege } from './api-routes';
import { hasAnyRole } from './roles';

/** Roles only a super administrator may grant (or change on a user who holds them). */
const SUPERADMIN_GRANTED_ROLES: readonly Role[] = ['superadministrator', 'goduser'];

/** Who asks: their company roles (roles given as a list; none for roles keyed by office) and their user id. */
export type UserChangeAsker = { readonly userId: string; readonly companyRoles: readonly Role[] };

/** A user's roles: one list for every office, or keyed by office id. */
export type UserRoleSet = readonly Role[] | Readonly<Record<string, readonly Role[]>>;

/** The user a change applies to, as stored. */
export type ChangedUserState = {
  readonly id: string;
  readonly roles: UserRoleSet;
  readonly editGlobalCustomization: boolean;
  readonly editGlobalCarriers: boolean;
};

/** What a change names (a patch; an invitation names roles and privileges). */
export type UserChangeFields = {
  readonly name?: unknown;
  readonly roles?: UserRoleSet;
  readonly allowedOfficeIds?: unknown;
  readonly groupIds?: unknown;
  readonly active?: unknown;
  readonly editGlobalCustomization?: boolean;
  readonly editGlobalCarriers?: boolean;
};

/** Fields that decide what a user may do: nobody sets them on themselves. */
export const USER_ACCESS_FIELDS = ['roles', 'allowedOfficeIds', 'groupIds', 'active', ...USER_PRIVILEGES] as const;

/** Roles the asker may grant: a super administrator any; an admin any but superadministrator and goduser. */
export function grantableRolesOf(companyRoles: readonly Role[]): readonly Role[] {
  if (companyRoles.includes('superadministrator')) return ROLES;
  if (companyRoles.includes('admin')) return ROLES.filter((role) => !SUPERADMIN_GRANTED_ROLES.includes(role));
  return [];
}

export function mayGrantPrivilege(companyRoles: readonly Role[], privilege: UserPrivilege): boolean {
  return hasAnyRole(companyRoles, USER_PRIVILEGE_ROLES[privilege]);
}

/** Every role named in a list or in roles keyed by office. */
function isRoleList(roles: UserRoleSet): roles is readonly Role[] {
  return Array.isArray(roles);
}

export function rolesNamedIn(roles: UserRoleSet): Role[] {
  const named: readonly Role[] = isRoleList(roles) ? roles : Object.values(roles).flat();
  return [...new Set(named)];
}

function ungrantable(asker: UserChangeAsker, roles: UserRoleSet): Role[] {
  const grantable = grantableRolesOf(asker.companyRoles);
  return rolesNamedIn(roles).filter((role) => !grantable.includes(role));
}

/** What of the user the asker may not touch at all (roles or privileges beyond theirs); empty when none. */
export function heldBeyondAsker(asker: UserChangeAsker, user: ChangedUserState): string[] {
  const privileges = USER_PRIVILEGES.filter((privilege) => user[privilege] && !mayGrantPrivilege(asker.companyRoles, privilege));
  return [...ungrantable(asker, user.roles), ...privileges];
}

/** Why the asker may not invite a user with these roles and privileges; null when they may. */
export function invitationRefusal(asker: UserChangeAsker, input: UserChangeFields & { readonly roles: UserRoleSet }): string | null {
  const roles = ungrantable(asker, input.roles);
  if (roles.length > 0) return `You may not grant ${roles.join(', ')}`;
  // false is what an invitation without the flag gets anyway: only granting needs the privilege.
  const privileges = USER_PRIVILEGES.filter((privilege) => input[privilege] === true && !mayGrantPrivilege(asker.companyRoles, privilege));
  return privileges.length > 0 ? `You may not grant ${privileges.join(', ')}` : null;
}

/** Why the asker may not apply this change to the user; null when they may. */
export function userChangeRefusal(asker: UserChangeAsker, user: ChangedUserState, change: UserChangeFields): string | null {
  const held = heldBeyondAsker(asker, user);
  if (held.length > 0) return `You may not change a user who holds ${held.join(', ')}`;
  const named = USER_ACCESS_FIELDS.filter((field) => change[field] !== undefined);
  if (user.id === asker.userId && named.length > 0) return `You may not change your own ${named.join(', ')}`;
  if (change.roles !== undefined) {
    const roles = ungrantable(asker, change.roles);
    if (roles.length > 0) return `You may not grant ${roles.join(', ')}`;
  }
  const privileges = USER_PRIVILEGES.filter((privilege) => change[privilege] !== undefined && !mayGrantPrivilege(asker.companyRoles, privilege));
  return privileges.length > 0 ? `You may not change ${privileges.join(', ')}` : null;
}
