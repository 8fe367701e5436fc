/**
 * The kit's token verifier for the configured issuer. Without an explicit JWKS URL the keys' address comes from
 * the issuer's discovery document, fetched on first use (so the gateway starts while the identity provider is
 * still starting) and again after a failure.
 */
import { createTokenVerifier, ServiceUnavailable, type TokenVerifier } from '@dv/kit';
import { z } from 'zod';

export interface IssuerVerifierOptions {
  readonly issuer: string;
  readonly audience: string;
  readonly jwksUrl?: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

const Discovery = z.object({ issuer: z.string(), jwks_uri: z.url() });

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

export function createIssuerVerifier(options: IssuerVerifierOptions): TokenVerifier {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const forKeys = (jwksUri: string) =>
    createTokenVerifier({ issuer: options.issuer, audience: options.audience, keys: { jwksUri, timeoutMs } });
  if (options.jwksUrl !== undefined) return forKeys(options.jwksUrl);

  const doFetch = options.fetch ?? fetch;
  let discovered: Promise<TokenVerifier> | undefined;

  async function discover(): Promise<TokenVerifier> {
    const response = await doFetch(discoveryUrl(options.issuer), { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = Discovery.parse(await response.json());
    if (document.issuer !== options.issuer) {
      throw new Error(`discovery names issuer ${document.issuer}, expected ${options.issuer}`);
    }
    return forKeys(document.jwks_uri);
  }

  return {
    async verify(token) {
      discovered ??= discover().catch((error: unknown) => {
        discovered = undefined;
        throw Object.assign(new ServiceUnavailable('The identity provider is unavailable, retry later'), { cause: error });
      });
      return (await discovered).verify(token);
    },
  };
}
