/**
 * The product as separate processes on loopback (`npm run start:services`): the development identity provider,
 * each service behind the gateway in its own process, two realtime processes (their sockets spread by
 * realtime-balancer.ts, rooms shared through the Redis adapter), and the gateway in front. The services keep
 * their documents in the embedded store (DATA_DIR/<service>, one folder each) and talk over the Redis Streams
 * bus (BUS_URL), so an event crosses processes as it crosses pods on Kafka. The offices and billing processes
 * seed the demo organization as the one-process product does (demo-offices-main.ts, demo-billing-main.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_AUDIENCE, WEB_CLIENT_ID } from '@dv/dev-idp';
import { BACKCHANNEL_LOGOUT_PATH } from '@dv/gateway';
import type { LogLevel } from '@dv/kit';
import { freePort } from '../local-network';
import { entryPath, launch, untilHealthy, type EntryKind, type ServiceProcess } from './launch';
import { startRealtimeBalancer } from './realtime-balancer';

export interface ProcessesOptions {
  readonly dataDir: string;
  /** The gateway's port; 0 picks a free one. Default 8080. */
  readonly port?: number;
  /** The identity provider's port; 0 picks a free one. Default 8090. */
  readonly idpPort?: number;
  /** The Redis of the bus and of the realtime adapter. Default redis://127.0.0.1:6379. */
  readonly redisUrl?: string;
  /** Prefixes this run's keys in Redis, so that runs sharing a Redis stay apart. Default `dv-services`. */
  readonly runId?: string;
  readonly kind?: EntryKind;
  readonly logLevel?: LogLevel;
  readonly echo?: boolean;
  readonly webDistDir?: string;
  /** How long each process may take to answer /healthz. */
  readonly startTimeoutMs?: number;
}

export interface RunningProcesses {
  /** http://127.0.0.1:<port>: the gateway. */
  readonly gateway: string;
  /** http://127.0.0.1:<idpPort>: the provider (POST /dev/token). */
  readonly idp: string;
  readonly issuer: string;
  readonly port: number;
  readonly processes: readonly ServiceProcess[];
  /** The two realtime processes behind the gateway. */
  readonly realtime: readonly ServiceProcess[];
  /** Stops the gateway first, then the services, then the provider. */
  close(): Promise<void>;
}

/** What every service behind the gateway reads. */
interface Shared {
  readonly env: Record<string, string>;
  readonly officesUrl: string;
}

function busUrl(redisUrl: string, runId: string): string {
  const url = new URL(redisUrl);
  url.searchParams.set('prefix', `${runId}:`);
  return url.toString();
}

async function ports(count: number): Promise<number[]> {
  const picked: number[] = [];
  while (picked.length < count) {
    const port = await freePort('127.0.0.1');
    if (!picked.includes(port)) picked.push(port);
  }
  return picked;
}

