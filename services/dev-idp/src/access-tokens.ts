/**
 * Access tokens minted directly, for automated tests (`POST /dev/token`): the same JWT a real sign-in yields
 * (RFC 9068: header typ "at+jwt", RS256 with the provider's published key, same issuer, audience, client and
 * claims), without driving the sign-in page. Only this development provider has it.
 */
import { createPrivateKey, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { type IssuedSessionClaims } from './claims';
import { type PrivateRsaJwk, SIGNING_ALG } from './keys';

export const DEFAULT_TEST_TOKEN_TTL_SECONDS = 3600;
/** Thirty days: long enough for any test, short enough that a leaked token does not live forever. */
export const MAX_TEST_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export const TestTokenRequest = z.strictObject({
  email: z.string().trim().min(1, 'email is required'),
  expiresInSeconds: z
    .number()
    .int('expiresInSeconds must be a whole number of seconds')
    .min(1, 'expiresInSeconds must be at least 1')
    .max(MAX_TEST_TOKEN_TTL_SECONDS, `expiresInSeconds must be at most ${MAX_TEST_TOKEN_TTL_SECONDS}`)
    .optional(),
});
export type TestTokenRequest = z.infer<typeof TestTokenRequest>;

export interface AccessTokenMinterOptions {
  readonly issuer: string;
  readonly audience: string;
  readonly clientId: string;
  readonly scope: string;
  readonly signingKey: PrivateRsaJwk;
}

export interface MintInput {
  readonly subject: string;
  readonly claims: IssuedSessionClaims;
  readonly expiresInSeconds: number;
}

export function createAccessTokenMinter(options: AccessTokenMinterOptions) {
  const key = createPrivateKey({ key: options.signingKey, format: 'jwk' });
  return {
    mint({ subject, claims, expiresInSeconds }: MintInput): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      // Same payload layout as oidc-provider's JWT access tokens: extra claims, then the registered ones.
      return new SignJWT({ ...claims, scope: options.scope, client_id: options.clientId })
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: options.signingKey.kid })
        .setJti(randomBytes(21).toString('base64url'))
        .setSubject(subject)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .sign(key);
    },
  };
}
