import { normalizeRoles, ROLES, SessionClaims, type Role, type SessionRoles } from '@dv/contracts';
import { z } from 'zod';

/**
 * The session claims of SPEC section 3 (contracts' `SessionClaims`) as an access token must carry them:
 * a subject and an organization are required here, because nothing can be authorized without them.
 * Registered claims (iss, aud, exp ...) are checked by the verifier and kept as they are.
 */
export const AccessTokenClaims = SessionClaims.extend({
  sub: z.string().min(1),
  /** Organization id. */
  org: z.string().min(1),
});
export type AccessTokenClaims = z.output<typeof AccessTokenClaims>;

const knownRoles: ReadonlySet<string> = new Set(ROLES);

/**
 * Role names as the contracts compare them (lower case, no spaces), keeping only roles the product knows:
 * an unknown role grants nothing.
 */
export function knownRolesOf(names: readonly string[]): Role[] {
  return normalizeRoles(names).filter((role): role is Role => knownRoles.has(role));
}

/** The roles claim is a list that applies everywhere. */
export function isRoleList(roles: SessionRoles): roles is string[] {
  return Array.isArray(roles);
}
