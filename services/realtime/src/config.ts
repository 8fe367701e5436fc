/**
 * The environment of the realtime service, validated once at start-up (nothing else reads process.env). It keeps
 * no documents: the kit's fields without a store, and its own for Redis and the sockets.
 */
import {
  adapterEnvFields,
  loadConfig,
  oidcEnvFields,
  processEnvFields,
  redisUrlEnv,
  serviceConfigOf,
  type Environment,
  type ServiceConfig,
} from '@dv/kit';
import { z } from 'zod';

export interface RealtimeConfig extends ServiceConfig {
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
}

export const RealtimeEnv = z
  .object({
    ...processEnvFields({ port: 8087 }),
    KAFKA_BROKERS: adapterEnvFields.KAFKA_BROKERS,
    BUS_URL: adapterEnvFields.BUS_URL,
    ...oidcEnvFields,
    REDIS_URL: redisUrlEnv().optional(),
    REDIS_KEY_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, { error: 'letters, digits, ".", ":", "_" or "-"' }).default('dv-realtime'),
    SOCKET_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    SOCKET_PING_INTERVAL_MS: z.coerce.number().int().min(0).default(25_000),
    EVENT_DEDUPE_TTL_MS: z.coerce.number().int().min(1_000).default(86_400_000),
  })
  .transform(
    (env): RealtimeConfig => ({
      ...serviceConfigOf(env),
      redisUrl: env.REDIS_URL,
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      authTimeoutMs: env.SOCKET_AUTH_TIMEOUT_MS,
      pingIntervalMs: env.SOCKET_PING_INTERVAL_MS,
      dedupeTtlMs: env.EVENT_DEDUPE_TTL_MS,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadRealtimeConfig(env: Environment = process.env): RealtimeConfig {
  return loadConfig(RealtimeEnv, env);
}
