/** Role rules of SPEC section 6. Role names are compared lower case with spaces removed. */
import { type Role } from '../enums';
import { type SessionRoles } from '../entities/session';
import { type OfficeSettings } from '../entities/office';

/** Company side: they may fulfil any form and see Management. */
export const COMPANY_ROLES = ['agent', 'admin', 'superadministrator', 'goduser'] as const satisfies readonly Role[];
/** Dental-office staff. */
export const DENTAL_OFFICE_ROLES = ['staff', 'staffmanager'] as const satisfies readonly Role[];
/** Every role of an office-side user who belongs to an office or group (not company, not registration). */
export const OFFICE_ROLES = ['staffmanager', 'staff', 'groupmanager', 'groupmember'] as const satisfies readonly Role[];
/** Managers of an office or group: form customization and office settings. */
export const MANAGER_ROLES = ['staffmanager', 'groupmanager'] as const satisfies readonly Role[];
/** Company administrators: they change what the company manages (offices, groups, users, the portal catalogue). */
export const COMPANY_ADMIN_ROLES = ['admin', 'superadministrator'] as const satisfies readonly Role[];
export const REGISTRATION_ROLE = 'doregistration' satisfies Role;

/** 'Staff Manager' -> 'staffmanager'. */
export function normalizeRole(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/** Normalized, without duplicates. */
export function normalizeRoles(names: readonly string[]): string[] {
  return [...new Set(names.map(normalizeRole))];
}

/**
 * The user's roles, normalized. A list applies everywhere. Roles keyed by office id give the roles of the
 * office asked for (`officeId`, else the session's own `officeId`); with no office at all, the union of every
 * office's roles (what the user is anywhere: used to tell office users from registering ones, never to
 * authorize an office-scoped action).
 */
export function rolesOf(
  claims: { roles?: SessionRoles | null; officeId?: string | null },
  officeId?: string | null,
): string[] {
  const roles = claims.roles;
  if (!roles) return [];
  if (Array.isArray(roles)) return normalizeRoles(roles);
  const office = officeId ?? claims.officeId;
  if (office) return normalizeRoles(roles[office] ?? []);
  return normalizeRoles(Object.values(roles).flat());
}

/** True when any of the user's roles (any spelling) is one of `allowed`. */
export function hasAnyRole(roles: readonly string[], allowed: readonly string[]): boolean {
  const wanted = new Set(allowed.map(normalizeRole));
  return roles.some((role) => wanted.has(normalizeRole(role)));
}

export function isCompanyAuthorized(roles: readonly string[]): boolean {
  return hasAnyRole(roles, COMPANY_ROLES);
}

export function isDentalOfficeAuthorized(roles: readonly string[]): boolean {
  return hasAnyRole(roles, DENTAL_OFFICE_ROLES);
}

export function isAuthorized(roles: readonly string[]): boolean {
  return isCompanyAuthorized(roles) || isDentalOfficeAuthorized(roles);
}

export type RegistrationProbe = {
  hasToken: boolean;
  roles: readonly string[];
  /** The session's office, if any. */
  officeId?: string | null;
  allowedOfficeIds?: readonly string[];
};

/**
 * A dental-office user in registration: signed in, not office staff (staff, staffmanager), no office (neither a
 * current office nor any allowed one) and not company authorized.
 */
export function isInRegistration({ hasToken, roles, officeId, allowedOfficeIds = [] }: RegistrationProbe): boolean {
  const hasOffice = Boolean(officeId) || allowedOfficeIds.length > 0;
  return hasToken && !isDentalOfficeAuthorized(roles) && !hasOffice && !isCompanyAuthorized(roles);
}

/**
 * The roles that count for access. doregistration applies only while the user is in registration; a user in
 * registration acts as doregistration even when the token does not name it.
 */
export function effectiveRoles(roles: readonly string[], inRegistration: boolean): string[] {
  const normalized = normalizeRoles(roles).filter((role) => role !== REGISTRATION_ROLE);
  return inRegistration ? [...normalized, REGISTRATION_ROLE] : normalized;
}

/** Company users always fulfil forms; anyone else only when the office allows it. */
export function canFulfillForm(
  roles: readonly string[],
  office?: Pick<OfficeSettings, 'ableToFullfillForm'> | null,
): boolean {
  return isCompanyAuthorized(roles) || office?.ableToFullfillForm === true;
}
