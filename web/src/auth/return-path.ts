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

/** /logout with the session-end flag and the way back (SPEC section 4: after expiry, "with sessionEnd and return"). */
export function logoutPath({ sessionEnd = false, returnTo }: { sessionEnd?: boolean; returnTo?: string }): string {
  const query = new URLSearchParams();
  if (sessionEnd) query.set('sessionEnd', 'true');
  const safe = safeReturnPath(returnTo);
  if (safe !== undefined) query.set('return', safe);
  const text = query.toString();
  return text === '' ? PATHS.logout : `${PATHS.logout}?${text}`;
}
