/**
 * The environment every service shares, as zod fields a service spreads into its own schema, and the
 * configuration they become. A service adds its own variables beside them:
 *
 *   const OfficesEnv = z.object({ ...serviceEnvFields({ port: 8081 }), OIDC_CLIENT_ID: z.string().min(1) })
 *     .transform((env) => ({ ...serviceConfigOf(env), oidcClientId: env.OIDC_CLIENT_ID }));
 */
import path from 'node:path';
import { z } from 'zod';
import { envList, envPort } from '../config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An http(s) URL (the provider, another service). */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A Redis server for state shared between replicas (REDIS_URL). */
export const redisUrlEnv = () => z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' });

/** The token the gateway and the services share for the /internal routes; long enough not to be guessed. */
export const internalApiTokenEnv = () => z.string().min(16, { error: 'must be at least 16 characters' });

/** Where and how loudly a process runs: every process, the identity provider included. */
export function processEnvFields(defaults: { readonly port: number }) {
  return {
    PORT: envPort.default(defaults.port),
    /** Loopback by default: services sit behind the gateway. A container sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Embedded files (the store when no MongoDB is configured) live in DATA_DIR/<service>. */
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** GET /metrics on a listener of its own (the gateway's only way to serve them); unset: on the service's port. */
    METRICS_PORT: envPort.optional(),
    /** The metrics listener's interface; default 127.0.0.1. */
    METRICS_HOST: z.string().min(1).optional(),
  };
}

/**
 * The store and bus adapters: MongoDB and Kafka when set, else the embedded store and, without BUS_URL, the
 * in-process bus. BUS_URL (redis://) is the Redis Streams bus of the services run as separate processes on one
 * machine (`npm run start:services`); KAFKA_BROKERS wins when both are set.
 */
export const adapterEnvFields = {
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// URI' }).optional(),
  KAFKA_BROKERS: envList.pipe(z.array(z.string().min(1)).min(1)).optional(),
  BUS_URL: redisUrlEnv().optional(),
  /** Idempotent consumers' records (applied_events) older than this are deleted. */
  APPLIED_EVENTS_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(7),
};

/** The identity provider whose access tokens the service accepts. */
export const oidcEnvFields = {
  OIDC_ISSUER: httpUrl(),
  OIDC_AUDIENCE: z.string().min(1),
  /** Default: the jwks_uri of the issuer's discovery document. */
  OIDC_JWKS_URL: httpUrl().optional(),
};

/**
 * The offices service's /internal routes, asked which organization an office belongs to (company users may name
 * any office of theirs). Optional: without them a user may name only the offices their token lists.
 */
export const officeDirectoryEnvFields = {
  OFFICES_URL: httpUrl().optional(),
  INTERNAL_API_TOKEN: internalApiTokenEnv().optional(),
};

/** Everything a service behind the gateway reads. */
export function serviceEnvFields(defaults: { readonly port: number }) {
  return { ...processEnvFields(defaults), ...adapterEnvFields, ...oidcEnvFields };
}

/** What every process runs with. */
export interface ProcessConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Absolute. */
  readonly dataDir: string;
  readonly logLevel?: LogLevel;
  /** /metrics on a listener of its own (observability/metrics.ts). */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
}

/** What every service behind the gateway runs with. */
export interface ServiceConfig extends ProcessConfig {
  /** MongoDB instead of the embedded store. */
  readonly mongodbUri?: string;
  /** Kafka instead of the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  /** The Redis Streams bus (redis://) when no Kafka is configured. */
  readonly busUrl?: string;
  readonly appliedEventsRetentionMs?: number;
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  /** Default: discovered from the issuer. */
  readonly oidcJwksUrl?: string;
}

/** The offices service's address and the internal token, when configured. */
export interface OfficeDirectoryConfig {
  readonly officesUrl?: string;
  readonly internalApiToken?: string;
}

type ProcessEnv = z.output<z.ZodObject<ReturnType<typeof processEnvFields>>>;
type ServiceEnv = z.output<z.ZodObject<ReturnType<typeof serviceEnvFields>>>;

export function processConfigOf(env: ProcessEnv): ProcessConfig {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    ...(env.METRICS_PORT === undefined ? {} : { metricsPort: env.METRICS_PORT }),
    ...(env.METRICS_HOST === undefined ? {} : { metricsHost: env.METRICS_HOST }),
  };
}

/** A service without documents (realtime) may leave APPLIED_EVENTS_RETENTION_DAYS out of its schema. */
export function serviceConfigOf(
  env: Omit<ServiceEnv, 'APPLIED_EVENTS_RETENTION_DAYS'> & { readonly APPLIED_EVENTS_RETENTION_DAYS?: number },
): ServiceConfig {
  return {
    ...processConfigOf(env),
    mongodbUri: env.MONGODB_URI,
    kafkaBrokers: env.KAFKA_BROKERS,
    busUrl: env.BUS_URL,
    // Absent from the schema of a service without documents (realtime): no records to prune.
    ...(env.APPLIED_EVENTS_RETENTION_DAYS === undefined ? {} : { appliedEventsRetentionMs: env.APPLIED_EVENTS_RETENTION_DAYS * 86_400_000 }),
    oidcIssuer: env.OIDC_ISSUER,
    oidcAudience: env.OIDC_AUDIENCE,
    oidcJwksUrl: env.OIDC_JWKS_URL,
  };
}

type OfficeDirectoryEnv = z.output<z.ZodObject<typeof officeDirectoryEnvFields>>;

/** OFFICES_URL and INTERNAL_API_TOKEN go together: one without the other is a mistake worth stopping for. */
export function checkOfficeDirectoryEnv(
  env: { readonly OFFICES_URL?: string | undefined; readonly INTERNAL_API_TOKEN?: string | undefined },
  context: z.RefinementCtx,
): void {
  if ((env.OFFICES_URL === undefined) === (env.INTERNAL_API_TOKEN === undefined)) return;
  const missing = env.OFFICES_URL === undefined ? 'OFFICES_URL' : 'INTERNAL_API_TOKEN';
  context.addIssue({ code: 'custom', path: [missing], message: 'OFFICES_URL and INTERNAL_API_TOKEN go together' });
}

export function officeDirectoryConfigOf(env: {
  readonly OFFICES_URL?: string | undefined;
  readonly INTERNAL_API_TOKEN?: string | undefined;
}): OfficeDirectoryConfig {
  return { officesUrl: env.OFFICES_URL, internalApiToken: env.INTERNAL_API_TOKEN };
}

/** What a service that may ask the offices directory runs with. */
export type DirectoryServiceConfig = ServiceConfig & OfficeDirectoryConfig;

/**
 * The environment of a service behind the gateway that may ask the offices directory: the kit's fields, OFFICES_URL
 * and INTERNAL_API_TOKEN (checked to go together) and the service's own fields.
 */
export function directoryServiceEnv<S extends z.ZodRawShape>(defaults: { readonly port: number }, own: S) {
  return z
    .object({ ...serviceEnvFields(defaults), ...officeDirectoryEnvFields, ...own })
    .superRefine((env, context) => checkOfficeDirectoryEnv(env as OfficeDirectoryEnv, context));
}

export function directoryServiceConfigOf(env: ServiceEnv & Parameters<typeof officeDirectoryConfigOf>[0]): DirectoryServiceConfig {
  return { ...serviceConfigOf(env), ...officeDirectoryConfigOf(env) };
}
