/**
 * Which fields of a user an actor may set (issue 13: an admin granted himself a super administrator's privilege):
 * contracts' user-change rules (contracts/src/rules/user-changes.ts, shared with the management pages) applied to
 * the authenticated actor, whose company roles count only when the token gives roles as a list.
 *
 * - name: anyone who may change the user, themselves included;
 * - roles: only roles the actor may grant (grantableRoles), never one's own;
 * - allowedOfficeIds, groupIds: they decide which offices a user acts for, so never one's own;
 * - active (deactivate, reactivate): never one's own (an admin cannot lock the organization out by mistake);
 * - privilege flags (editGlobalCustomization, editGlobalCarriers): only by a role that holds the privilege
 *   (contracts' USER_PRIVILEGE_ROLES: the roles of the page it opens), never one's own;
 * - a user holding a role or a privilege the actor may not grant is not the actor's to change at all (an admin
 *   cannot touch a super administrator, nor promote a user a super administrator gave the carriers privilege).
 */
import { invitationRefusal, userChangeRefusal, type ChangedUserState, type NewUserInput, type UserChangeAsker, type UserPatch } from '@dv/contracts';
import { type Actor } from '@dv/kit';
import { companyRolesOf } from '../access';

/** The user a change applies to, as stored. */
export type ChangedUser = ChangedUserState;

function askerOf(actor: Actor): UserChangeAsker {
  return { userId: actor.userId, companyRoles: companyRolesOf(actor) };
}

/** Why the actor may not invite a user with these roles and privileges; null when they may. */
export function newUserRefusal(actor: Actor, input: NewUserInput): string | null {
  return invitationRefusal(askerOf(actor), input);
}

/** Why the actor may not apply this patch to the user; null when they may. */
export function userPatchRefusal(actor: Actor, user: ChangedUser, patch: UserPatch): string | null {
  return userChangeRefusal(askerOf(actor), user, patch);
}
