/**
 * Who may do what in the offices service. Pure functions of the authenticated actor (the kit's `Actor`, built
 * from a verified token); object ownership (same organization) is checked by the services against the store.
 *
 * - Company roles count only when the token gives roles as a list: roles keyed by office never make a company
 *   user (the kit decides `companyUser` the same way).
 * - The role lists are contracts' route table (API_ROUTES), which the gateway applies to the same calls:
 *   management reads: the /management roles (agent, admin, superadministrator; not the goduser, whose only page
 *   is /correction); writes: admin, superadministrator; feature flags: superadministrator only.
 * - Office managers (staffmanager, groupmanager) read their own office and change its schedule integration;
 *   "their own" means an office in allowedOfficeIds where they hold the manager role.
 */
import {
  FEATURE_FLAG_ROLES,
  MANAGEMENT_READ_ROLES,
  MANAGEMENT_WRITE_ROLES,
  MANAGER_ROLES,
  grantableRolesOf,
  hasAnyRole,
  rolesNamedIn,
  rolesOf,
  type Role,
} from '@dv/contracts';
import { Forbidden, type Actor } from '@dv/kit';

export const OFFICE_MANAGER_ROLES: readonly Role[] = MANAGER_ROLES;

/** Settings an office manager may change; the rest (payment, outsourcing, form fulfilment) is the company's. */
export const MANAGER_EDITABLE_SETTINGS = ['scheduleIntegration'] as const;

const NOT_ALLOWED = 'Your role does not allow this';

/** The actor's company roles, else none. A company user's roles are a list, so they apply whatever the office. */
export function companyRolesOf(actor: Actor): readonly Role[] {
  return actor.companyUser ? actor.roles : [];
}

export function canReadManagement(actor: Actor): boolean {
  return hasAnyRole(companyRolesOf(actor), MANAGEMENT_READ_ROLES);
}

export function canWriteManagement(actor: Actor): boolean {
  return hasAnyRole(companyRolesOf(actor), MANAGEMENT_WRITE_ROLES);
}

export function canManageFeatureFlags(actor: Actor): boolean {
  return hasAnyRole(companyRolesOf(actor), FEATURE_FLAG_ROLES);
}

export function assertCanReadManagement(actor: Actor): void {
  if (!canReadManagement(actor)) throw new Forbidden(NOT_ALLOWED);
}

export function assertCanWriteManagement(actor: Actor): void {
  if (!canWriteManagement(actor)) throw new Forbidden(NOT_ALLOWED);
}

export function assertCanManageFeatureFlags(actor: Actor): void {
  if (!canManageFeatureFlags(actor)) throw new Forbidden(NOT_ALLOWED);
}

/** True when the token lets the user act for the office (company users: checked against the store instead). */
export function isAllowedOffice(actor: Actor, officeId: string): boolean {
  return actor.claims.allowedOfficeIds.includes(officeId);
}

/** The user's roles at an office they are allowed for; none at any other office. */
export function rolesAtOffice(actor: Actor, officeId: string): readonly string[] {
  if (!isAllowedOffice(actor, officeId)) return [];
  return rolesOf({ roles: actor.claims.roles }, officeId);
}

export function isManagerOf(actor: Actor, officeId: string): boolean {
  return hasAnyRole(rolesAtOffice(actor, officeId), OFFICE_MANAGER_ROLES);
}

/**
 * How the actor may use one office of their own organization through the management API:
 * 'write' (company admins), 'read' (other company users), 'manager' (office managers of that office), or 'none'.
 */
export type OfficeAccess = 'write' | 'read' | 'manager' | 'none';

export function officeAccess(actor: Actor, officeId: string): OfficeAccess {
  if (canWriteManagement(actor)) return 'write';
  if (canReadManagement(actor)) return 'read';
  if (isManagerOf(actor, officeId)) return 'manager';
  return 'none';
}

/** Whether the actor may see the office at all (it must also be of the actor's organization). */
export function mayActForOffice(actor: Actor, officeId: string): boolean {
  return actor.companyUser || isAllowedOffice(actor, officeId);
}

/** Roles the actor may grant (contracts' user-change rules): a super administrator any; an admin all but two. */
export function grantableRoles(actor: Actor): readonly Role[] {
  return grantableRolesOf(companyRolesOf(actor));
}

/** A user's roles: one list for every office, or keyed by office id. */
export type UserRoles = readonly Role[] | Readonly<Record<string, readonly Role[]>>;

export function isRoleList(roles: UserRoles): roles is readonly Role[] {
  return Array.isArray(roles);
}

/** Every role named in a list or in roles keyed by office. */
export function allRoles(roles: UserRoles): Role[] {
  return rolesNamedIn(roles);
}
