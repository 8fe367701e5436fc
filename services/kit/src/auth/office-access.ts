import { COMPANY_ROLES, ID_PATTERN, OFFICE_HEADER as OFFICE_HEADER_NAME, type Role } from '@dv/contracts';
import { Forbidden, Invalid } from '../errors';
import { isRoleList, knownRolesOf, type AccessTokenClaims } from './claims';

/** The header in which the SPA names the dental office a call acts for, as Node presents it (lower case). */
export const OFFICE_HEADER = OFFICE_HEADER_NAME.toLowerCase();

/** Does the office belong to the organization? Answered by whoever owns offices (the offices service). */
export type OfficeBelongsToOrg = (officeId: string, orgId: string) => Promise<boolean>;

/** Who is calling, for which office, with which roles there. */
export interface Actor {
  readonly userId: string;
  readonly email?: string;
  readonly orgId: string;
  /** The office named by the request header, when one was named and allowed. */
  readonly officeId?: string;
  /** Roles that apply to this request: the office's roles when roles are keyed by office. */
  readonly roles: readonly Role[];
  /** True when the user holds a company role (contracts' COMPANY_ROLES: agent, admin, superadministrator, goduser). */
  readonly companyUser: boolean;
  readonly claims: AccessTokenClaims;
}

export interface ResolveActorInput {
  readonly claims: AccessTokenClaims;
  /** Raw header value(s), as Node hands them over. */
  readonly officeHeader: string | readonly string[] | undefined;
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly companyRoles?: readonly Role[];
}

function officeFromHeader(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Invalid(`Send one ${OFFICE_HEADER} header`);
  const officeId = value.trim();
  if (officeId === '') return undefined;
  if (!ID_PATTERN.test(officeId)) throw new Invalid(`The ${OFFICE_HEADER} header is not an office id`);
  return officeId;
}

/**
 * Decides which office a request may act for and which roles apply there.
 * - No office header: list roles apply; office-keyed roles apply to no office, so none.
 * - An office in `allowedOfficeIds`: its roles (list roles, or the roles keyed by that office).
 * - Any other office: only a company user, and only when `officeBelongsToOrg` says the office is in the
 *   user's organization; without that check every other office is refused.
 */
export async function resolveActor(input: ResolveActorInput): Promise<Actor> {
  const { claims } = input;
  const companyRoles: readonly Role[] = input.companyRoles ?? COMPANY_ROLES;
  const listRoles = isRoleList(claims.roles) ? knownRolesOf(claims.roles) : undefined;
  const companyUser = (listRoles ?? []).some((role) => companyRoles.includes(role));
  const base = {
    userId: claims.sub,
    ...(claims.email === undefined ? {} : { email: claims.email }),
    orgId: claims.org,
    companyUser,
    claims,
  };

  const officeId = officeFromHeader(input.officeHeader);
  if (officeId === undefined) return { ...base, roles: listRoles ?? [] };

  if (claims.allowedOfficeIds.includes(officeId)) {
    const roles = listRoles ?? knownRolesOf(isRoleList(claims.roles) ? [] : (claims.roles[officeId] ?? []));
    return { ...base, officeId, roles };
  }
  if (companyUser && input.officeBelongsToOrg && (await input.officeBelongsToOrg(officeId, claims.org))) {
    return { ...base, officeId, roles: listRoles ?? [] };
  }
  throw new Forbidden('You may not act for this office');
}
