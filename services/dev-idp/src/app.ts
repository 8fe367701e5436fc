/**
 * The development OpenID Connect provider as the kit's host runs it: oidc-provider (provider-configuration.ts)
 * mounted on the service's Fastify app, a sign-in page for the seeded users and, beside the offices service, the
 * users invited there (accounts.ts, account-directory.ts), and, when asked for, `POST /dev/token` for automated
 * tests. Never part of a production deployment.
 *
 * oidc-provider needs its issuer when it is created, and by default the issuer is the URL the provider listens
 * at: the provider opens once the app listens (afterListen); requests arriving before get a 503.
 * `createDevIdp` starts it beside others (standalone, tests), main.ts as its own process.
 */
import { join } from 'node:path';
import {
  closeRedis,
  connectRedis,
  createLogger,
  defineService,
  type Logger,
  type RunningService,
  type Server,
  ServiceUnavailable,
  startService,
} from '@dv/kit';
import { Provider } from 'oidc-provider';
import { createAccessTokenMinter, DEFAULT_TEST_TOKEN_TTL_SECONDS } from './access-tokens';
import { type AccountDirectory, officesAccountDirectory } from './account-directory';
import { createAccounts } from './accounts';
import { type IssuedSessionClaims, sessionClaimsFor } from './claims';
import { DEFAULT_REDIRECT_URIS, type DevIdpClient, webClient } from './clients';
import { type DevIdpConfig, DevIdpConfigEnv } from './config';
import { interactionRoutes } from './interactions';
import { type DevIdpKeys, generateKeys, loadOrCreateKeys, publicJwks, type PublicJwks } from './keys';
import { createOidcStore } from './oidc-store';
import { createPasswordVerifier } from './passwords';
import {
  API_SCOPE,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_AUDIENCE,
  logProviderEvents,
  providerConfiguration,
} from './provider-configuration';
import { mountProvider, type RequestListener } from './provider-mount';
import { createSignInThrottle, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './sign-in-throttle';
import { testTokenRoute, UnknownUser } from './test-token-route';
import { DEMO_OFFICES, DEMO_PASSWORD, type DemoOffice, type DemoUser, USERS } from './users';

export { API_SCOPE, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, DEFAULT_AUDIENCE } from './provider-configuration';
export { DEFAULT_REDIRECT_URIS, WEB_CLIENT_ID } from './clients';
export { TEST_TOKEN_PATH } from './test-token-route';

/** What a runner hands the service beside its configuration. */
export interface DevIdpParts {
  /** Default USERS. */
  readonly users: readonly DemoUser[];
  /** Offices the users' claims refer to (payment type, plan type, integration). Default DEMO_OFFICES. */
  readonly offices: readonly DemoOffice[];
  /** Every user's password. Default DEMO_PASSWORD. */
  readonly password: string;
  /** Default: kept in the configured data folder, or generated for this run. */
  readonly signingKeys: DevIdpKeys;
  /**
   * The offices service's accounts, asked whenever it is called (it may be connected after start). Default: the
   * configured offices service (OFFICES_URL), else none.
   */
  readonly accountDirectory: () => AccountDirectory | undefined;
}

/** What the running service answers besides its URL. */
export interface DevIdpRunning {
  /** What tokens name as `iss`, known once the provider listens. */
  issuer(): string;
  readonly jwks: PublicJwks;
  /** What POST /dev/token answers, in process (not gated by enableTestTokenEndpoint). */
  issueTestToken(email: string, expiresInSeconds?: number): Promise<string>;
}

/** The provider and what depends on its issuer, once open. */
interface Opened {
  readonly issuer: string;
  readonly provider: Provider;
  readonly listener: RequestListener;
  readonly minter: ReturnType<typeof createAccessTokenMinter>;
}

/** Filled by build, called by afterListen with the URL the app listens at. */
const openers = new WeakMap<Server, (url: string) => void>();

function keysIn(dataDir: string | undefined): DevIdpKeys {
  return dataDir === undefined ? generateKeys() : loadOrCreateKeys(dataDir);
}

export const devIdpService = defineService<DevIdpConfig, DevIdpParts, DevIdpRunning>({
  name: 'dev-idp',
  env: DevIdpConfigEnv,
  bus: false,
  // The provider authenticates by itself, and limits failed sign-ins with its own throttle.
  http: { authenticate: false, rateLimit: false },
  async build(app, context, options) {
    const { config, logger } = context;
    const users = options.users ?? USERS;
    const offices = options.offices ?? DEMO_OFFICES;
    const password = options.password ?? DEMO_PASSWORD;
    const keys = options.signingKeys ?? keysIn(config.dataDir);
    const [testTokenClient] = config.clients;
    if (!testTokenClient) throw new Error('at least one client is required');
    const configured = config.accountDirectory === undefined ? undefined : officesAccountDirectory(config.accountDirectory);
    const accounts = createAccounts({
      users,
      offices,
      seeded: await createPasswordVerifier(users, () => password),
      directory: options.accountDirectory ?? (() => configured),
    });
    const usersByEmail = new Map(users.map((user) => [user.email.toLowerCase(), user]));
    const claimsOf = (user: DemoUser): IssuedSessionClaims => sessionClaimsFor(user, offices);

    const redis = config.redisUrl === undefined ? undefined : connectRedis({ url: config.redisUrl, name: 'dev-idp', logger });
    if (redis) context.closeWith(() => closeRedis(redis));
    const throttle = await createSignInThrottle({ limits: config.signInLimits, ...(redis ? { redis } : {}) });
    context.closeWith(() => throttle.close());
    const store = createOidcStore(config.dataDir === undefined ? undefined : join(config.dataDir, 'dev-idp-store.json'));
    context.closeWith(() => Promise.resolve(store.close()));

    let opened: Opened | undefined;
    const current = (): Opened => {
      if (!opened) throw new ServiceUnavailable('The identity provider is starting');
      return opened;
    };
    openers.set(app, (url) => {
      const issuer = config.issuer ?? url;
      const provider = new Provider(
        issuer,
        providerConfiguration({ ...config, adapter: store.adapterFor, keys, findAccount: (id) => accounts.find(id) }),
      );
      logProviderEvents(provider, logger);
      const minter = createAccessTokenMinter({
        issuer,
        audience: config.audience,
        // Test tokens name the first client, as a token from its sign-in would.
        clientId: testTokenClient.clientId,
        scope: API_SCOPE,
        signingKey: keys.signing,
      });
      opened = { issuer, provider, listener: provider.callback(), minter };
      logger.info({ issuer, audience: config.audience }, 'dev identity provider ready');
    });

    async function issueTestToken(email: string, expiresInSeconds = DEFAULT_TEST_TOKEN_TTL_SECONDS): Promise<string> {
      const user = usersByEmail.get(email.trim().toLowerCase());
      if (!user) throw new UnknownUser(`Unknown user: ${email}`);
      return current().minter.mint({ subject: user.id, claims: claimsOf(user), expiresInSeconds });
    }

    await mountProvider(app, { listener: () => current().listener });
    await interactionRoutes(app, {
      provider: () => current().provider,
      verifier: accounts.verifier,
      throttle,
      clientNames: new Map(config.clients.map((client) => [client.clientId, client.clientName ?? client.clientId])),
      demoEmails: users.map((user) => user.email),
      // The hint names the password only when it is the published demo one.
      ...(password === DEMO_PASSWORD ? { demoPassword: DEMO_PASSWORD } : {}),
    });
    if (config.enableTestTokenEndpoint) testTokenRoute(app, { issueTestToken });
    return { issuer: () => current().issuer, jwks: publicJwks(keys), issueTestToken };
  },
  afterListen(app, _context, url) {
    openers.get(app)?.(url);
    return Promise.resolve();
  },
});

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
  /** The offices service's accounts (users invited on /management); also connected later by useAccountDirectory. */
  readonly accountDirectory?: AccountDirectory;
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
  /** Default: the kit's logger, warnings and errors. */
  readonly logger?: Logger;
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
  /**
   * Signs in the accounts the offices service keeps from now on (standalone connects it once that service
   * listens, which is after this provider: the services need its keys first).
   */
  useAccountDirectory(directory: AccountDirectory): void;
}

