/**
 * What the SPA does when an authenticated call is refused (SPEC section 8):
 *
 * - 401, and the 404 whose body says 'Dental Office not found': the toast 'Unauthorized - on endpoint ({path})';
 *   closing it leads to /logout.
 * - 403: a redirect without a toast.
 * - Where to: dental-office staff (staff, staff managers) with offices keep their way back (a return path; the
 *   current office stays stored for the next sign-in); users without offices lose it.
 * - On /verification pages (public for authentication failures, SPEC section 2) nobody is sent to the sign-in:
 *   a 403 goes to the default page, and closing the 401 toast goes through /logout?toDefault=true, which signs
 *   out in this browser and lands on the default page without the provider's round trip.
 */
import {
  DEFAULT_PUBLIC_ROUTE,
  MESSAGES,
  PATHS,
  isDentalOfficeAuthorized,
  isPublicForAuthFailure,
} from '@dv/contracts';
import { logoutPath, withReturn } from '../auth/return-path';

export type AuthFailureProbe = {
  status: number;
  body: unknown;
  /** The API path that answered. */
  endpoint: string;
  /** The browser path (and query) the user is on. */
  currentPath: string;
  roles: readonly string[];
  officeIds: readonly string[];
};

export type AuthFailureReaction =
  | { kind: 'toastThenNavigate'; toast: string; to: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'none' };

/** The gateway's answer when the Connected-Dental-Office header names an office that does not exist. */
export function isOfficeNotFound(status: number, body: unknown): boolean {
  if (status !== 404 || typeof body !== 'object' || body === null) return false;
  const { error, message, statusCode } = body as Record<string, unknown>;
  return error === MESSAGES.NOT_FOUND_ERROR && message === MESSAGES.DENTAL_OFFICE_NOT_FOUND && statusCode === 404;
}

function keepsWayBack(probe: AuthFailureProbe): boolean {
  return (
    !isPublicForAuthFailure(probe.currentPath) &&
    probe.officeIds.length > 0 &&
    isDentalOfficeAuthorized(probe.roles)
  );
}

export function reactToAuthFailure(probe: AuthFailureProbe): AuthFailureReaction {
  const returnTo = keepsWayBack(probe) ? probe.currentPath : undefined;
  if (probe.status === 401 || isOfficeNotFound(probe.status, probe.body)) {
    const to = isPublicForAuthFailure(probe.currentPath) ? logoutPath({ toDefault: true }) : logoutPath({ returnTo });
    return { kind: 'toastThenNavigate', toast: MESSAGES.UNAUTHORIZED_ON_ENDPOINT(probe.endpoint), to };
  }
  if (probe.status === 403) {
    return { kind: 'navigate', to: returnTo === undefined ? DEFAULT_PUBLIC_ROUTE.path : withReturn(PATHS.login, returnTo) };
  }
  return { kind: 'none' };
}
