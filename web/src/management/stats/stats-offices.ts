/**
 * Which offices the statistics page offers (SPEC section 2: superadministrator, staffmanager, staff): a super
 * administrator picks every office of the organization or one; an office user picks among their offices where
 * they hold a role of the page (a staff manager of several offices), the current office first chosen.
 */
import { hasAnyRole, isCompanyAuthorized, rolesOf, STATS_ROLES, type SessionClaims } from '@dv/contracts';

export type OfficeOption = { readonly value: string; readonly label: string };

export type StatsOffices =
  | { readonly kind: 'organization'; readonly options: readonly OfficeOption[] }
  | { readonly kind: 'offices'; readonly options: readonly OfficeOption[]; readonly fallback: string | undefined };

export function statsOffices(input: {
  readonly claims: SessionClaims | null;
  /** The roles of the current office (or the listed roles). */
  readonly roles: readonly string[];
  readonly currentOfficeId: string | null;
  /** The offices the user reads (a company user: every office of the organization). */
  readonly offices: readonly { readonly id: string; readonly name?: string | undefined }[];
}): StatsOffices {
  const nameOf = (id: string) => input.offices.find((office) => office.id === id)?.name ?? id;
  if (isCompanyAuthorized(input.roles)) {
    return { kind: 'organization', options: input.offices.map((office) => ({ value: office.id, label: office.name ?? office.id })) };
  }
  const claims = input.claims;
  const mine = (claims?.allowedOfficeIds ?? []).filter((id) => claims !== null && hasAnyRole(rolesOf(claims, id), STATS_ROLES));
  const fallback = input.currentOfficeId !== null && mine.includes(input.currentOfficeId) ? input.currentOfficeId : mine[0];
  return { kind: 'offices', options: mine.map((id) => ({ value: id, label: nameOf(id) })), fallback };
}
