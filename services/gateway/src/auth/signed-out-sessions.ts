/**
 * Sessions that signed out, by the `sid` their access tokens carry. The identity provider says when a session
 * ends (back-channel logout); from then on the gateway refuses that session's access tokens, which would
 * otherwise work until they expire. An entry lives as long as such a token could still be accepted: the
 * longest access token lifetime plus the clock skew the verifier allows, then it expires by itself.
 * Kept in Redis when REDIS_URL is set (every replica refuses the token), in memory otherwise.
 */
import { MAX_CLOCK_SKEW_SECONDS, ServiceUnavailable, Unauthorized, type ExpiringSet, type TokenVerifier } from '@dv/kit';

/** The expiring set's name: its Redis keys are `dv:gateway:signed-out-sessions:<sid>`. */
export const SIGNED_OUT_SESSIONS = 'gateway:signed-out-sessions';

export interface SignedOutSessions {
  /** Records that the session ended. */
  add(sid: string): Promise<void>;
  has(sid: string): Promise<boolean>;
}

export function signedOutSessions(options: { set: ExpiringSet; accessTokenLifetimeSeconds: number }): SignedOutSessions {
  const ttlMs = (options.accessTokenLifetimeSeconds + MAX_CLOCK_SKEW_SECONDS) * 1000;
  // Unreachable storage refuses (503) rather than lets a signed-out session's token through.
  const unavailable = (error: unknown) =>
    Object.assign(new ServiceUnavailable('Signed-out sessions cannot be checked, retry later'), { cause: error });
  return {
    add: (sid) => options.set.add(sid, ttlMs).catch((error: unknown) => Promise.reject(unavailable(error))),
    has: (sid) => options.set.has(sid).catch((error: unknown) => Promise.reject(unavailable(error))),
  };
}

/** The verifier, refusing (401) a valid token whose session signed out. A token without `sid` cannot be told. */
export function refusingSignedOutSessions(verifier: TokenVerifier, sessions: Pick<SignedOutSessions, 'has'>): TokenVerifier {
  return {
    async verify(token) {
      const verified = await verifier.verify(token);
      const sid = verified.claims['sid'];
      if (typeof sid === 'string' && (await sessions.has(sid))) {
        throw new Unauthorized('The session of this access token has ended: sign in again');
      }
      return verified;
    },
  };
}
