/** The environment of the offices service, validated once at start-up. */
import path from 'node:path';
import { envList, envPort, loadConfig, type Environment } from '@dv/kit';
import { z } from 'zod';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What the service runs with; `startOffices` takes it from the environment (main.ts) or from a runner. */
export interface OfficesConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Absolute; the embedded store uses `{dataDir}/offices`. */
  readonly dataDir: string;
  /** MongoDB instead of the embedded store. */
  readonly mongodbUri?: string;
  /** Kafka instead of the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  readonly oidcJwksUrl?: string;
  readonly oidcClientId: string;
  readonly internalApiToken: string;
  readonly logLevel?: LogLevel;
}

export const OfficesEnv = z
  .object({
    PORT: envPort.default(8081),
    /** Loopback by default: the service sits behind the gateway. A container sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The embedded store lives in DATA_DIR/offices when no MongoDB is configured. */
    DATA_DIR: z.string().min(1).default('./data'),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// URI' }).optional(),
    KAFKA_BROKERS: envList.pipe(z.array(z.string().min(1)).min(1)).optional(),
    /** The identity provider's issuer; GET /api/auth/credentials/auth0 hands it to the SPA as `domain`. */
    OIDC_ISSUER: httpUrl(),
    OIDC_AUDIENCE: z.string().min(1),
    /** Default: the jwks_uri of the issuer's discovery document. */
    OIDC_JWKS_URL: httpUrl().optional(),
    OIDC_CLIENT_ID: z.string().min(1),
    /** Shared with the gateway for the /internal routes; long enough not to be guessed. */
    INTERNAL_API_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env): OfficesConfig => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    mongodbUri: env.MONGODB_URI,
    kafkaBrokers: env.KAFKA_BROKERS,
    oidcIssuer: env.OIDC_ISSUER,
    oidcAudience: env.OIDC_AUDIENCE,
    oidcJwksUrl: env.OIDC_JWKS_URL,
    oidcClientId: env.OIDC_CLIENT_ID,
    internalApiToken: env.INTERNAL_API_TOKEN,
    logLevel: env.LOG_LEVEL,
  }));


/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadOfficesConfig(env: Environment = process.env): OfficesConfig {
  return loadConfig(OfficesEnv, env);
}
