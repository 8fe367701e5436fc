/**
 * What the SPA does when an authenticated call is refused (SPEC section 8):
 *
 * - 401, and the 404 whose body says 'Dental Office not found': the toast 'Unauthorized - on endpoint ({path})';
 *   closing it leads to /logout.
 * - 403: a redirect without a toast.
 * - Where to: dental-office staff (staff, staff managers) with offices keep their way back (a return path; the
 *   current office stays stored for the next sign-in). On /verification pages (public for authentication
 *   failures) and for users without offices the way back is dropped: they end at the default page.
 */
import {
  DEFAULT_PUBLIC_ROUTE,
  MESSAGES,
  isDentalOfficeAuthorized,
  isPublicForAuthFailure,
} from '@dv/contracts';

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
  const wayBack = keepsWayBack(probe) ? `?return=${encodeURIComponent(probe.currentPath)}` : '';
  if (probe.status === 401 || isOfficeNotFound(probe.status, probe.body)) {
    return { kind: 'toastThenNavigate', toast: MESSAGES.UNAUTHORIZED_ON_ENDPOINT(probe.endpoint), to: `/logout${wayBack}` };
  }
  if (probe.status === 403) {
    return { kind: 'navigate', to: wayBack === '' ? DEFAULT_PUBLIC_ROUTE.path : `/login${wayBack}` };
  }
  return { kind: 'none' };
}
