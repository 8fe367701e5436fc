/**
 * The kit's verifiers (access tokens, back-channel logout tokens) for the configured issuer. Without an explicit
 * JWKS URL the keys' address comes from the issuer's discovery document, fetched on first use (so the gateway
 * starts while the identity provider is still starting) and again after a failure.
 */
import {
  createLogoutTokenVerifier,
  createTokenVerifier,
  ServiceUnavailable,
  type LogoutTokenVerifier,
  type TokenVerifier,
} from '@dv/kit';
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

/**
 * A verifier built once the keys' address is known: at once with a JWKS URL, else from discovery on first use.
 * A failed discovery is retried by the next call, which meanwhile answers 503.
 */
function onceKeysAreKnown<R>(
  options: Omit<IssuerVerifierOptions, 'audience'>,
  forKeys: (jwksUri: string) => { verify(token: string): Promise<R> },
): (token: string) => Promise<R> {
  if (options.jwksUrl !== undefined) {
    const verifier = forKeys(options.jwksUrl);
    return (token) => verifier.verify(token);
  }
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  let discovered: Promise<{ verify(token: string): Promise<R> }> | undefined;

  async function discover(): Promise<{ verify(token: string): Promise<R> }> {
    const response = await doFetch(discoveryUrl(options.issuer), { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = Discovery.parse(await response.json());
    if (document.issuer !== options.issuer) {
      throw new Error(`discovery names issuer ${document.issuer}, expected ${options.issuer}`);
    }
    return forKeys(document.jwks_uri);
  }

  return async (token) => {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      throw Object.assign(new ServiceUnavailable('The identity provider is unavailable, retry later'), { cause: error });
    });
    return (await discovered).verify(token);
  };
}

export function createIssuerVerifier(options: IssuerVerifierOptions): TokenVerifier {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const verify = onceKeysAreKnown(options, (jwksUri) =>
    createTokenVerifier({ issuer: options.issuer, audience: options.audience, keys: { jwksUri, timeoutMs } }),
  );
  return { verify };
}

/** Logout tokens of this issuer for our client (their audience is the client id, not the API). */
export function createIssuerLogoutVerifier(
  options: Omit<IssuerVerifierOptions, 'audience'> & { readonly clientId: string },
): LogoutTokenVerifier {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const verify = onceKeysAreKnown(options, (jwksUri) =>
    createLogoutTokenVerifier({ issuer: options.issuer, clientId: options.clientId, keys: { jwksUri, timeoutMs } }),
  );
  return { verify };
}
