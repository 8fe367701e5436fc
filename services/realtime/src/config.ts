/** The environment of the realtime service, validated once at start-up (nothing else reads process.env). */
import { envList, envPort, loadConfig, type Environment } from '@dv/kit';
import { z } from 'zod';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface RealtimeConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  readonly oidcJwksUrl?: string;
  /** Kafka instead of the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  /** With it, Socket.IO's Redis adapter: any number of realtime processes share the rooms. */
  readonly redisUrl?: string;
  /** Prefix of the adapter's channels and of this service's keys; distinct per deployment sharing a Redis. */
  readonly redisKeyPrefix: string;
  /** A socket that has not authorized by then gets the error event and is disconnected. */
  readonly authTimeoutMs: number;
  /** How often authorized sockets get a `ping` event (the SPA answers `pong`); 0 turns it off. */
  readonly pingIntervalMs: number;
  /** How long an event id is remembered to drop redeliveries. */
  readonly dedupeTtlMs: number;
  readonly logLevel?: LogLevel;
}

export const RealtimeEnv = z
  .object({
    PORT: envPort.default(8087),
    /** Loopback by default: browsers reach this service through the gateway. A container sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    OIDC_ISSUER: httpUrl(),
    OIDC_AUDIENCE: z.string().min(1),
    OIDC_JWKS_URL: httpUrl().optional(),
    KAFKA_BROKERS: envList.pipe(z.array(z.string().min(1)).min(1)).optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' }).optional(),
    REDIS_KEY_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, { error: 'letters, digits, ".", ":", "_" or "-"' }).default('dv-realtime'),
    SOCKET_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    SOCKET_PING_INTERVAL_MS: z.coerce.number().int().min(0).default(25_000),
    EVENT_DEDUPE_TTL_MS: z.coerce.number().int().min(1_000).default(86_400_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform(
    (env): RealtimeConfig => ({
      port: env.PORT,
      host: env.HOST,
      oidcIssuer: env.OIDC_ISSUER,
      oidcAudience: env.OIDC_AUDIENCE,
      oidcJwksUrl: env.OIDC_JWKS_URL,
      kafkaBrokers: env.KAFKA_BROKERS,
      redisUrl: env.REDIS_URL,
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      authTimeoutMs: env.SOCKET_AUTH_TIMEOUT_MS,
      pingIntervalMs: env.SOCKET_PING_INTERVAL_MS,
      dedupeTtlMs: env.EVENT_DEDUPE_TTL_MS,
      logLevel: env.LOG_LEVEL,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadRealtimeConfig(env: Environment = process.env): RealtimeConfig {
  return loadConfig(RealtimeEnv, env);
}
