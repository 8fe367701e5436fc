/**
 * The verifiers of one issuer's tokens, with its keys found by OpenID discovery (openid-client): the JWKS address
 * comes from the issuer's discovery document unless OIDC_JWKS_URL overrides it. Discovery happens on first use,
 * so a service starts while the identity provider is still starting; a failed discovery answers 503 and is tried
 * again by the next call.
 */
import * as oidc from 'openid-client';
import { ServiceUnavailable } from '../errors';
import { createLogoutTokenVerifier, type LogoutTokenVerifier } from './logout-token';
import { createTokenVerifier, type KeySource, type TokenVerifier } from './token-verifier';

/** Discovery and key fetches wait this long for the provider. */
const DEFAULT_TIMEOUT_MS = 5_000;

export interface IssuerKeysOptions {
  readonly issuer: string;
  /** The keys' address, skipping discovery (OIDC_JWKS_URL). */
  readonly jwksUrl?: string;
  /** The keys themselves or their address (tests); wins over jwksUrl and discovery. */
  readonly keys?: KeySource;
  /** For discovery; default the global fetch. */
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/** The issuer's discovery document's jwks_uri; the document must name this very issuer (openid-client checks). */
export async function discoverJwksUri(
  issuer: string,
  options: Pick<IssuerKeysOptions, 'fetch' | 'timeoutMs'> = {},
): Promise<string> {
  const server = new URL(issuer);
  const configuration = await oidc.discovery(server, 'resource-server', undefined, undefined, {
    timeout: Math.ceil((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000),
    // A development provider on http://localhost; production issuers are https and keep the library's rule.
    execute: server.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
  });
  const jwksUri = configuration.serverMetadata().jwks_uri;
  if (jwksUri === undefined) throw new Error('the discovery document names no jwks_uri');
  return jwksUri;
}

/** Builds `make(keys)` once the keys are known: at once when given, else after discovery (retried after a failure). */
function onceKeysAreKnown<V>(options: IssuerKeysOptions, make: (keys: KeySource) => V): () => Promise<V> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const known = options.keys ?? (options.jwksUrl === undefined ? undefined : { jwksUri: options.jwksUrl, timeoutMs });
  if (known !== undefined) {
    const made = make(known);
    return () => Promise.resolve(made);
  }
  let pending: Promise<V> | undefined;
  return () => {
    pending ??= discoverJwksUri(options.issuer, options)
      .then((jwksUri) => make({ jwksUri, timeoutMs }))
      .catch((error: unknown) => {
        pending = undefined;
        throw Object.assign(new ServiceUnavailable('The identity provider is unavailable, retry later'), { cause: error });
      });
    return pending;
  };
}

/** Access tokens of the issuer for this API. */
export function issuerTokenVerifier(options: IssuerKeysOptions & { readonly audience: string }): TokenVerifier {
  const verifier = onceKeysAreKnown(options, (keys) =>
    createTokenVerifier({ issuer: options.issuer, audience: options.audience, keys }),
  );
  return { verify: async (token) => (await verifier()).verify(token) };
}

/** Back-channel logout tokens of the issuer for our client (their audience is the client id, not the API). */
export function issuerLogoutVerifier(options: IssuerKeysOptions & { readonly clientId: string }): LogoutTokenVerifier {
  const verifier = onceKeysAreKnown(options, (keys) =>
    createLogoutTokenVerifier({ issuer: options.issuer, clientId: options.clientId, keys }),
  );
  return { verify: async (token) => (await verifier()).verify(token) };
}
