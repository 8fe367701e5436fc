/** The gateway's environment, validated once at start (nothing else reads process.env). */
import path from 'node:path';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import { envBoolean, envPort, loadConfig, type Environment } from '@dv/kit';
import { z } from 'zod';
import { UPSTREAM_SERVICES, UPSTREAM_URL_VARIABLES, type UpstreamService } from './upstreams';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const positiveInt = () => z.coerce.number().int().min(1);

/**
 * POST /api/auth/organization per client IP: an app load asks once, so sixty a minute serve an office full of
 * people behind one address, while enumerating organization names goes no faster than that.
 */
export const DEFAULT_ORGANIZATION_LOOKUP_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

/** Where `npm run build` in web/ writes the SPA, seen from services/gateway/dist (or src under jest). */
export const DEFAULT_WEB_DIST_DIR = path.resolve(__dirname, '..', '..', '..', 'web', 'dist');

export const GatewayEnv = z.object({
  PORT: envPort.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `iss` of access tokens. */
  OIDC_ISSUER: httpUrl(),
  /** `aud` of access tokens (the API resource). */
  OIDC_AUDIENCE: z.string().min(1),
  /** Where the signing keys are; default: `jwks_uri` of the issuer's discovery document. */
  OIDC_JWKS_URL: httpUrl().optional(),
  /** The SPA's client id at the issuer: the audience of back-channel logout tokens. Unset: no back-channel logout. */
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** The longest access token lifetime the issuer gives: how long a signed-out session's tokens stay refused. */
  ACCESS_TOKEN_LIFETIME_SECONDS: positiveInt().default(ACCESS_TOKEN_LIFETIME_SECONDS),
  /** State every replica shares (rate limits, signed-out sessions); unset: in this process's memory. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Shared with the services' internal routes (/internal/*); never sent to a browser. */
  INTERNAL_API_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  /** Base URL of each service behind the gateway (UPSTREAM_URL_VARIABLES); unset: its routes answer 503. */
  OFFICES_URL: httpUrl().optional(),
  PORTALS_URL: httpUrl().optional(),
  BUGS_URL: httpUrl().optional(),
  BILLING_URL: httpUrl().optional(),
  VERIFICATIONS_URL: httpUrl().optional(),
  SCHEDULE_URL: httpUrl().optional(),
  REALTIME_URL: httpUrl().optional(),
  /** The SPA's built files. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Largest request body for every route without its own limit. */
  BODY_LIMIT_BYTES: positiveInt().default(1_048_576),
  /** An upstream that has not answered (headers) by then gets a 504. */
  UPSTREAM_TIMEOUT_MS: positiveInt().default(30_000),
  /** Requests per client IP and window; 0 turns the limit off. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(1_000),
  RATE_LIMIT_WINDOW_MS: positiveInt().default(60_000),
  /** POST /api/auth/organization per client IP and window; 0 turns this limit off. */
  ORGANIZATION_LOOKUP_MAX: z.coerce.number().int().min(0).default(DEFAULT_ORGANIZATION_LOOKUP_LIMIT.max),
  ORGANIZATION_LOOKUP_WINDOW_MS: positiveInt().default(DEFAULT_ORGANIZATION_LOOKUP_LIMIT.timeWindowMs),
  /** How long host -> organization and office -> organization answers are kept. */
  DIRECTORY_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Trust X-Forwarded-* from a load balancer in front (client IP for rate limits, host for the organization). */
  TRUST_PROXY: envBoolean.default(false),
});
export type GatewayEnv = z.output<typeof GatewayEnv>;

export interface GatewayConfig {
  readonly port: number;
  readonly host: string;
  readonly logLevel: GatewayEnv['LOG_LEVEL'];
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  readonly oidcJwksUrl?: string;
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
}

export function gatewayConfigFromEnv(env: Environment = process.env): GatewayConfig {
  const parsed = loadConfig(GatewayEnv, env);
  const upstreams: Partial<Record<UpstreamService, string>> = {};
  for (const service of UPSTREAM_SERVICES) {
    const url = parsed[UPSTREAM_URL_VARIABLES[service]];
    if (url) upstreams[service] = url;
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    logLevel: parsed.LOG_LEVEL,
    oidcIssuer: parsed.OIDC_ISSUER,
    oidcAudience: parsed.OIDC_AUDIENCE,
    ...(parsed.OIDC_JWKS_URL === undefined ? {} : { oidcJwksUrl: parsed.OIDC_JWKS_URL }),
    ...(parsed.OIDC_CLIENT_ID === undefined ? {} : { oidcClientId: parsed.OIDC_CLIENT_ID }),
    accessTokenLifetimeSeconds: parsed.ACCESS_TOKEN_LIFETIME_SECONDS,
    ...(parsed.REDIS_URL === undefined ? {} : { redisUrl: parsed.REDIS_URL }),
    internalApiToken: parsed.INTERNAL_API_TOKEN,
    upstreams,
    webDistDir: parsed.WEB_DIST_DIR === undefined ? DEFAULT_WEB_DIST_DIR : path.resolve(parsed.WEB_DIST_DIR),
    bodyLimitBytes: parsed.BODY_LIMIT_BYTES,
    upstreamTimeoutMs: parsed.UPSTREAM_TIMEOUT_MS,
    rateLimit: parsed.RATE_LIMIT_MAX === 0 ? null : { max: parsed.RATE_LIMIT_MAX, timeWindowMs: parsed.RATE_LIMIT_WINDOW_MS },
    organizationLookupLimit:
      parsed.ORGANIZATION_LOOKUP_MAX === 0
        ? null
        : { max: parsed.ORGANIZATION_LOOKUP_MAX, timeWindowMs: parsed.ORGANIZATION_LOOKUP_WINDOW_MS },
    directoryCacheTtlMs: parsed.DIRECTORY_CACHE_TTL_MS,
    trustProxy: parsed.TRUST_PROXY,
  };
}

/** Defaults for callers that build a config in code (standalone runner, tests, bench). */
export function gatewayConfig(
  required: Pick<GatewayConfig, 'oidcIssuer' | 'oidcAudience' | 'internalApiToken'> & Partial<GatewayConfig>,
): GatewayConfig {
  return {
    port: 8080,
    host: '0.0.0.0',
    logLevel: 'info',
    upstreams: {},
    webDistDir: DEFAULT_WEB_DIST_DIR,
    bodyLimitBytes: 1_048_576,
    upstreamTimeoutMs: 30_000,
    rateLimit: { max: 1_000, timeWindowMs: 60_000 },
    organizationLookupLimit: DEFAULT_ORGANIZATION_LOOKUP_LIMIT,
    accessTokenLifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    directoryCacheTtlMs: 60_000,
    trustProxy: false,
    ...required,
  };
}
