/**
 * The development OpenID Connect provider: oidc-provider configured for the product's SPA (authorization code +
 * PKCE S256, rotating refresh tokens, RFC 9068 JWT access tokens for the gateway's audience, the session claims
 * of SPEC section 3), a sign-in page for the seeded users, an end-session endpoint, and, when asked for,
 * `POST /dev/token` for automated tests. Never part of a production deployment.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import { closeRedis, connectRedis, type Redis } from '@dv/kit';
import { errors, Provider, type Configuration, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import { createAccessTokenMinter, DEFAULT_TEST_TOKEN_TTL_SECONDS, TestTokenRequest } from './access-tokens';
import { type IssuedSessionClaims, SESSION_CLAIM_NAMES, sessionClaimsFor } from './claims';
import { clientMetadata, type DevIdpClient, fetchToConfiguredClients } from './clients';
import { BodyTooLarge, readBody, sendError, sendHtml, sendJson } from './http-io';
import { createInteractionHandler, type InteractionAction } from './interactions';
import { type DevIdpKeys, generateKeys, loadOrCreateKeys, publicJwks, type PublicJwks, SIGNING_ALG } from './keys';
import { createConsoleLogger, type DevIdpLogger, errorFields } from './logger';
import { createOidcStore } from './oidc-store';
import { errorPage, signedOutPage, signOutPage } from './pages';
import { createPasswordVerifier } from './passwords';
import { createSignInThrottle, DEFAULT_SIGN_IN_LIMITS, type SignInLimits, type SignInThrottle } from './sign-in-throttle';
import { DEMO_OFFICES, DEMO_PASSWORD, type DemoOffice, type DemoUser, USERS } from './users';

/** The audience the gateway and the services expect in access tokens. */
export const DEFAULT_AUDIENCE = 'https://api.verific.local';
/** The resource server's one scope; access tokens carry it when the client asks for it. */
export const API_SCOPE = 'api';
export const WEB_CLIENT_ID = 'verific-web';
/** The SPA's sign-in callbacks: the gateway on localhost and on the demo organization's host, and the Vite dev server. */
export const DEFAULT_REDIRECT_URIS = [
  'http://localhost:8080/handleLogin',
  'http://demo.localhost:8080/handleLogin',
  'http://localhost:3000/handleLogin',
] as const;
/** Short (contracts' ACCESS_TOKEN_LIFETIME_SECONDS): the SPA renews it with its refresh token. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_LIFETIME_SECONDS;
export const TEST_TOKEN_PATH = '/dev/token';

const ID_TOKEN_TTL_SECONDS = 3600;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;
const INTERACTION_TTL_SECONDS = 3600;
/** Sessions, grants and the refresh-token chain (absolute: rotation does not extend it). */
const SESSION_TTL_SECONDS = 14 * 24 * 3600;

export interface DevIdpOptions {
  /** Default: http://127.0.0.1:<bound port>. */
  readonly issuer?: string;
  /** Default: the issuer's port, or a random free port when no issuer is given. */
  readonly port?: number;
  /** Interface to listen on. Default 127.0.0.1 (0.0.0.0 inside a container). */
  readonly host?: string;
  /** Default DEFAULT_AUDIENCE. */
  readonly audience?: string;
  /** Default: one public client WEB_CLIENT_ID with DEFAULT_REDIRECT_URIS. */
  readonly clients?: readonly DevIdpClient[];
  /** Default USERS. */
  readonly users?: readonly DemoUser[];
  /** Offices the users' claims refer to (payment type, plan type, integration). Default DEMO_OFFICES. */
  readonly offices?: readonly DemoOffice[];
  /** Every user's password. Default DEMO_PASSWORD. */
  readonly password?: string;
  /** Key material to use; default: kept in `dataDir`, or generated for this instance. */
  readonly keys?: DevIdpKeys;
  /** Folder for the keys and the provider's sessions and grants, so both survive a restart. */
  readonly dataDir?: string;
  readonly accessTokenTtlSeconds?: number;
  /** Failed sign-in attempts allowed per account and per client address. Default DEFAULT_SIGN_IN_LIMITS. */
  readonly signInLimits?: SignInLimits;
  /** Counts failed sign-ins in this Redis (shared, kept over restarts); in memory without. */
  readonly redisUrl?: string;
  /** Serve POST /dev/token (automated tests). Off unless asked for: 404 otherwise. */
  readonly enableTestTokenEndpoint?: boolean;
  /** Default: warnings and errors to the console. */
  readonly logger?: DevIdpLogger;
}