function portOf(issuer: string): number {
  const url = new URL(issuer);
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The service's configuration from the options of an in-process provider. */
function configFor(options: DevIdpOptions): DevIdpConfig {
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  if (!Number.isSafeInteger(accessTokenTtlSeconds) || accessTokenTtlSeconds < 1) {
    throw new Error(`accessTokenTtlSeconds must be a positive whole number, got ${accessTokenTtlSeconds}`);
  }
  const clients = options.clients ?? [webClient(DEFAULT_REDIRECT_URIS)];
  if (clients.length === 0) throw new Error('at least one client is required');
  return {
    port: options.port ?? (options.issuer === undefined ? 0 : portOf(options.issuer)),
    host: options.host ?? '127.0.0.1',
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
    audience: options.audience ?? DEFAULT_AUDIENCE,
    clients,
    accessTokenTtlSeconds,
    signInLimits: options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS,
    ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
    enableTestTokenEndpoint: options.enableTestTokenEndpoint ?? false,
  };
}

/** The provider in this process, started and closed by its caller. */
export function createDevIdp(options: DevIdpOptions = {}): DevIdp {
  const config = configFor(options);
  const signingKeys = options.keys ?? keysIn(options.dataDir);
  const jwks = publicJwks(signingKeys);
  let running: RunningService<DevIdpRunning> | undefined;
  let issuer = options.issuer;
  let directory = options.accountDirectory;

  return {
    get issuer() {
      if (issuer === undefined) throw new Error('the issuer is known once start() resolved (no issuer was configured)');
      return issuer;
    },
    audience: config.audience,
    jwks,
    async start() {
      if (running) throw new Error('the provider is already started');
      running = await startService(devIdpService, {
        config,
        logger: options.logger ?? createLogger({ name: 'dev-idp', level: 'warn' }),
        signingKeys,
        accountDirectory: () => directory,
        ...(options.users === undefined ? {} : { users: options.users }),
        ...(options.offices === undefined ? {} : { offices: options.offices }),
        ...(options.password === undefined ? {} : { password: options.password }),
      });
      issuer = running.issuer();
      return { url: running.url, issuer };
    },
    async close() {
      const closing = running;
      running = undefined;
      await closing?.close();
    },
    issueTestToken(email, expiresInSeconds) {
      if (!running) return Promise.reject(new Error('the provider is not started'));
      return running.issueTestToken(email, expiresInSeconds);
    },
    useAccountDirectory(connected) {
      directory = connected;
    },
  };
}