export async function startProcesses(options: ProcessesOptions): Promise<RunningProcesses> {
  const kind = options.kind ?? 'dist';
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const runId = options.runId ?? 'dv-services';
  const port = options.port === 0 ? await freePort('127.0.0.1') : (options.port ?? 8080);
  const idpPort = options.idpPort === 0 ? await freePort('127.0.0.1') : (options.idpPort ?? 8090);
  const [offices, bugs, portals, verifications, schedule, billing, realtimeA, realtimeB, stripeSandbox] = await ports(9);
  const issuer = `http://localhost:${idpPort}`;
  const internalApiToken = randomBytes(32).toString('base64url');
  const logLevel = options.logLevel ?? 'info';
  const started: ServiceProcess[] = [];
  const start = (name: string, workspace: string, file: string, servicePort: number, env: Record<string, string>) => {
    const service = launch({ name, entry: entryPath(kind, workspace, file), kind, port: servicePort, env: { LOG_LEVEL: logLevel, ...env }, echo: options.echo ?? false });
    started.push(service);
    return service;
  };
  const shared: Shared = {
    officesUrl: `http://127.0.0.1:${offices}`,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: DEFAULT_AUDIENCE,
      OIDC_JWKS_URL: `http://127.0.0.1:${idpPort}/jwks`,
      DATA_DIR: options.dataDir,
      INTERNAL_API_TOKEN: internalApiToken,
      BUS_URL: busUrl(redisUrl, runId),
    },
  };
  const behindGateway = { ...shared.env, OFFICES_URL: shared.officesUrl };
  const close = async () => {
    // The gateway first, so nothing new comes in; the provider last, so services can still fetch keys meanwhile.
    const [gateway, ...rest] = [...started].reverse();
    await gateway?.stop();
    await Promise.all(rest.map((service) => service.stop()));
  };
  try {
    const idp = start('dev-idp', 'dev-idp', 'main', idpPort, {
      ISSUER: issuer,
      DATA_DIR: path.join(options.dataDir, 'dev-idp'),
      ENABLE_TEST_TOKEN_ENDPOINT: 'true',
      OFFICES_URL: shared.officesUrl,
      INTERNAL_API_TOKEN: internalApiToken,
      REDIRECT_URIS: `http://localhost:${port}/handleLogin,http://demo.localhost:${port}/handleLogin`,
      BACKCHANNEL_LOGOUT_URI: `http://127.0.0.1:${port}${BACKCHANNEL_LOGOUT_PATH}`,
    });
    const backends = [
      start('offices', 'standalone', 'processes/demo-offices-main', offices as number, { ...shared.env, OIDC_CLIENT_ID: WEB_CLIENT_ID, DEV_IDP_ACCOUNTS: 'true' }),
      start('bugs', 'bugs', 'main', bugs as number, behindGateway),
      start('portals', 'portals', 'main', portals as number, behindGateway),
      start('verifications', 'verifications', 'main', verifications as number, behindGateway),
      start('schedule', 'schedule', 'main', schedule as number, behindGateway),
      start('billing', 'standalone', 'processes/demo-billing-main', billing as number, {
        ...behindGateway,
        STRIPE_SANDBOX_PORT: String(stripeSandbox),
        PUBLIC_APP_URL: `http://localhost:${port}`,
      }),
    ];
    const realtimeEnv = { ...shared.env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${runId}-realtime` };
    const realtime = [realtimeA, realtimeB].map((realtimePort, index) =>
      start(`realtime-${index + 1}`, 'realtime', 'main', realtimePort as number, realtimeEnv),
    );
    const timeoutMs = options.startTimeoutMs ?? 90_000;
    await Promise.all([idp, ...backends, ...realtime].map((service) => untilHealthy(service, timeoutMs)));
    const balancer = await startRealtimeBalancer([realtimeA, realtimeB].map((p) => ({ host: '127.0.0.1', port: p as number })));
    const gateway = start('gateway', 'gateway', 'main', port, {
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: DEFAULT_AUDIENCE,
      OIDC_JWKS_URL: shared.env.OIDC_JWKS_URL as string,
      OIDC_CLIENT_ID: WEB_CLIENT_ID,
      INTERNAL_API_TOKEN: internalApiToken,
      DATA_DIR: options.dataDir,
      OFFICES_URL: shared.officesUrl,
      BUGS_URL: `http://127.0.0.1:${bugs}`,
      PORTALS_URL: `http://127.0.0.1:${portals}`,
      VERIFICATIONS_URL: `http://127.0.0.1:${verifications}`,
      SCHEDULE_URL: `http://127.0.0.1:${schedule}`,
      BILLING_URL: `http://127.0.0.1:${billing}`,
      REALTIME_URL: balancer.url,
      // Every local client shares 127.0.0.1: limits far above a deployment's (standalone's LOCAL_RATE_LIMIT).
      RATE_LIMIT_MAX: '20000',
      ORGANIZATION_LOOKUP_MAX: '20000',
      API_DOCS_PUBLIC: 'true',
      WEB_DIST_DIR: options.webDistDir ?? path.resolve(__dirname, '../../../../web/dist'),
    });
    await untilHealthy(gateway, timeoutMs);
    return {
      gateway: gateway.url,
      idp: idp.url,
      issuer,
      port,
      processes: started,
      realtime,
      close: async () => {
        await close();
        await balancer.close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
