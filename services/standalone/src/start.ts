/**
 * Every service in one process with the embedded defaults (nedb files under the data folder, the in-process
 * bus) and the demo data: the development identity provider, the offices service on a loopback port, and the
 * gateway in front. The portals service answers the verifications service's portal data requests with the
 * offices' credentials; the demo office office-demo-1 gets a Delta Dental portal login once per data folder
 * (demo-portal-credential.ts). `npm start` runs it through main.ts; end-to-end tests start it here on free ports.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { DEVELOPMENT_HOST } from '@dv/contracts';
import { createDevIdp, WEB_CLIENT_ID, DEFAULT_AUDIENCE, type DevIdp } from '@dv/dev-idp';
import { BACKCHANNEL_LOGOUT_PATH, gatewayConfig, startGateway, type RunningGateway } from '@dv/gateway';
import { createClosers, createInProcessBus, createLogger, type EventBus, type Logger } from '@dv/kit';
import { startBugs, type RunningBugs } from '@dv/bugs';
import { startOffices, type RunningOffices } from '@dv/offices';
import { loadPortalsConfig, startPortals, type RunningPortals } from '@dv/portals';
import { loadRealtimeConfig, startRealtime, type RunningRealtime } from '@dv/realtime';
import { loadVerificationsConfig, startVerifications, type RunningVerifications } from '@dv/verifications';
import { DEMO_PORTAL_CREDENTIAL, seedDemoPortalCredential } from './demo-portal-credential';
import { demoSeed } from './demo-seed';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Every local client (the browser, the e2e suite, scripts) shares 127.0.0.1, so the per-IP limits (all requests,
 * organization look-ups) are set far above a deployment's: still on, so the code path runs, but never in the way
 * of a test run.
 */
const LOCAL_RATE_LIMIT = { max: 20_000, timeWindowMs: 60_000 };

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
    readonly realtime: string;
  };
  readonly port: number;
  readonly idpPort: number;
  /** Emails of the seeded users (password demo). */
  readonly demoUsers: readonly string[];
  /** Closes the gateway (in-flight requests finish), then the services, the provider and the bus. */
  close(): Promise<void>;
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

/** A port free right now on the host (the issuer and the redirect URIs must name ports before anything listens). */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function loopbackUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** True for addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export async function startStandalone(options: StandaloneOptions): Promise<RunningStandalone> {
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'info';
  const audience = options.audience ?? DEFAULT_AUDIENCE;
  const port = options.port === 0 ? await freePort(host) : (options.port ?? 8080);
  const idpPort = options.idpPort === 0 ? await freePort(host) : (options.idpPort ?? 8090);
  const issuer = `http://localhost:${idpPort}`;
  // Not kept anywhere: the gateway and the services of this process share it for this run only.
  const internalApiToken = options.internalApiToken ?? randomBytes(32).toString('base64url');
  const logger = (name: string): Logger => createLogger({ name, level: logLevel });

  const { add: closeWith, closeAll } = createClosers(logger('standalone'));

  try {
    const idp: DevIdp = createDevIdp({
      issuer,
      port: idpPort,
      host,
      audience,
      dataDir: path.join(options.dataDir, 'dev-idp'),
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
      logger: logger('dev-idp'),
    });
    const { url: idpLoopback } = await idp.start();
    closeWith(() => idp.close());
    // Services fetch the keys over loopback; `localhost` may resolve to ::1, where nothing listens.
    const jwksUrl = `${idpLoopback}/jwks`;

    const bus: EventBus = createInProcessBus({ logger: logger('bus') });
    closeWith(() => bus.close());

    const offices: RunningOffices = await startOffices({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: options.dataDir,
        oidcIssuer: issuer,
        oidcAudience: audience,
        oidcJwksUrl: jwksUrl,
        oidcClientId: WEB_CLIENT_ID,
        internalApiToken,
        logLevel,
      },
      bus,
      seed: demoSeed(),
      logger: logger('offices'),
    });
    closeWith(() => offices.close());

    const serviceAuth = { oidcIssuer: issuer, oidcAudience: audience, oidcJwksUrl: jwksUrl };
    const bugs: RunningBugs = await startBugs({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: options.dataDir,
        ...serviceAuth,
        officesUrl: offices.url,
        internalApiToken,
        logLevel,
      },
      bus,
      logger: logger('bugs'),
    });
    closeWith(() => bugs.close());

    // Portals and realtime read their settings the way their own main.ts does; the sandbox timings may be set in
    // the environment (the browser suite shortens them).
    const authEnv = { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience, OIDC_JWKS_URL: jwksUrl, LOG_LEVEL: logLevel };
    const portals: RunningPortals = await startPortals({
      config: loadPortalsConfig({
        ...pickEnv(['SANDBOX_LOGIN_DELAY_MS', 'SANDBOX_MFA_DELAY_MS', 'LOGIN_RETRY_WAIT_MS', 'PORTAL_DATA_LOGIN_WAIT_MS']),
        ...authEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        OFFICES_URL: offices.url,
        INTERNAL_API_TOKEN: internalApiToken,
      }),
      bus,
      logger: logger('portals'),
    });
    closeWith(() => portals.close());

    // The demo office's portal login, through the portals API as its manager would add it (once per data folder).
    try {
      await seedDemoPortalCredential({
        portalsUrl: portals.url,
        token: await idp.issueTestToken(DEMO_PORTAL_CREDENTIAL.addedBy, 300),
        dir: path.join(options.dataDir, 'standalone'),
        logger: logger('standalone'),
      });
    } catch (error) {
      // The product runs without it: the demo office then adds its portal login on the Portal Credentials page.
      logger('standalone').error({ err: error }, 'the demo portal credential could not be added');
    }

    // Portal data requests are answered by the portals service above, on the same bus.
    const verifications: RunningVerifications = await startVerifications({
      config: loadVerificationsConfig({
        ...pickEnv(['SANDBOX_CLEARINGHOUSE_LATENCY_MS', 'JOB_CONCURRENCY']),
        ...authEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        OFFICES_URL: offices.url,
        INTERNAL_API_TOKEN: internalApiToken,
      }),
      bus,
      logger: logger('verifications'),
    });
    closeWith(() => verifications.close());

    const realtime: RunningRealtime = await startRealtime({
      config: loadRealtimeConfig({ ...authEnv, PORT: '0', HOST: '127.0.0.1' }),
      bus,
      logger: logger('realtime'),
    });
    closeWith(() => realtime.close());

    const gateway: RunningGateway = await startGateway({
      config: gatewayConfig({
        port,
        host,
        logLevel,
        oidcIssuer: issuer,
        oidcAudience: audience,
        oidcJwksUrl: jwksUrl,
        oidcClientId: WEB_CLIENT_ID,
        internalApiToken,
        upstreams: {
          offices: offices.url,
          bugs: bugs.url,
          portals: portals.url,
          verifications: verifications.url,
          realtime: realtime.url,
        },
        rateLimit: LOCAL_RATE_LIMIT,
        organizationLookupLimit: LOCAL_RATE_LIMIT,
        ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
      }),
      logger: logger('gateway'),
    });
    closeWith(() => gateway.close());

    return {
      gatewayUrl: `http://localhost:${port}`,
      demoUrl: `http://demo.localhost:${port}`,
      issuer,
      loopback: {
        gateway: loopbackUrl(host, gateway.port),
        idp: idpLoopback,
        offices: offices.url,
        bugs: bugs.url,
        portals: portals.url,
        verifications: verifications.url,
        realtime: realtime.url,
      },
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
