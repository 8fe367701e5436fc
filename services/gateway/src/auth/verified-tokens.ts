/**
 * Access tokens the gateway has verified, kept so that the next call with the same token skips the signature
 * check: an RSA verification is the largest part of what the gateway itself spends on an authenticated call, and
 * a browser sends the same token with every call until it refreshes it. A verified token is a fact about its
 * bytes (same token, same signature, same claims), so the whole token is the key and only a success is kept.
 *
 * How long an entry may answer (the cache's bound, tested in verified-tokens.test.ts):
 * - never past the token's `exp`: from then on the token is verified again, and the verifier refuses it;
 * - at most `maxAgeMs` (default 60 s) after it was verified, so that what the verifier would decide differently
 *   today (its issuer's keys changed) applies within that bound too;
 * - at most `maxEntries` tokens (least recently used go first), so the cache's memory is bounded.
 * What still runs on every call, after this cache: the signed-out sessions check (refusingSignedOutSessions wraps
 * this verifier), the organization and office checks, the role check. A token's office access comes from its own
 * claims, so a revoked office access ends with the token, cached or not.
 */
import type { TokenVerifier, VerifiedToken } from '@dv/kit';
import { LRUCache } from 'lru-cache';

export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000;
export const VERIFIED_TOKEN_MAX_ENTRIES = 10_000;

export interface VerifiedTokenCacheOptions {
  /** Default VERIFIED_TOKEN_MAX_AGE_MS; 0 keeps nothing. */
  readonly maxAgeMs?: number;
  /** Default VERIFIED_TOKEN_MAX_ENTRIES. */
  readonly maxEntries?: number;
  /** The clock (tests); Date.now, since `exp` is a wall-clock time. */
  readonly now?: () => number;
}

interface Kept {
  readonly verified: VerifiedToken;
  /** Epoch ms after which the entry no longer answers. */
  readonly until: number;
}

/** The verifier, answering a token it verified before from memory, within the bounds above. */
export function rememberVerifiedTokens(verifier: TokenVerifier, options: VerifiedTokenCacheOptions = {}): TokenVerifier {
  const maxAgeMs = options.maxAgeMs ?? VERIFIED_TOKEN_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const kept = new LRUCache<string, Kept>({ max: options.maxEntries ?? VERIFIED_TOKEN_MAX_ENTRIES });

  return {
    async verify(token) {
      const entry = kept.get(token);
      const at = now();
      if (entry !== undefined) {
        if (at < entry.until) return entry.verified;
        kept.delete(token);
      }
      const verified = await verifier.verify(token);
      const { exp } = verified.claims;
      const until = Math.min(at + maxAgeMs, typeof exp === 'number' ? exp * 1000 : at);
      if (until > now()) kept.set(token, { verified, until });
      return verified;
    },
  };
}
