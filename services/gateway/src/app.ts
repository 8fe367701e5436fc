/**
 * The gateway: the BFF in front of every service, defined through the kit's service host like every service. It
 * authenticates by itself (the request guard, before anything is proxied), keeps no documents and uses no bus.
 * main.ts runs it from the environment; the standalone runner, benchmarks and tests start it with startGateway.
 */
import {
  closeRedis,
  connectRedis,
  defineService,
  issuerLogoutVerifier,
  NotFound,
  openExpiringSet,
  startService,
  type ExpiringSet,
  type Redis,
  type RunningService,
  type Server,
  type ServiceContext,
  type StartOptions,
} from '@dv/kit';
import { registerBackchannelLogout } from './auth/backchannel-logout';
import { refusingSignedOutSessions, SIGNED_OUT_SESSIONS, signedOutSessions } from './auth/signed-out-sessions';
import { rememberVerifiedTokens } from './auth/verified-tokens';
import { GatewayEnv, type GatewayConfig } from './config';
import { createOfficesDirectory, type OfficesDirectory } from './directory/offices-directory';
import { registerApiDocs } from './docs/docs-routes';
import { apiGuard } from './guard/api-guard';
import { refuseConnectRequests } from './guard/request-target';
import { bodyLimitResolver, limitedBodyParser, ROUTE_BODY_LIMITS, type RouteBodyLimit } from './limits/body-limit';
import { organizationLookupLimit } from './limits/organization-lookup-limit';
import { addReadinessChecks } from './proxy/readiness';
import { UPSTREAM_ROUTES, type UpstreamRoute } from './proxy/upstream-table';
import { registerUpstreams } from './proxy/upstreams';
import { securityHeaders } from './web/security-headers';
import { registerSpa } from './web/spa';

/** What a caller may hand the gateway instead of what the configuration selects (tests). */
export interface GatewayStartOptions {
  /** Default: the offices service's internal routes at the configured offices URL. */
  readonly directory?: OfficesDirectory;
  /** Default UPSTREAM_ROUTES. */
  readonly routes?: readonly UpstreamRoute[];
  /** Routes allowed a larger body than config.bodyLimitBytes. Default ROUTE_BODY_LIMITS. */
  readonly bodyLimits?: readonly RouteBodyLimit[];
  /** Where signed-out sessions are kept. Default: in Redis with config.redisUrl, else in memory. */
  readonly signedOutSessions?: ExpiringSet;
}

export type StartGatewayOptions = StartOptions<GatewayConfig, GatewayStartOptions>;

export type RunningGateway = RunningService<object> & {
  /** The port it listens on (0 in the configuration picks one). */
  readonly port: number;
};

/** The Redis of the state replicas share: part of readiness, closed with the gateway. */
function useRedis(app: Server, url: string, { logger, closeWith }: Pick<ServiceContext<GatewayConfig>, 'logger' | 'closeWith'>): Redis {
  const redis = connectRedis({ url, name: 'gateway', logger });
  app.addReadinessCheck('redis', async () => {
    await redis.ping();
  });
  closeWith(() => closeRedis(redis));
  return redis;
}

/** The services' internal routes are for the gateway alone; nothing under /internal is ever proxied. */
function refuseInternalRoutes(app: Server): void {
  const internalNotFound = (request: { method: string; url: string }): never => {
    throw new NotFound(`Route ${request.method} ${request.url.split('?', 1)[0] ?? ''} not found`);
  };
  app.all('/internal', internalNotFound);
  app.all('/internal/*', internalNotFound);
}

/** Refuses the access tokens of sessions the identity provider said ended; takes its word at the back channel. */
function signOutSessions(
  app: Server,
  context: Pick<ServiceContext<GatewayConfig>, 'config'>,
  options: { readonly set?: ExpiringSet; readonly redis?: Redis },
) {
  const { config } = context;
  const sessions = signedOutSessions({
    set: options.set ?? openExpiringSet({ name: SIGNED_OUT_SESSIONS, ...(options.redis ? { redis: options.redis } : {}) }),
    accessTokenLifetimeSeconds: config.accessTokenLifetimeSeconds,
  });
  if (config.oidcClientId !== undefined) {
    const verifier = issuerLogoutVerifier({
      issuer: config.oidcIssuer,
      clientId: config.oidcClientId,
      ...(config.oidcJwksUrl === undefined ? {} : { jwksUrl: config.oidcJwksUrl }),
    });
    registerBackchannelLogout(app, { verifier, sessions });
  }
  return sessions;
}

export const gatewayService = defineService<GatewayConfig, GatewayStartOptions>({
  name: 'gateway',
  env: GatewayEnv,
  bus: false,
  // The internet's listener: the gateway's metrics are served on METRICS_PORT alone, never here.
  publicListener: true,
  http: (config) => ({
    authenticate: false,
    // Fastify's own limit; the gateway's one body parser applies each route's limit itself (limits/body-limit.ts).
    bodyLimit: Math.max(config.bodyLimitBytes, ...ROUTE_BODY_LIMITS.map((limit) => limit.maxBytes)),
    rateLimit: config.rateLimit === null ? false : { max: config.rateLimit.max, timeWindowMs: config.rateLimit.timeWindowMs },
    trustProxy: config.trustProxy,
    helmet: securityHeaders({ oidcIssuer: config.oidcIssuer }),
    // The gateway's routes are proxies: the API's document is the services' documents, merged (docs/).
    openapi: false,
  }),
  async build(app, context, options) {
    const { config } = context;
    const directory =
      options.directory ??
      createOfficesDirectory({
        baseUrl: config.upstreams.offices,
        internalApiToken: config.internalApiToken,
        cacheTtlMs: config.directoryCacheTtlMs,
      });
    const bodyLimitFor = bodyLimitResolver(config.bodyLimitBytes, options.bodyLimits ?? ROUTE_BODY_LIMITS);

    addReadinessChecks(app, config);
    const redis = config.redisUrl === undefined ? undefined : useRedis(app, config.redisUrl, context);
    const sessions = signOutSessions(app, context, {
      ...(options.signedOutSessions ? { set: options.signedOutSessions } : {}),
      ...(redis ? { redis } : {}),
    });

    app.decorateRequest('organization', null);
    app.decorateRequest('caller', null);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', limitedBodyParser(bodyLimitFor));
    // Signatures are checked once per token (auth/verified-tokens.ts); signed-out sessions on every call.
    const verifier = refusingSignedOutSessions(rememberVerifiedTokens(context.verifier), sessions);
    app.addHook('onRequest', apiGuard({ verifier, directory, bodyLimitFor }));
    if (config.organizationLookupLimit !== null) {
      const lookups = await organizationLookupLimit({ limit: config.organizationLookupLimit, ...(redis ? { redis } : {}) });
      app.addHook('onRequest', lookups.hook);
      context.closeWith(() => lookups.close());
    }
    refuseConnectRequests(app.server);
    refuseInternalRoutes(app);

    await registerApiDocs(app, { isPublic: config.apiDocsPublic, verifier, upstreams: config.upstreams });
    await registerUpstreams(app, {
      routes: options.routes ?? UPSTREAM_ROUTES,
      upstreams: config.upstreams,
      timeoutMs: config.upstreamTimeoutMs,
    });
    await registerSpa(app, { webDistDir: config.webDistDir });
    return {};
  },
});

/** Starts the gateway in this process (standalone runner, benchmarks, end-to-end tests): listen, and a close(). */
export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const running = await startService(gatewayService, options);
  return { ...running, port: Number(new URL(running.url).port) };
}
