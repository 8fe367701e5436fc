/**
 * Logout tokens of OpenID Connect Back-Channel Logout 1.0: the identity provider posts one to the relying party
 * when a session ends, so the party can stop honouring that session's access tokens before they expire. Checked
 * as the specification's section 2.6 says: signature with the issuer's keys, issuer, audience (our client id),
 * `iat`, the back-channel logout event, no `nonce` (so an ID token cannot pass for one), and here a `sid`, which
 * our client registration requires.
 */
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { Invalid, ServiceUnavailable } from '../errors';
import { ALLOWED_ALGORITHMS, keyGetter, KeysUnavailable, MAX_CLOCK_SKEW_SECONDS, type KeySource } from './token-verifier';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** The media type logout tokens carry in `typ`; older providers send `JWT` or nothing. */
export const LOGOUT_TOKEN_TYPE = 'logout+jwt';
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([LOGOUT_TOKEN_TYPE, 'application/logout+jwt', 'jwt']);

const LogoutTokenClaims = z.looseObject({
  sid: z.string().min(1).max(255),
  sub: z.string().min(1).optional(),
  jti: z.string().min(1),
  iat: z.number(),
  events: z
    .record(z.string(), z.unknown())
    .refine((events) => Object.hasOwn(events, BACKCHANNEL_LOGOUT_EVENT), 'not a back-channel logout event'),
  nonce: z.undefined({ error: 'a logout token carries no nonce' }).optional(),
});

export interface VerifiedLogout {
  /** The session that ended. */
  readonly sid: string;
  readonly sub?: string;
}

export interface LogoutTokenVerifier {
  /** Resolves with the session of a valid logout token; throws Invalid (400) otherwise. */
  verify(token: string): Promise<VerifiedLogout>;
}

export interface LogoutTokenVerifierOptions {
  readonly issuer: string;
  /** Our client id at the issuer: the logout token's audience. */
  readonly clientId: string;
  readonly keys: KeySource;
  readonly clockToleranceSeconds?: number;
}

export function createLogoutTokenVerifier(options: LogoutTokenVerifierOptions): LogoutTokenVerifier {
  const getKey = keyGetter(options.keys);
  return {
    async verify(token) {
      let verified;
      try {
        verified = await jwtVerify(token, getKey, {
          algorithms: [...ALLOWED_ALGORITHMS],
          issuer: options.issuer,
          audience: options.clientId,
          clockTolerance: options.clockToleranceSeconds ?? MAX_CLOCK_SKEW_SECONDS,
          requiredClaims: ['iat', 'jti'],
        });
      } catch (error) {
        if (error instanceof KeysUnavailable) throw new ServiceUnavailable('Signing keys are unavailable, retry later');
        throw Object.assign(new Invalid('Invalid logout token'), { cause: error });
      }
      const { typ } = verified.protectedHeader;
      if (typ !== undefined && !ACCEPTED_TYPES.has(typ.toLowerCase())) throw new Invalid('Invalid logout token');
      const claims = LogoutTokenClaims.safeParse(verified.payload);
      if (!claims.success) throw Object.assign(new Invalid('Invalid logout token'), { cause: claims.error });
      return { sid: claims.data.sid, ...(claims.data.sub === undefined ? {} : { sub: claims.data.sub }) };
    },
  };
}
