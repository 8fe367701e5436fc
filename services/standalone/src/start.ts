/**
 * Every service in one process with the embedded defaults (nedb files under the data folder, the in-process
 * bus) and the demo data: the development identity provider, the services on loopback ports, and the gateway in
 * front. The portals service answers the verifications service's portal data requests with the offices'
 * credentials; the demo office office-demo-1 gets a Delta Dental portal login once per data folder
 * (demo-portal-credential.ts). Without STRIPE_SECRET_KEY the billing service runs the Stripe sandbox, in which
 * office-demo-1 has a Standard subscription and office-demo-2 none (demo-seed.ts). `npm start` runs it through
 * main.ts; end-to-end tests start it here on free ports.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEVELOPMENT_HOST } from '@dv/contracts';
import { createDevIdp, officesAccountDirectory, WEB_CLIENT_ID, DEFAULT_AUDIENCE, type DevIdp } from '@dv/dev-idp';
import { BACKCHANNEL_LOGOUT_PATH, gatewayConfig, startGateway, type RunningGateway } from '@dv/gateway';
import { createClosers, createInProcessBus, createLogger, type EventBus, type Logger, type LogLevel } from '@dv/kit';
import { DEFAULT_STRIPE_SANDBOX_PORT, loadBillingConfig, startBilling, type RunningBilling } from '@dv/billing';
import { loadBugsConfig, startBugs, type RunningBugs } from '@dv/bugs';
import { loadOfficesConfig, startOffices, type RunningOffices } from '@dv/offices';
import { loadPortalsConfig, startPortals, type RunningPortals } from '@dv/portals';
import { loadRealtimeConfig, startRealtime, type RunningRealtime } from '@dv/realtime';
import { loadScheduleConfig, startSchedule, type RunningSchedule } from '@dv/schedule';
import { loadVerificationsConfig, startVerifications, type RunningVerifications } from '@dv/verifications';
import { DEMO_PORTAL_CREDENTIAL, seedDemoPortalCredential } from './demo-portal-credential';
import { demoBillingOffices, demoSeed } from './demo-seed';
import { seedDemoStatsWeek } from './demo-stats-week';
import { freePort, isLoopbackHost, loopbackUrl } from './local-network';

export { isLoopbackHost } from './local-network';

/**
 * Every local client (the browser, the e2e suite, scripts) shares 127.0.0.1, so the per-IP limits (all requests,
 * organization look-ups) are set far above a deployment's: still on, so the code path runs, but never in the way
 * of a test run.
 */
const LOCAL_RATE_LIMIT = { max: 20_000, timeWindowMs: 60_000 };


/** Settings of the services that the environment may change (the browser suite shortens the sandbox's timings). */
const TUNABLE = {
  portals: ['SANDBOX_LOGIN_DELAY_MS', 'SANDBOX_MFA_DELAY_MS', 'LOGIN_RETRY_WAIT_MS', 'PORTAL_DATA_LOGIN_WAIT_MS'],
  verifications: ['SANDBOX_CLEARINGHOUSE_LATENCY_MS', 'JOB_CONCURRENCY'],
  schedule: ['SCHEDULE_SWEEP_INTERVAL_MS', 'SCHEDULE_REQUEST_RETRY_MS', 'SCHEDULE_NIGHTLY_CHECK_MS', 'NEXHEALTH_API_KEY', 'NEXHEALTH_URL'],
  // Stripe itself when a key is set; otherwise the billing service runs its sandbox (on STRIPE_SANDBOX_PORT).
  billing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_PLAN_LOOKUP_KEYS', 'STRIPE_PLAN_PRODUCTS', 'STRIPE_SANDBOX_PORT'],
} as const;

export interface StandaloneOptions {
  /** Absolute folder for the embedded store files and the dev provider's keys and sessions. */
  readonly dataDir: string;
  /** The gateway's port; 0 picks a free one. Default 8080. */
  readonly port?: number;
  /** The identity provider's port; 0 picks a free one. Default 8090. */
  readonly idpPort?: number;
  /** Interface the gateway and the provider listen on. Default 127.0.0.1. */
  readonly host?: string;
  /** Generated for this run when not given. */
  readonly internalApiToken?: string;
  readonly audience?: string;
  readonly webDistDir?: string;
  readonly logLevel?: LogLevel;
  /** The Stripe sandbox's port (its checkout page) when no Stripe key is set; default 8092, a free one with port 0. */
  readonly stripeSandboxPort?: number;
}

