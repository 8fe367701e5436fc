/**
 * The gateway's environment, validated once at start (nothing else reads process.env): the kit's process and
 * identity provider fields, and the gateway's own. It keeps no files and uses no store or bus, so it reads no
 * DATA_DIR, MONGODB_URI or KAFKA_BROKERS.
 */
import path from 'node:path';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import {
  envBoolean,
  httpUrl,
  internalApiTokenEnv,
  loadConfig,
  oidcEnvFields,
  processEnvFields,
  redisUrlEnv,
  type Environment,
  type ProcessConfig,
  type ServiceConfig,
} from '@dv/kit';
import { z } from 'zod';
import { UPSTREAM_SERVICES, UPSTREAM_URL_VARIABLES, type UpstreamService, type UpstreamUrlVariable } from './proxy/upstream-table';

const positiveInt = () => z.coerce.number().int().min(1);

/**
 * POST /api/auth/organization per client IP: an app load asks once, so sixty a minute serve an office full of
 * people behind one address, while enumerating organization names goes no faster than that.
 */
export const DEFAULT_ORGANIZATION_LOOKUP_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

/** Where `npm run build` in web/ writes the SPA, seen from services/gateway/dist (or src under jest). */
export const DEFAULT_WEB_DIST_DIR = path.resolve(__dirname, '..', '..', '..', 'web', 'dist');

const DEFAULTS = {
  port: 8080,
  /** The one process clients reach: every interface, where the services listen on loopback. */
  host: '0.0.0.0',
  bodyLimitBytes: 1_048_576,
  upstreamTimeoutMs: 30_000,
  rateLimit: { max: 1_000, timeWindowMs: 60_000 },
  directoryCacheTtlMs: 60_000,
} as const;

const { DATA_DIR: _noFiles, HOST: processHost, ...processFields } = processEnvFields({ port: DEFAULTS.port });

/** <SERVICE>_URL for every service behind the gateway (UPSTREAM_URL_VARIABLES); unset: its routes answer 503. */
const upstreamUrlFields = Object.fromEntries(
  UPSTREAM_SERVICES.map((service) => [UPSTREAM_URL_VARIABLES[service], httpUrl().optional()]),
) as { readonly [V in UpstreamUrlVariable]: z.ZodOptional<ReturnType<typeof httpUrl>> };

const GatewayEnvFields = z.object({
  ...processFields,
  HOST: processHost.unwrap().default(DEFAULTS.host),
  ...oidcEnvFields,
  /** The SPA's client id at the issuer: the audience of back-channel logout tokens. Unset: no back-channel logout. */
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** The longest access token lifetime the issuer gives: how long a signed-out session's tokens stay refused. */
  ACCESS_TOKEN_LIFETIME_SECONDS: positiveInt().default(ACCESS_TOKEN_LIFETIME_SECONDS),
  /** State every replica shares (rate limits, signed-out sessions); unset: in this process's memory. */
  REDIS_URL: redisUrlEnv().optional(),
  /** Shared with the services' internal routes (/internal/*); never sent to a browser. */
  INTERNAL_API_TOKEN: internalApiTokenEnv(),
  ...upstreamUrlFields,
  /** The SPA's built files. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Largest request body for every route without its own limit. */
  BODY_LIMIT_BYTES: positiveInt().default(DEFAULTS.bodyLimitBytes),
  /** An upstream that has not answered (headers) by then gets a 504. */
  UPSTREAM_TIMEOUT_MS: positiveInt().default(DEFAULTS.upstreamTimeoutMs),
  /** Requests per client IP and window; 0 turns the limit off. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(DEFAULTS.rateLimit.max),
  RATE_LIMIT_WINDOW_MS: positiveInt().default(DEFAULTS.rateLimit.timeWindowMs),
  /** POST /api/auth/organization per client IP and window; 0 turns this limit off. */
  ORGANIZATION_LOOKUP_MAX: z.coerce.number().int().min(0).default(DEFAULT_ORGANIZATION_LOOKUP_LIMIT.max),
  ORGANIZATION_LOOKUP_WINDOW_MS: positiveInt().default(DEFAULT_ORGANIZATION_LOOKUP_LIMIT.timeWindowMs),
  /** How long host -> organization and office -> organization answers are kept. */
  DIRECTORY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(DEFAULTS.directoryCacheTtlMs),
  /** Trust X-Forwarded-* from a load balancer in front (client IP for rate limits, host for the organization). */
  TRUST_PROXY: envBoolean.default(false),
  /** The merged API document (/api/docs/openapi.json) without a token; false: company users only. */
  API_DOCS_PUBLIC: envBoolean.default(false),
});

