/**
 * oidc-provider configured for the product's SPA: authorization code + PKCE S256, rotating refresh tokens,
 * RFC 9068 JWT access tokens for the gateway's audience carrying the session claims of SPEC section 3, an
 * end-session endpoint with back-channel logout, and the provider's events in the service's log.
 */
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import { type Logger } from '@dv/kit';
import { type Adapter, type Configuration, errors, type KoaContextWithOIDC, type Provider, type ResourceServer } from 'oidc-provider';
import { type Account } from './accounts';
import { SESSION_CLAIM_NAMES } from './claims';
import { clientMetadata, type DevIdpClient, fetchToConfiguredClients } from './clients';
import { type DevIdpKeys, SIGNING_ALG } from './keys';
import { errorPage, signedOutPage, signOutPage } from './pages';

/** The audience the gateway and the services expect in access tokens. */
export const DEFAULT_AUDIENCE = 'https://api.verific.local';
/** The resource server's one scope; access tokens carry it when the client asks for it. */
export const API_SCOPE = 'api';
/** Short (contracts' ACCESS_TOKEN_LIFETIME_SECONDS): the SPA renews it with its refresh token. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_LIFETIME_SECONDS;

/**
 * Where the provider's endpoints live (oidc-provider's defaults, named here because the app mounts the provider
 * on exactly these paths, their sub-paths and discovery).
 */
export const PROVIDER_ROUTES = {
  authorization: '/auth',
  token: '/token',
  jwks: '/jwks',
  revocation: '/token/revocation',
  userinfo: '/me',
  end_session: '/session/end',
} as const satisfies Configuration['routes'];

const ID_TOKEN_TTL_SECONDS = 3600;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;
const INTERACTION_TTL_SECONDS = 3600;
/** Sessions, grants and the refresh-token chain (absolute: rotation does not extend it). */
const SESSION_TTL_SECONDS = 14 * 24 * 3600;

export interface ProviderSettings {
  readonly adapter: (model: string) => Adapter;
  readonly clients: readonly DevIdpClient[];
  readonly keys: DevIdpKeys;
  readonly audience: string;
  readonly accessTokenTtlSeconds: number;
  /** The account a token names, with its claims now; undefined refuses the token (unknown or deactivated). */
  readonly findAccount: (id: string) => Promise<Account | undefined>;
}

function resourceServer({ audience, accessTokenTtlSeconds }: ProviderSettings): ResourceServer {
  return {
    scope: API_SCOPE,
    audience,
    accessTokenTTL: accessTokenTtlSeconds,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };
}

function features(settings: ProviderSettings): Configuration['features'] {
  const { audience } = settings;
  return {
    devInteractions: { enabled: false },
    revocation: { enabled: true },
    backchannelLogout: { enabled: true },
    userinfo: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource(ctx, form) {
        ctx.type = 'html';
        // The provider has checked a hint it was given (an invalid one never reaches this page).
        const named = typeof ctx.oidc.params?.id_token_hint === 'string' && ctx.oidc.params.id_token_hint !== '';
        ctx.body = signOutPage(ctx.host, form, { named });
      },
      postLogoutSuccessSource(ctx) {
        ctx.type = 'html';
        ctx.body = signedOutPage();
      },
    },
    resourceIndicators: {
      enabled: true,
      // The SPA need not send `resource`: its tokens are for the API unless it names another resource.
      defaultResource: (_ctx, _client, oneOf) => (oneOf === undefined || oneOf.includes(audience) ? audience : oneOf),
      useGrantedResource: () => true,
      getResourceServerInfo(_ctx, indicator) {
        if (indicator !== audience) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
        return resourceServer(settings);
      },
    },
  };
}

export function providerConfiguration(settings: ProviderSettings): Configuration {
  const { findAccount, accessTokenTtlSeconds } = settings;
  return {
    adapter: settings.adapter,
    routes: PROVIDER_ROUTES,
    clients: settings.clients.map(clientMetadata),
    // oidc-provider's types describe JWKs loosely; ours is a validated RSA private JWK.
    jwks: { keys: [{ ...settings.keys.signing }] },
    cookies: { keys: [...settings.keys.cookieSecrets] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // Every session claim rides on "openid", so the ID token has them whatever else the SPA asks for.
    claims: {
      openid: ['sub', ...SESSION_CLAIM_NAMES],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // The access token is for the API (it cannot call userinfo), so the ID token carries the claims itself.
    conformIdTokenClaims: false,
    fetch: fetchToConfiguredClients,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Asked at sign-in and again for every token: an account gone or deactivated meanwhile gets none (a refresh
    // token then fails with invalid_grant), and claims follow what /management changed.
    async findAccount(_ctx, sub) {
      const account = await findAccount(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ sub: account.id, email_verified: true, ...account.claims }) };
    },
    // `sid` (set when the client takes back-channel logout) lets the gateway refuse a signed-out session's tokens.
    async extraTokenClaims(_ctx, token) {
      const account = 'accountId' in token ? await findAccount(token.accountId) : undefined;
      const sid = 'sid' in token ? token.sid : undefined;
      return account ? { ...account.claims, ...(sid === undefined ? {} : { sid }) } : undefined;
    },
    // The SPA gets a refresh token without asking for offline_access, rotated on every use (a reused one is
    // rejected and revokes its grant). Tokens belong to the sign-in session: signing out revokes them too.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Browsers may call the token, revocation and JWKS endpoints from the origins the clients redirect to.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin),
    features: features(settings),
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtlSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL_SECONDS,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out.error, out.error_description);
    },
  };
}

/** The provider's events in the service's log: its own faults as errors, clients' mistakes for debugging. */
export function logProviderEvents(provider: Provider, logger: Logger): void {
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: Error) => {
    logger.error({ err: error, path: ctx.path }, 'oidc-provider server error');
  });
  // Clients' mistakes (bad code, reused refresh token, ...): useful when debugging a sign-in, not errors here.
  const rejected = (event: string) => (_ctx: KoaContextWithOIDC, error: errors.OIDCProviderError) => {
    logger.info({ event, error: error.error, description: error.error_description }, 'request rejected');
  };
  provider.on('authorization.error', rejected('authorization.error'));
  provider.on('grant.error', rejected('grant.error'));
  provider.on('end_session.error', rejected('end_session.error'));
  // The client keeps honouring the session's access tokens until they expire: worth a warning, never the token.
  provider.on('backchannel.error', (_ctx: KoaContextWithOIDC, error: Error, client: { clientId: string }) => {
    logger.warn({ clientId: client.clientId, err: error }, 'back-channel logout failed');
  });
}
