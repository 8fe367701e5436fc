/**
 * Which fields of a user an actor may set (issue 13: an admin granted himself a super administrator's privilege).
 * Pure functions of the actor (a management writer, checked before), the user changed and what the request names.
 *
 * - name: anyone who may change the user, themselves included;
 * - roles: only roles the actor may grant (grantableRoles), never one's own;
 * - allowedOfficeIds, groupIds: they decide which offices a user acts for, so never one's own;
 * - privilege flags (editGlobalCustomization, editGlobalCarriers): only by a role that holds the privilege
 *   (contracts' USER_PRIVILEGE_ROLES: the roles of the page it opens), never one's own;
 * - a user holding a role or a privilege the actor may not grant is not the actor's to change at all (an admin
 *   cannot touch a super administrator, nor promote a user a super administrator gave the carriers privilege).
 *
 * A field named in a PATCH counts as a change even when it repeats the stored value: the answer depends on who
 * asks and what they name, not on the state, and a client sends only what it may change.
 */
import { USER_PRIVILEGE_ROLES, USER_PRIVILEGES, hasAnyRole, type NewUserInput, type UserPatch, type UserPrivilege } from '@dv/contracts';
import { type Actor } from '@dv/kit';
import { allRoles, companyRolesOf, grantableRoles, type UserRoles } from '../access';

/** Fields that decide what a user may do: nobody sets them on themselves. */
const ACCESS_FIELDS = ['roles', 'allowedOfficeIds', 'groupIds', ...USER_PRIVILEGES] as const satisfies readonly (keyof UserPatch)[];

/** The user a change applies to, as stored. */
export interface ChangedUser {
  readonly id: string;
  readonly roles: UserRoles;
  readonly editGlobalCustomization: boolean;
  readonly editGlobalCarriers: boolean;
}

export function mayGrantPrivilege(actor: Actor, privilege: UserPrivilege): boolean {
  return hasAnyRole(companyRolesOf(actor), USER_PRIVILEGE_ROLES[privilege]);
}

function ungrantableRoles(actor: Actor, roles: UserRoles): string[] {
  const grantable = grantableRoles(actor);
  return allRoles(roles).filter((role) => !grantable.includes(role));
}

/** Why the actor may not invite a user with these roles and privileges; null when they may. */
export function newUserRefusal(actor: Actor, input: NewUserInput): string | null {
  const roles = ungrantableRoles(actor, input.roles);
  if (roles.length > 0) return `You may not grant ${roles.join(', ')}`;
  // false is what an invitation without the flag gets anyway: only granting needs the privilege.
  const privileges = USER_PRIVILEGES.filter((privilege) => input[privilege] === true && !mayGrantPrivilege(actor, privilege));
  return privileges.length > 0 ? `You may not grant ${privileges.join(', ')}` : null;
}

/** Why the actor may not apply this patch to the user; null when they may. */
export function userPatchRefusal(actor: Actor, user: ChangedUser, patch: UserPatch): string | null {
  const heldRoles = ungrantableRoles(actor, user.roles);
  const heldPrivileges = USER_PRIVILEGES.filter((privilege) => user[privilege] && !mayGrantPrivilege(actor, privilege));
  const held = [...heldRoles, ...heldPrivileges];
  if (held.length > 0) return `You may not change a user who holds ${held.join(', ')}`;

  const named = ACCESS_FIELDS.filter((field) => patch[field] !== undefined);
  if (user.id === actor.userId && named.length > 0) return `You may not change your own ${named.join(', ')}`;
  if (patch.roles !== undefined) {
    const roles = ungrantableRoles(actor, patch.roles);
    if (roles.length > 0) return `You may not grant ${roles.join(', ')}`;
  }
  const privileges = USER_PRIVILEGES.filter((privilege) => patch[privilege] !== undefined && !mayGrantPrivilege(actor, privilege));
  return privileges.length > 0 ? `You may not change ${privileges.join(', ')}` : null;
}
