/** Who the user is for the routing and menu rules (SPEC section 6), from the session and the current office. */
import { effectiveRoles, isInRegistration, PATHS, rolesOf, type SessionClaims, startPageFor } from '@dv/contracts';
import { type SessionState } from '../auth/session-controller';

export type Access = {
  loggedIn: boolean;
  /** The user's roles in the current office (or everywhere, for roles given as a list), normalized. */
  roles: string[];
  inRegistration: boolean;
  /** The roles that count for access: doregistration only during registration. */
  effectiveRoles: string[];
  officeIds: readonly string[];
  claims: SessionClaims | null;
};

export const SIGNED_OUT: Access = {
  loggedIn: false,
  roles: [],
  inRegistration: false,
  effectiveRoles: [],
  officeIds: [],
  claims: null,
};

export function accessFor(session: SessionState, currentOfficeId: string | null): Access {
  if (session.status !== 'signedIn') return SIGNED_OUT;
  const { claims } = session;
  const roles = rolesOf(claims, currentOfficeId);
  const inRegistration = isInRegistration({
    hasToken: true,
    // Registration is about what the user is anywhere, not in one office.
    roles: rolesOf({ roles: claims.roles }),
    officeId: claims.officeId ?? null,
    allowedOfficeIds: claims.allowedOfficeIds,
  });
  return {
    loggedIn: true,
    roles,
    inRegistration,
    effectiveRoles: effectiveRoles(roles, inRegistration),
    officeIds: claims.allowedOfficeIds,
    claims,
  };
}

/**
 * The page a signed-in user starts on and where a dead end (Unauthorized, a forbidden page after an office switch)
 * sends them: /register-do during registration, else startPageFor (a page the roles of the current office open).
 */
export function startPageOf(access: Access): string {
  return access.inRegistration ? PATHS.registerDo : startPageFor(access.effectiveRoles);
}
