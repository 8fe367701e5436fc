/** Return paths travel in URLs and sign-in state: only paths of this site are followed, never another origin. */
import { PATHS } from '@dv/contracts';

export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined;
  }
  return value;
}

/** '/login' + '/plan?x=1' -> '/login?return=%2Fplan%3Fx%3D1'. */
export function withReturn(path: string, returnTo: string | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe === undefined ? path : `${path}?return=${encodeURIComponent(safe)}`;
}

/** /logout's query: sessionEnd and return (SPEC section 4), and toDefault (see SignOutOptions). */
export const LOGOUT_QUERY = { sessionEnd: 'sessionEnd', returnTo: 'return', toDefault: 'toDefault' } as const;

/** /logout with the session-end flag and the way back (SPEC section 4: after expiry, "with sessionEnd and return"). */
export function logoutPath({
  sessionEnd = false,
  returnTo,
  toDefault = false,
}: {
  sessionEnd?: boolean;
  returnTo?: string;
  /** Sign out in this browser only and land on the default public page. */
  toDefault?: boolean;
}): string {
  const query = new URLSearchParams();
  if (sessionEnd) query.set(LOGOUT_QUERY.sessionEnd, 'true');
  if (toDefault) query.set(LOGOUT_QUERY.toDefault, 'true');
  const safe = safeReturnPath(returnTo);
  if (safe !== undefined) query.set(LOGOUT_QUERY.returnTo, safe);
  const text = query.toString();
  return text === '' ? PATHS.logout : `${PATHS.logout}?${text}`;
}

/** Router state of the default page reached by signing out there (logout-page.tsx): it stays, no sign-in. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

export function isSignedOutState(state: unknown): boolean {
  return (state as { signedOut?: unknown } | null | undefined)?.signedOut === true;
}