export interface RunningStandalone {
  /** http://localhost:<port>: the web app and the API. */
  readonly gatewayUrl: string;
  /** http://demo.localhost:<port>: the same, for the demo organization. */
  readonly demoUrl: string;
  /** http://localhost:<idpPort>: the issuer of every token. */
  readonly issuer: string;
  /** Loopback addresses for clients in this machine that do not resolve *.localhost (tests, benchmarks). */
  readonly loopback: {
    readonly gateway: string;
    readonly idp: string;
    readonly offices: string;
    readonly bugs: string;
    readonly portals: string;
    readonly verifications: string;
    readonly schedule: string;
    readonly billing: string;
    readonly realtime: string;
  };
  /** Whether payments go to the embedded Stripe sandbox (no STRIPE_SECRET_KEY). */
  readonly sandboxStripe: boolean;
  /** The Stripe sandbox's address (its checkout page); null when Stripe itself is configured. */
  readonly stripeSandboxUrl: string | null;
  readonly port: number;
  readonly idpPort: number;
  /** Emails of the seeded users (password demo). */
  readonly demoUsers: readonly string[];
  /** Closes the gateway (in-flight requests finish), then the services, the provider and the bus. */
  close(): Promise<void>;
}

/** What every part of one run shares. */
interface Run {
  readonly host: string;
  readonly port: number;
  readonly idpPort: number;
  readonly issuer: string;
  readonly audience: string;
  readonly dataDir: string;
  readonly internalApiToken: string;
  readonly logLevel: LogLevel;
  readonly stripeSandboxPort: number;
  readonly logger: (name: string) => Logger;
  readonly closeWith: (close: () => Promise<void>) => void;
}

interface Backends {
  readonly offices: RunningOffices;
  readonly bugs: RunningBugs;
  readonly portals: RunningPortals;
  readonly verifications: RunningVerifications;
  readonly schedule: RunningSchedule;
  readonly billing: RunningBilling;
  readonly realtime: RunningRealtime;
}

/** The named variables of this process's environment that are set. */
function pickEnv(names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked;
}

async function startProvider(run: Run): Promise<{ idp: DevIdp; url: string }> {
  const { host, port } = run;
  const idp = createDevIdp({
    issuer: run.issuer,
    port: run.idpPort,
    host,
    audience: run.audience,
    dataDir: path.join(run.dataDir, 'dev-idp'),
    // Tokens for anyone who asks: only while nothing but this machine can reach the provider.
    enableTestTokenEndpoint: isLoopbackHost(host),
    clients: [
      {
        clientId: WEB_CLIENT_ID,
        clientName: 'Verific',
        redirectUris: [
          `http://localhost:${port}/handleLogin`,
          `http://demo.localhost:${port}/handleLogin`,
          `http://${DEVELOPMENT_HOST}/handleLogin`,
        ],
        // The provider tells the gateway when a session signs out, so its access tokens stop working at once.
        backchannelLogoutUri: `${loopbackUrl(host, port)}${BACKCHANNEL_LOGOUT_PATH}`,
      },
    ],
    logger: run.logger('dev-idp'),
  });
  const { url } = await idp.start();
  run.closeWith(() => idp.close());
  return { idp, url };
}

/** Each service reads its settings the way its own main.ts does, from an environment made for this run. */
async function startBackends(run: Run, idp: DevIdp, jwksUrl: string, bus: EventBus): Promise<Backends> {
  const env = (officesUrl?: string): Record<string, string> => ({
    // Services fetch the keys over loopback; `localhost` may resolve to ::1, where nothing listens.
    OIDC_ISSUER: run.issuer,
    OIDC_AUDIENCE: run.audience,
    OIDC_JWKS_URL: jwksUrl,
    LOG_LEVEL: run.logLevel,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: run.dataDir,
    INTERNAL_API_TOKEN: run.internalApiToken,
    ...(officesUrl === undefined ? {} : { OFFICES_URL: officesUrl }),
  });
  const started = async <T extends { close(): Promise<void> }>(running: Promise<T>): Promise<T> => {
    const service = await running;
    run.closeWith(() => service.close());
    return service;
  };
  const parts = (name: string) => ({ bus, logger: run.logger(name) });

  // Users invited on /management sign in at the development provider with the password their invitation made.
  const offices = await started(
    startOffices({
      config: loadOfficesConfig({ ...env(), OIDC_CLIENT_ID: WEB_CLIENT_ID, DEV_IDP_ACCOUNTS: 'true' }),
      seed: demoSeed(),
      ...parts('offices'),
    }),
  );
  idp.useAccountDirectory(officesAccountDirectory({ officesUrl: offices.url, internalApiToken: run.internalApiToken }));
  const bugs = await started(startBugs({ config: loadBugsConfig(env(offices.url)), ...parts('bugs') }));
  const portals = await started(
    startPortals({ config: loadPortalsConfig({ ...pickEnv(TUNABLE.portals), ...env(offices.url) }), ...parts('portals') }),
  );
  await seedDemoCredential(run, idp, portals.url);
  // The demo's week of verifications for /management/stats (once per data folder), before the service opens its store.
  await seedDemoStatsWeek({ dataDir: run.dataDir, dir: path.join(run.dataDir, 'standalone'), now: new Date(), logger: run.logger('standalone') }).catch(
    (error: unknown) => run.logger('standalone').error({ err: error }, 'the demo week of verifications could not be written'),
  );
  // Portal data requests are answered by the portals service above, on the same bus.
  const verifications = await started(
    startVerifications({
      config: loadVerificationsConfig({ ...pickEnv(TUNABLE.verifications), ...env(offices.url) }),
      ...parts('verifications'),
    }),
  );
  // Verification requests of the schedule go to the verifications service above, on the same bus.
  const schedule = await started(
    startSchedule({ config: loadScheduleConfig({ ...pickEnv(TUNABLE.schedule), ...env(offices.url) }), ...parts('schedule') }),
  );
  // Checkout returns to the app at the office's host (demo.localhost beside localhost), through the gateway.
  const billing = await started(
    startBilling({
      config: loadBillingConfig({
        STRIPE_SANDBOX_PORT: String(run.stripeSandboxPort),
        ...pickEnv(TUNABLE.billing),
        ...env(offices.url),
        PUBLIC_APP_URL: `http://localhost:${run.port}`,
      }),
      sandboxOffices: demoBillingOffices(),
      ...parts('billing'),
    }),
  );
  const realtime = await started(startRealtime({ config: loadRealtimeConfig(env()), ...parts('realtime') }));
  return { offices, bugs, portals, verifications, schedule, billing, realtime };
}

