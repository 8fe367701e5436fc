/**
 * The verifier of bearer tokens: the kit's, against the identity provider's JWKS. When no JWKS URL is
 * configured it is read from the issuer's OpenID discovery document on first use (and retried while the
 * provider is unreachable), so the service starts even while the provider is still starting.
 */
import { ServiceUnavailable, createTokenVerifier, type KeySource, type TokenVerifier } from '@dv/kit';
import { z } from 'zod';

const DiscoveryDocument = z.object({ issuer: z.string(), jwks_uri: z.url() });

export interface VerificationSettings {
  readonly issuer: string;
  readonly audience: string;
  /** The key set, or where it is; absent: discovered from the issuer. */
  readonly keys?: KeySource;
  readonly fetch?: typeof fetch;
}

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch): Promise<string> {
  const response = await fetchImpl(discoveryUrl(issuer), { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = DiscoveryDocument.parse(await response.json());
  // A discovery document for another issuer must not choose our keys.
  if (document.issuer !== issuer) throw new Error(`discovery names issuer ${document.issuer}, expected ${issuer}`);
  return document.jwks_uri;
}

export function tokenVerifierFor(settings: VerificationSettings): TokenVerifier {
  const { issuer, audience } = settings;
  if (settings.keys) return createTokenVerifier({ issuer, audience, keys: settings.keys });
  const fetchImpl = settings.fetch ?? fetch;
  let pending: Promise<TokenVerifier> | undefined;
  return {
    async verify(token) {
      pending ??= discoverJwksUri(issuer, fetchImpl).then((jwksUri) => createTokenVerifier({ issuer, audience, keys: { jwksUri } }));
      let verifier: TokenVerifier;
      try {
        verifier = await pending;
      } catch (error) {
        pending = undefined;
        throw Object.assign(new ServiceUnavailable('Signing keys are unavailable, retry later'), { cause: error });
      }
      return verifier.verify(token);
    },
  };
}