export interface DevIdp {
  /** Known from creation when configured, else once start() resolved. */
  readonly issuer: string;
  readonly audience: string;
  /** The public signing keys, as served at the JWKS endpoint. */
  readonly jwks: PublicJwks;
  /** Listens; `url` is where this process can reach it (loopback), `issuer` what tokens name. */
  start(): Promise<{ url: string; issuer: string }>;
  close(): Promise<void>;
  /** What POST /dev/token answers, in process (not gated by enableTestTokenEndpoint: only code holding the provider reaches it). */
  issueTestToken(email: string, expiresInSeconds?: number): Promise<string>;
}

class UnknownUser extends Error {}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function portOf(issuer: string): number {
  const url = new URL(issuer);
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

const INTERACTION_ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/;

export function createDevIdp(options: DevIdpOptions = {}): DevIdp {
  const audience = options.audience ?? DEFAULT_AUDIENCE;
  const users = options.users ?? USERS;
  const offices = options.offices ?? DEMO_OFFICES;
  const password = options.password ?? DEMO_PASSWORD;
  const clients = options.clients ?? [{ clientId: WEB_CLIENT_ID, clientName: 'Verific', redirectUris: DEFAULT_REDIRECT_URIS }];
  const accessTokenTtl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  const logger = options.logger ?? createConsoleLogger('warn');
  const keys = options.keys ?? (options.dataDir === undefined ? generateKeys() : loadOrCreateKeys(options.dataDir));
  const jwks = publicJwks(keys);
  const host = options.host ?? '127.0.0.1';

  if (!Number.isSafeInteger(accessTokenTtl) || accessTokenTtl < 1) {
    throw new Error(`accessTokenTtlSeconds must be a positive whole number, got ${accessTokenTtl}`);
  }
  const [primaryClient] = clients;
  if (!primaryClient) throw new Error('at least one client is required');
  /** Test tokens name the first client, as a token from its sign-in would. */
  const testTokenClientId = primaryClient.clientId;

  const usersById = new Map(users.map((user) => [user.id, user]));
  const usersByEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]));
  const claimsOf = (user: DemoUser): IssuedSessionClaims => sessionClaimsFor(user, offices);

  let issuer = options.issuer;
  let server: Server | undefined;
  let store: ReturnType<typeof createOidcStore> | undefined;
  let minter: ReturnType<typeof createAccessTokenMinter> | undefined;
  let redis: Redis | undefined;
  let throttle: SignInThrottle | undefined;

  function resourceServer(): ResourceServer {
    return {
      scope: API_SCOPE,
      audience,
      accessTokenTTL: accessTokenTtl,
      accessTokenFormat: 'jwt',
      jwt: { sign: { alg: SIGNING_ALG } },
    };
  }

  function configuration(oidcStore: ReturnType<typeof createOidcStore>): Configuration {
    return {
      adapter: oidcStore.adapterFor,
      clients: clients.map(clientMetadata),
      // oidc-provider's types describe JWKs loosely; ours is a validated RSA private JWK.
      jwks: { keys: [{ ...keys.signing }] },
      cookies: { keys: [...keys.cookieSecrets] },
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
      findAccount(_ctx, sub) {
        const user = usersById.get(sub);
        if (!user) return undefined;
        return { accountId: user.id, claims: () => ({ sub: user.id, email_verified: true, ...claimsOf(user) }) };
      },
      // `sid` (set when the client takes back-channel logout) lets the gateway refuse a signed-out session's tokens.
      extraTokenClaims(_ctx, token) {
        const user = 'accountId' in token ? usersById.get(token.accountId) : undefined;
        const sid = 'sid' in token ? token.sid : undefined;
        return user ? { ...claimsOf(user), ...(sid === undefined ? {} : { sid }) } : undefined;
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
      features: {
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
            return resourceServer();
          },
        },
      },
      ttl: {
        AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
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

  function listenOnProvider(provider: Provider) {
    provider.on('server_error', (ctx: KoaContextWithOIDC, error: Error) => {
      logger.error({ ...errorFields(error), path: ctx.path }, 'oidc-provider server error');
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
      logger.warn({ clientId: client.clientId, ...errorFields(error) }, 'back-channel logout failed');
    });
  }

  async function issueTestToken(email: string, expiresInSeconds = DEFAULT_TEST_TOKEN_TTL_SECONDS): Promise<string> {
    if (!minter) throw new Error('the provider is not started');
    const user = usersByEmail.get(email.trim().toLowerCase());
    if (!user) throw new UnknownUser(`Unknown user: ${email}`);
    return minter.mint({ subject: user.id, claims: claimsOf(user), expiresInSeconds });
  }

  async function handleTestToken(req: IncomingMessage, res: ServerResponse) {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendError(res, 413, error.message);
      return sendError(res, 400, 'Body must be JSON: { "email": string, "expiresInSeconds"?: integer >= 1 }');
    }
    const parsed = TestTokenRequest.safeParse(body);
    if (!parsed.success) {
      return sendError(res, 400, parsed.error.issues.map((issue) => issue.message).join('; '), parsed.error.issues);
    }
    try {
      const token = await issueTestToken(parsed.data.email, parsed.data.expiresInSeconds);
      return sendJson(res, 200, { access_token: token });
    } catch (error) {
      if (error instanceof UnknownUser) return sendError(res, 400, error.message);
      throw error;
    }
  }

  function route(
    providerCallback: (req: IncomingMessage, res: ServerResponse) => unknown,
    handleInteraction: ReturnType<typeof createInteractionHandler>,
  ) {
    return async (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/healthz' && req.method === 'GET') return sendJson(res, 200, { status: 'ok' });
      // Browsers ask every page's host for an icon; the provider has none, and a 404 is a console error.
      if (path === '/favicon.ico') return void res.writeHead(204, { 'cache-control': 'public, max-age=86400' }).end();
      if (path === TEST_TOKEN_PATH) {
        if (!options.enableTestTokenEndpoint) return sendError(res, 404, `Route ${req.method} ${TEST_TOKEN_PATH} not found`);
        if (req.method !== 'POST') return sendError(res, 405, `Use POST ${TEST_TOKEN_PATH}`);
        return handleTestToken(req, res);
      }
      const interaction = INTERACTION_ROUTE.exec(path);
      if (interaction) {
        const [, uid = '', step] = interaction;
        const action: InteractionAction = step === 'login' ? 'login' : step === 'abort' ? 'abort' : 'show';
        const expected = action === 'login' ? 'POST' : 'GET';
        if (req.method !== expected) return sendError(res, 405, `Use ${expected} ${path}`);
        return handleInteraction(req, res, uid, action);
      }
      await providerCallback(req, res);
    };
  }

  async function start(): Promise<{ url: string; issuer: string }> {
    if (server) throw new Error('the provider is already started');
    const verifier = await createPasswordVerifier(users, () => password);
    redis = options.redisUrl === undefined ? undefined : connectRedis({ url: options.redisUrl, name: 'dev-idp', logger });
    throttle = await createSignInThrottle({ limits: options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS, ...(redis ? { redis } : {}) });
    // The provider needs the issuer, which may depend on the port bound: requests arriving in between get a 503.
    const routing: { handle?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
    const listening = createServer((req, res) => {
      if (!routing.handle) return sendError(res, 503, 'The identity provider is starting');
      routing.handle(req, res).catch((error: unknown) => {
        logger.error({ ...errorFields(error), path: req.url }, 'request failed');
        if (res.headersSent) res.destroy();
        else if (req.url?.startsWith('/interaction/')) sendHtml(res, 500, errorPage('server_error'));
        else sendError(res, 500, 'Internal Server Error');
      });
    });
    server = listening;
    const port = options.port ?? (issuer === undefined ? 0 : portOf(issuer));
    try {
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      server = undefined;
      await close();
      throw error;
    }
    const url = `http://${urlHost(host)}:${(listening.address() as AddressInfo).port}`;
    issuer ??= url;

    store = createOidcStore(options.dataDir === undefined ? undefined : join(options.dataDir, 'dev-idp-store.json'));
    const provider = new Provider(issuer, configuration(store));
    listenOnProvider(provider);
    minter = createAccessTokenMinter({
      issuer,
      audience,
      clientId: testTokenClientId,
      scope: API_SCOPE,
      signingKey: keys.signing,
    });

    routing.handle = route(
      provider.callback(),
      createInteractionHandler({
        provider,
        verifier,
        throttle,
        onUnavailable: (error) => logger.error(errorFields(error), 'sign-in attempt counters unavailable'),
        clientNames: new Map(clients.map((client) => [client.clientId, client.clientName ?? client.clientId])),
        demoEmails: users.map((user) => user.email),
        // The hint names the password only when it is the published demo one.
        ...(password === DEMO_PASSWORD ? { demoPassword: DEMO_PASSWORD } : {}),
      }),
    );
    logger.info({ url, issuer, audience }, 'dev identity provider listening');
    return { url, issuer };
  }

  async function close(): Promise<void> {
    const listening = server;
    server = undefined;
    minter = undefined;
    store?.close();
    store = undefined;
    await throttle?.close();
    throttle = undefined;
    if (redis) await closeRedis(redis);
    redis = undefined;
    if (!listening) return;
    await new Promise<void>((resolve, reject) => {
      listening.close((error) => (error ? reject(error) : resolve()));
      // Keep-alive connections idle in a pool would hold close() open; requests in flight still finish.
      listening.closeIdleConnections();
    });
  }

  return {
    get issuer() {
      if (issuer === undefined) throw new Error('the issuer is known once start() resolved (no issuer was configured)');
      return issuer;
    },
    audience,
    jwks,
    start,
    close,
    issueTestToken,
  };
}
