/**
 * Which rooms a socket joins and which rooms an event goes to. Pure functions, so the rules are tested directly.
 *
 * - `user:<userId>`: the user's own sockets (every tab).
 * - `office:<officeId>`: every office the user may act for: the token's allowedOfficeIds, and the offices its
 *   roles are keyed by.
 * - `org:<orgId>`: company users only (a company role in a role list, as the kit decides `companyUser`); they may
 *   act for every office of their organization, so they get every office's events of it. Office users never join.
 *
 * An event goes to its office's room, its organization's company room, and its user's room when it names one.
 */
import { COMPANY_ROLES, type AudienceFields, type Role } from '@dv/contracts';
import { knownRolesOf, type AccessTokenClaims } from '@dv/kit';

export const userRoom = (userId: string): string => `user:${userId}`;
export const officeRoom = (officeId: string): string => `office:${officeId}`;
export const organizationRoom = (orgId: string): string => `org:${orgId}`;

export function isCompanyUser(claims: Pick<AccessTokenClaims, 'roles'>): boolean {
  return Array.isArray(claims.roles) && knownRolesOf(claims.roles).some((role) => (COMPANY_ROLES as readonly Role[]).includes(role));
}

/** The offices the token lets the user act for by name (company users may act for more; see the org room). */
export function officesOf(claims: Pick<AccessTokenClaims, 'roles' | 'allowedOfficeIds'>): string[] {
  const keyed = Array.isArray(claims.roles) ? [] : Object.keys(claims.roles);
  return [...new Set([...claims.allowedOfficeIds, ...keyed])].filter((id) => id !== '');
}

export function roomsForClaims(claims: Pick<AccessTokenClaims, 'sub' | 'org' | 'roles' | 'allowedOfficeIds'>): string[] {
  return [
    userRoom(claims.sub),
    ...officesOf(claims).map(officeRoom),
    ...(isCompanyUser(claims) ? [organizationRoom(claims.org)] : []),
  ];
}

export function roomsForAudience(audience: AudienceFields): string[] {
  return [
    ...(audience.officeId ? [officeRoom(audience.officeId)] : []),
    organizationRoom(audience.orgId),
    ...(audience.userId ? [userRoom(audience.userId)] : []),
  ];
}
