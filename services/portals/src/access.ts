/**
 * Who may do what in the portals service: pure functions of the kit's Actor (a verified token, with the office
 * named by the Connected-Dental-Office header already checked by the kit: an allowed office, or for a company
 * user an office of their organization).
 *
 * - Read the catalogue: contracts' PORTAL_USERS, the route table's list (office and company users).
 * - Change the catalogue: company admins (admin, superadministrator).
 * - Credentials act on the office of the header, never another; without the header there is no office to act on.
 *   Read them, retry a login, answer MFA: any portal user of that office.
 *   Add, edit, delete: the roles of the pages that do it (contracts' CREDENTIAL_EDIT_ROLES): the office's
 *   managers (the credentials tab of /dental-office-settings) and the /management roles
 *   (/management/portal-credentials).
 */
import {
  COMPANY_ADMIN_ROLES,
  COMPANY_ROLES,
  CREDENTIAL_EDIT_ROLES,
  CREDENTIAL_USE_ROLES,
  PORTAL_USERS,
  hasAnyRole,
  type Role,
} from '@dv/contracts';
import { Forbidden, Invalid, type Actor } from '@dv/kit';

export const CATALOGUE_READ_ROLES: readonly Role[] = PORTAL_USERS;
export const CATALOGUE_WRITE_ROLES: readonly Role[] = COMPANY_ADMIN_ROLES;

const NOT_ALLOWED = 'Your role does not allow this';
export const OFFICE_REQUIRED = 'Choose a dental office: the Connected-Dental-Office header names none';

/** The office a credential call acts on, and its organization. */
export interface OfficeScope {
  readonly orgId: string;
  readonly officeId: string;
}

/** Company roles count only when they come as a list (the kit decides `companyUser` the same way). */
function companyRolesOf(actor: Actor): readonly Role[] {
  return actor.companyUser ? actor.roles : [];
}

/** Office roles as they apply at the header's office; company roles only from a list (see above). */
function holdsAny(actor: Actor, roles: readonly Role[]): boolean {
  const officeRoles = roles.filter((role) => !(COMPANY_ROLES as readonly Role[]).includes(role));
  const companyRoles = roles.filter((role) => (COMPANY_ROLES as readonly Role[]).includes(role));
  return hasAnyRole(actor.roles, officeRoles) || hasAnyRole(companyRolesOf(actor), companyRoles);
}

export function assertMayReadCatalogue(actor: Actor): void {
  if (!holdsAny(actor, CATALOGUE_READ_ROLES)) throw new Forbidden(NOT_ALLOWED);
}

export function assertMayWriteCatalogue(actor: Actor): void {
  if (!holdsAny(actor, CATALOGUE_WRITE_ROLES)) throw new Forbidden(NOT_ALLOWED);
}

export function officeScope(actor: Actor): OfficeScope {
  if (actor.officeId === undefined) throw new Invalid(OFFICE_REQUIRED);
  return { orgId: actor.orgId, officeId: actor.officeId };
}

export function assertMayUseCredentials(actor: Actor): void {
  if (!holdsAny(actor, CREDENTIAL_USE_ROLES)) throw new Forbidden(NOT_ALLOWED);
}

export function assertMayEditCredentials(actor: Actor): void {
  if (!holdsAny(actor, CREDENTIAL_EDIT_ROLES)) throw new Forbidden(NOT_ALLOWED);
}