/** The demo office's portal login, through the portals API as its manager would add it (once per data folder). */
async function seedDemoCredential(run: Run, idp: DevIdp, portalsUrl: string): Promise<void> {
  try {
    await seedDemoPortalCredential({
      portalsUrl,
      token: await idp.issueTestToken(DEMO_PORTAL_CREDENTIAL.addedBy, 300),
      dir: path.join(run.dataDir, 'standalone'),
      logger: run.logger('standalone'),
    });
  } catch (error) {
    // The product runs without it: the demo office then adds its portal login on the Portal Credentials page.
    run.logger('standalone').error({ err: error }, 'the demo portal credential could not be added');
  }
}

async function startFront(run: Run, backends: Backends, jwksUrl: string, webDistDir?: string): Promise<RunningGateway> {
  const gateway = await startGateway({
    config: gatewayConfig({
      port: run.port,
      host: run.host,
      logLevel: run.logLevel,
      oidcIssuer: run.issuer,
      oidcAudience: run.audience,
      oidcJwksUrl: jwksUrl,
      oidcClientId: WEB_CLIENT_ID,
      internalApiToken: run.internalApiToken,
      upstreams: {
        offices: backends.offices.url,
        bugs: backends.bugs.url,
        portals: backends.portals.url,
        verifications: backends.verifications.url,
        schedule: backends.schedule.url,
        billing: backends.billing.url,
        realtime: backends.realtime.url,
      },
      rateLimit: LOCAL_RATE_LIMIT,
      organizationLookupLimit: LOCAL_RATE_LIMIT,
      // Development: the API reference (/api/docs) is open to anyone who reaches this machine's gateway.
      apiDocsPublic: true,
      ...(webDistDir === undefined ? {} : { webDistDir }),
    }),
    logger: run.logger('gateway'),
  });
  run.closeWith(() => gateway.close());
  return gateway;
}

export async function startStandalone(options: StandaloneOptions): Promise<RunningStandalone> {
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'info';
  const port = options.port === 0 ? await freePort(host) : (options.port ?? 8080);
  const idpPort = options.idpPort === 0 ? await freePort(host) : (options.idpPort ?? 8090);
  const logger = (name: string): Logger => createLogger({ name, level: logLevel });
  const { add: closeWith, closeAll } = createClosers(logger('standalone'));
  const run: Run = {
    host,
    port,
    idpPort,
    issuer: `http://localhost:${idpPort}`,
    audience: options.audience ?? DEFAULT_AUDIENCE,
    dataDir: options.dataDir,
    // Not kept anywhere: the gateway and the services of this process share it for this run only.
    internalApiToken: options.internalApiToken ?? randomBytes(32).toString('base64url'),
    logLevel,
    // Tests start on free ports (port 0): the sandbox too, so that runs side by side never collide.
    stripeSandboxPort: options.stripeSandboxPort ?? (options.port === 0 ? 0 : DEFAULT_STRIPE_SANDBOX_PORT),
    logger,
    closeWith,
  };

  try {
    const provider = await startProvider(run);
    const jwksUrl = `${provider.url}/jwks`;
    const bus = createInProcessBus({ logger: logger('bus') });
    closeWith(() => bus.close());
    const backends = await startBackends(run, provider.idp, jwksUrl, bus);
    const gateway = await startFront(run, backends, jwksUrl, options.webDistDir);
    return {
      gatewayUrl: `http://localhost:${port}`,
      demoUrl: `http://demo.localhost:${port}`,
      issuer: run.issuer,
      loopback: {
        gateway: loopbackUrl(host, gateway.port),
        idp: provider.url,
        offices: backends.offices.url,
        bugs: backends.bugs.url,
        portals: backends.portals.url,
        verifications: backends.verifications.url,
        schedule: backends.schedule.url,
        billing: backends.billing.url,
        realtime: backends.realtime.url,
      },
      sandboxStripe: backends.billing.sandboxStripe,
      stripeSandboxUrl: backends.billing.stripeSandboxUrl,
      port: gateway.port,
      idpPort,
      demoUsers: demoSeed().users.map((user) => user.email),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
