import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { ServiceUnavailable, Unauthorized } from '../errors';
import { AccessTokenClaims } from './claims';

/** Asymmetric algorithms only: 'none' and HS* (which a public key could be misused to forge) never verify. */
export const ALLOWED_ALGORITHMS = ['RS256', 'ES256'] as const;
export type AllowedAlgorithm = (typeof ALLOWED_ALGORITHMS)[number];

/** RFC 9068 media type of a JWT access token; ID tokens carry 'JWT' (or nothing) and are refused. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export const MAX_CLOCK_SKEW_SECONDS = 60;

export type KeySource =
  { readonly jwksUri: string | URL; readonly timeoutMs?: number } | { readonly jwks: JSONWebKeySet };

export interface TokenVerifierOptions {
  readonly issuer: string;
  readonly audience: string | readonly string[];
  readonly keys: KeySource;
  /** Allowed difference between our clock and the issuer's, at most 60 s (the default). */
  readonly clockToleranceSeconds?: number;
  readonly algorithms?: readonly AllowedAlgorithm[];
}

export interface VerifiedToken {
  readonly claims: AccessTokenClaims;
  readonly header: { readonly alg: string; readonly kid?: string; readonly typ?: string };
}

export interface TokenVerifier {
  /** Resolves with the claims of a valid access token; throws Unauthorized otherwise. */
  verify(token: string): Promise<VerifiedToken>;
}

/** Marks a failure to obtain keys, which is our outage rather than the caller's bad token. */
export class KeysUnavailable extends Error {}

function isKeyLookupRefusal(error: unknown): boolean {
  return error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWKSMultipleMatchingKeys;
}

/** The issuer's keys for jose; a failure to fetch them throws KeysUnavailable (our outage, not a bad token). */
export function keyGetter(source: KeySource): JWTVerifyGetKey {
  if ('jwks' in source) return createLocalJWKSet(source.jwks);
  const url = typeof source.jwksUri === 'string' ? new URL(source.jwksUri) : source.jwksUri;
  const remote = createRemoteJWKSet(url, { timeoutDuration: source.timeoutMs ?? 5_000 });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (isKeyLookupRefusal(error)) throw error;
      throw new KeysUnavailable('JWKS could not be fetched', { cause: error });
    }
  };
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const clockTolerance = options.clockToleranceSeconds ?? MAX_CLOCK_SKEW_SECONDS;
  if (clockTolerance < 0 || clockTolerance > MAX_CLOCK_SKEW_SECONDS) {
    throw new RangeError(`clockToleranceSeconds must be between 0 and ${MAX_CLOCK_SKEW_SECONDS}`);
  }
  const algorithms = [...(options.algorithms ?? ALLOWED_ALGORITHMS)];
  if (algorithms.some((alg) => !(ALLOWED_ALGORITHMS as readonly string[]).includes(alg))) {
    throw new RangeError(`algorithms must be among ${ALLOWED_ALGORITHMS.join(', ')}`);
  }
  const getKey = keyGetter(options.keys);
  const audience = typeof options.audience === 'string' ? options.audience : [...options.audience];

  return {
    async verify(token) {
      let verified;
      try {
        verified = await jwtVerify(token, getKey, {
          algorithms,
          issuer: options.issuer,
          audience,
          clockTolerance,
          typ: ACCESS_TOKEN_TYPE,
          requiredClaims: ['exp', 'sub'],
        });
      } catch (error) {
        if (error instanceof KeysUnavailable) throw new ServiceUnavailable('Signing keys are unavailable, retry later');
        // Which check failed is not the caller's business; the log has it.
        throw Object.assign(new Unauthorized('Invalid access token'), { cause: error });
      }
      const claims = AccessTokenClaims.safeParse(verified.payload);
      if (!claims.success) {
        throw Object.assign(new Unauthorized('Invalid access token'), { cause: claims.error });
      }
      const { alg, kid, typ } = verified.protectedHeader;
      return {
        claims: claims.data,
        header: { alg, ...(kid === undefined ? {} : { kid }), ...(typ === undefined ? {} : { typ }) },
      };
    },
  };
}
