/**
 * buildGateway(deps): the BFF in front of every service. Tests build it with their own issuer, directory and
 * upstreams; main.ts and the standalone runner build it from configuration.
 */
import {
  buildServer,
  closeRedis,
  connectRedis,
  createLogger,
  NotFound,
  openExpiringSet,
  type ExpiringSet,
  type Logger,
  type Redis,
  type Server,
  type TokenVerifier,
} from '@dv/kit';
import { apiGuard } from './api-guard';
import { registerBackchannelLogout } from './auth/backchannel-logout';
import { createIssuerLogoutVerifier, createIssuerVerifier, discoveryUrl } from './auth/issuer-verifier';
import { refusingSignedOutSessions, SIGNED_OUT_SESSIONS, signedOutSessions } from './auth/signed-out-sessions';
import { bodyLimitResolver, limitedBodyParser, ROUTE_BODY_LIMITS, type RouteBodyLimit } from './body-limit';
import type { GatewayConfig } from './config';
import { createOfficesDirectory, type OfficesDirectory } from './directory/offices-directory';
import { organizationLookupLimit } from './organization-lookup-limit';
import { refuseConnectRequests } from './request-target';
import { securityHeaders } from './security-headers';
import { registerSpa } from './spa';
import { registerUpstreams, UPSTREAM_ROUTES, type UpstreamRoute } from './upstreams';

export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly logger?: Logger;
  /** Default: the kit's verifier for the configured issuer (JWKS URL given, or from discovery). */
  readonly verifier?: TokenVerifier;
  /** Default: the offices service's internal routes at the configured offices URL. */
  readonly directory?: OfficesDirectory;
  /** Default UPSTREAM_ROUTES. */
  readonly routes?: readonly UpstreamRoute[];
  /** Routes allowed a larger body than config.bodyLimitBytes. Default ROUTE_BODY_LIMITS. */
  readonly bodyLimits?: readonly RouteBodyLimit[];
  /** Where signed-out sessions are kept. Default: in Redis with config.redisUrl, else in memory. */
  readonly signedOutSessions?: ExpiringSet;
}

export async function buildGateway(deps: GatewayDeps): Promise<Server> {
  const { config } = deps;
  const logger = deps.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const verifier =
    deps.verifier ??
    createIssuerVerifier({
      issuer: config.oidcIssuer,
      audience: config.oidcAudience,
      ...(config.oidcJwksUrl === undefined ? {} : { jwksUrl: config.oidcJwksUrl }),
    });
  const directory =
    deps.directory ??
    createOfficesDirectory({
      baseUrl: config.upstreams.offices,
      internalApiToken: config.internalApiToken,
      cacheTtlMs: config.directoryCacheTtlMs,
    });
  const bodyLimits = deps.bodyLimits ?? ROUTE_BODY_LIMITS;
  const bodyLimitFor = bodyLimitResolver(config.bodyLimitBytes, bodyLimits);

  const app = await buildServer({
    name: 'gateway',
    logger,
    bodyLimit: Math.max(config.bodyLimitBytes, ...bodyLimits.map((limit) => limit.maxBytes)),
    rateLimit: config.rateLimit === null ? false : { max: config.rateLimit.max, timeWindowMs: config.rateLimit.timeWindowMs },
    trustProxy: config.trustProxy,
    helmet: securityHeaders({ oidcIssuer: config.oidcIssuer }),
  });

  addReadinessChecks(app, config);
  const redis = config.redisUrl === undefined ? undefined : useRedis(app, config.redisUrl, logger);
  const signedOut = signedOutSessions({
    set: deps.signedOutSessions ?? openExpiringSet({ name: SIGNED_OUT_SESSIONS, ...(redis ? { redis } : {}) }),
    accessTokenLifetimeSeconds: config.accessTokenLifetimeSeconds,
  });

  app.decorateRequest('organization', null);
  app.decorateRequest('caller', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', limitedBodyParser(bodyLimitFor));
  app.addHook('onRequest', apiGuard({ verifier: refusingSignedOutSessions(verifier, signedOut), directory, bodyLimitFor }));
  if (config.organizationLookupLimit !== null) {
    const lookups = await organizationLookupLimit({ limit: config.organizationLookupLimit, ...(redis ? { redis } : {}) });
    app.addHook('onRequest', lookups.hook);
    app.addHook('onClose', () => lookups.close());
  }
  if (config.oidcClientId !== undefined) {
    const logoutVerifier = createIssuerLogoutVerifier({
      issuer: config.oidcIssuer,
      clientId: config.oidcClientId,
      ...(config.oidcJwksUrl === undefined ? {} : { jwksUrl: config.oidcJwksUrl }),
    });
    registerBackchannelLogout(app, { verifier: logoutVerifier, sessions: signedOut });
  }
  refuseConnectRequests(app.server);

  // The services' internal routes are for the gateway alone; nothing under /internal is ever proxied.
  const internalNotFound = (request: { method: string; url: string }): never => {
    throw new NotFound(`Route ${request.method} ${request.url.split('?', 1)[0] ?? ''} not found`);
  };
  app.all('/internal', internalNotFound);
  app.all('/internal/*', internalNotFound);

  await registerUpstreams(app, {
    routes: deps.routes ?? UPSTREAM_ROUTES,
    upstreams: config.upstreams,
    timeoutMs: config.upstreamTimeoutMs,
  });
  await registerSpa(app, { webDistDir: config.webDistDir });
  return app;
}

const READINESS_PROBE_TIMEOUT_MS = 1_500;

/** The Redis of the state replicas share: part of readiness, closed with the gateway. */
function useRedis(app: Server, url: string, logger: Logger): Redis {
  const redis = connectRedis({ url, name: 'gateway', logger });
  app.addReadinessCheck('redis', async () => {
    await redis.ping();
  });
  app.addHook('onClose', () => closeRedis(redis));
  return redis;
}

async function probe(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(READINESS_PROBE_TIMEOUT_MS) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

/**
 * The gateway is ready when it can do its work: read the identity provider's keys (or its discovery document)
 * and reach every service it proxies to (their /healthz).
 */
function addReadinessChecks(app: Server, config: GatewayConfig): void {
  app.addReadinessCheck('identity provider', () => probe(config.oidcJwksUrl ?? discoveryUrl(config.oidcIssuer)));
  for (const [service, baseUrl] of Object.entries(config.upstreams)) {
    if (baseUrl !== undefined) app.addReadinessCheck(service, () => probe(new URL('/healthz', baseUrl).href));
  }
}