export interface GatewayConfig
  extends Omit<ProcessConfig, 'dataDir'>,
    Pick<ServiceConfig, 'oidcIssuer' | 'oidcAudience' | 'oidcJwksUrl'> {
  /** Set: POST /oidc/backchannel-logout takes the issuer's logout tokens for this client. */
  readonly oidcClientId?: string;
  readonly accessTokenLifetimeSeconds: number;
  /** Set: rate limits and signed-out sessions live in this Redis, shared by every replica. */
  readonly redisUrl?: string;
  readonly internalApiToken: string;
  /** Base URL per service; a service without one answers 503. */
  readonly upstreams: Readonly<Partial<Record<UpstreamService, string>>>;
  readonly webDistDir: string;
  readonly bodyLimitBytes: number;
  readonly upstreamTimeoutMs: number;
  /** null: no rate limit. */
  readonly rateLimit: { readonly max: number; readonly timeWindowMs: number } | null;
  /** null: no limit on POST /api/auth/organization beyond rateLimit. */
  readonly organizationLookupLimit: { readonly max: number; readonly timeWindowMs: number } | null;
  readonly directoryCacheTtlMs: number;
  readonly trustProxy: boolean;
  /** The API reference's document for anyone (development); otherwise for company users only. */
  readonly apiDocsPublic: boolean;
}

/** A per-window limit, or null where the environment set its maximum to 0. */
const limitOf = (max: number, timeWindowMs: number) => (max === 0 ? null : { max, timeWindowMs });

function gatewayConfigOf(env: z.output<typeof GatewayEnvFields>): GatewayConfig {
  const upstreams: Partial<Record<UpstreamService, string>> = {};
  for (const service of UPSTREAM_SERVICES) {
    const url = env[UPSTREAM_URL_VARIABLES[service]];
    if (url) upstreams[service] = url;
  }
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    ...(env.METRICS_PORT === undefined ? {} : { metricsPort: env.METRICS_PORT }),
    ...(env.METRICS_HOST === undefined ? {} : { metricsHost: env.METRICS_HOST }),
    oidcIssuer: env.OIDC_ISSUER,
    oidcAudience: env.OIDC_AUDIENCE,
    ...(env.OIDC_JWKS_URL === undefined ? {} : { oidcJwksUrl: env.OIDC_JWKS_URL }),
    ...(env.OIDC_CLIENT_ID === undefined ? {} : { oidcClientId: env.OIDC_CLIENT_ID }),
    accessTokenLifetimeSeconds: env.ACCESS_TOKEN_LIFETIME_SECONDS,
    ...(env.REDIS_URL === undefined ? {} : { redisUrl: env.REDIS_URL }),
    internalApiToken: env.INTERNAL_API_TOKEN,
    upstreams,
    webDistDir: env.WEB_DIST_DIR === undefined ? DEFAULT_WEB_DIST_DIR : path.resolve(env.WEB_DIST_DIR),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    rateLimit: limitOf(env.RATE_LIMIT_MAX, env.RATE_LIMIT_WINDOW_MS),
    organizationLookupLimit: limitOf(env.ORGANIZATION_LOOKUP_MAX, env.ORGANIZATION_LOOKUP_WINDOW_MS),
    directoryCacheTtlMs: env.DIRECTORY_CACHE_TTL_MS,
    trustProxy: env.TRUST_PROXY,
    apiDocsPublic: env.API_DOCS_PUBLIC,
  };
}

/** The environment schema; its output is the gateway's configuration. */
export const GatewayEnv = GatewayEnvFields.transform(gatewayConfigOf);

export function gatewayConfigFromEnv(env: Environment = process.env): GatewayConfig {
  return loadConfig(GatewayEnv, env);
}

/** Defaults for callers that build a config in code (standalone runner, tests, bench). */
export function gatewayConfig(
  required: Pick<GatewayConfig, 'oidcIssuer' | 'oidcAudience' | 'internalApiToken'> & Partial<GatewayConfig>,
): GatewayConfig {
  return {
    port: DEFAULTS.port,
    host: DEFAULTS.host,
    logLevel: 'info',
    upstreams: {},
    webDistDir: DEFAULT_WEB_DIST_DIR,
    bodyLimitBytes: DEFAULTS.bodyLimitBytes,
    upstreamTimeoutMs: DEFAULTS.upstreamTimeoutMs,
    rateLimit: DEFAULTS.rateLimit,
    organizationLookupLimit: DEFAULT_ORGANIZATION_LOOKUP_LIMIT,
    accessTokenLifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    directoryCacheTtlMs: DEFAULTS.directoryCacheTtlMs,
    trustProxy: false,
    apiDocsPublic: false,
    ...required,
  };
}
