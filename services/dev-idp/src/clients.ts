/** The provider's clients (the product's SPA) as oidc-provider registers them. */
import { type ClientMetadata, type Configuration } from 'oidc-provider';

export const WEB_CLIENT_ID = 'verific-web';
/** The SPA's sign-in callbacks: the gateway on localhost and on the demo organization's host, and the Vite dev server. */
export const DEFAULT_REDIRECT_URIS = [
  'http://localhost:8080/handleLogin',
  'http://demo.localhost:8080/handleLogin',
  'http://localhost:3000/handleLogin',
] as const;

export interface DevIdpClient {
  readonly clientId: string;
  readonly clientName?: string;
  readonly redirectUris: readonly string[];
  /** Default: the root, /login and /sessionEnd of every redirect URI's origin. */
  readonly postLogoutRedirectUris?: readonly string[];
  /**
   * Where the provider posts a logout token when a session of this client ends (OIDC Back-Channel Logout): the
   * gateway's, which then refuses that session's access tokens. With it, access tokens carry the session's `sid`.
   */
  readonly backchannelLogoutUri?: string;
}

/** The product's SPA: the client of every sign-in, and the one test tokens name. */
export function webClient(redirectUris: readonly string[], backchannelLogoutUri?: string): DevIdpClient {
  return {
    clientId: WEB_CLIENT_ID,
    clientName: 'Verific',
    redirectUris,
    ...(backchannelLogoutUri === undefined ? {} : { backchannelLogoutUri }),
  };
}

function defaultPostLogoutRedirectUris(redirectUris: readonly string[]): string[] {
  const origins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
  return origins.flatMap((origin) => [`${origin}/`, `${origin}/login`, `${origin}/sessionEnd`]);
}

export function clientMetadata(client: DevIdpClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_name: client.clientName ?? client.clientId,
    application_type: 'web',
    // A browser app cannot keep a secret: a public client, protected by PKCE.
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...client.redirectUris],
    post_logout_redirect_uris: [...(client.postLogoutRedirectUris ?? defaultPostLogoutRedirectUris(client.redirectUris))],
    // The session id is required in the logout token; oidc-provider then also puts it on the session's tokens.
    ...(client.backchannelLogoutUri === undefined
      ? {}
      : { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true }),
  };
}

/**
 * The provider's outgoing requests (back-channel logout) go only to URIs of its own configuration: the gateway,
 * usually on loopback or a private network, which oidc-provider's guard against private addresses (SSRF) would
 * refuse once the runtime's fetch lets it see the socket. They are sent without that guard, its timeout kept.
 */
export const fetchToConfiguredClients: NonNullable<Configuration['fetch']> = (input, init = {}) => {
  const { dispatcher: _privateAddressGuard, ...rest } = init;
  return fetch(input, rest);
};
