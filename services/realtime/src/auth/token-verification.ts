/**
 * The bearer-token verifier: the kit's, against the identity provider's JWKS. Without a configured JWKS URL the
 * keys are found through the issuer's OpenID discovery document on first use (retried while the provider is
 * unreachable), so the service starts even while the provider is still starting.
 */
import { ServiceUnavailable, createTokenVerifier, type KeySource, type TokenVerifier } from '@dv/kit';
import { z } from 'zod';

const DiscoveryDocument = z.object({ issuer: z.string(), jwks_uri: z.url() });

export function tokenVerifierFor(settings: {
  readonly issuer: string;
  readonly audience: string;
  readonly keys?: KeySource;
  readonly fetch?: typeof fetch;
}): TokenVerifier {
  const { issuer, audience } = settings;
  if (settings.keys) return createTokenVerifier({ issuer, audience, keys: settings.keys });
  const fetchImpl = settings.fetch ?? fetch;
  let pending: Promise<TokenVerifier> | undefined;

  async function discover(): Promise<TokenVerifier> {
    const response = await fetchImpl(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = DiscoveryDocument.parse(await response.json());
    // A discovery document for another issuer must not choose our keys.
    if (document.issuer !== issuer) throw new Error(`discovery names issuer ${document.issuer}, expected ${issuer}`);
    return createTokenVerifier({ issuer, audience, keys: { jwksUri: document.jwks_uri } });
  }

  return {
    async verify(token) {
      pending ??= discover();
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
