/** The environment of the bugs service, validated once at start-up. */
import path from 'node:path';
import { envList, envPort, loadConfig, type Environment } from '@dv/kit';
import { z } from 'zod';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What the service runs with; `startBugs` takes it from the environment (main.ts) or from a runner. */
export interface BugsConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Absolute; the embedded store uses `{dataDir}/bugs`, attachments `{dataDir}/bugs/attachments`. */
  readonly dataDir: string;
  /** MongoDB instead of the embedded store; attachments then go to their own collection there. */
  readonly mongodbUri?: string;
  /** Kafka instead of the in-process bus. */
  readonly kafkaBrokers?: readonly string[];
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  readonly oidcJwksUrl: string;
  /**
   * The offices service and the shared internal token: with both, a company user may name any office of their
   * organization in the Connected-Dental-Office header (asked of the offices service); without them, only the
   * offices their token lists.
   */
  readonly officesUrl?: string;
  readonly internalApiToken?: string;
  readonly logLevel?: LogLevel;
}

export const BugsEnv = z
  .object({
    PORT: envPort.default(8084),
    /** Loopback by default: the service sits behind the gateway. A container sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// URI' }).optional(),
    KAFKA_BROKERS: envList.pipe(z.array(z.string().min(1)).min(1)).optional(),
    OIDC_ISSUER: httpUrl(),
    OIDC_AUDIENCE: z.string().min(1),
    /** The identity provider's key set (Auth0: https://{domain}/.well-known/jwks.json). */
    OIDC_JWKS_URL: httpUrl(),
    OFFICES_URL: httpUrl().optional(),
    INTERNAL_API_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => (env.OFFICES_URL === undefined) === (env.INTERNAL_API_TOKEN === undefined), {
    error: 'OFFICES_URL and INTERNAL_API_TOKEN go together',
    path: ['OFFICES_URL'],
  })
  .transform(
    (env): BugsConfig => ({
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      mongodbUri: env.MONGODB_URI,
      kafkaBrokers: env.KAFKA_BROKERS,
      oidcIssuer: env.OIDC_ISSUER,
      oidcAudience: env.OIDC_AUDIENCE,
      oidcJwksUrl: env.OIDC_JWKS_URL,
      officesUrl: env.OFFICES_URL,
      internalApiToken: env.INTERNAL_API_TOKEN,
      logLevel: env.LOG_LEVEL,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadBugsConfig(env: Environment = process.env): BugsConfig {
  return loadConfig(BugsEnv, env);
}
