/** The environment of the verifications service, validated once at start-up. */
import path from 'node:path';
import { envList, envPort, loadConfig, type Environment } from '@dv/kit';
import { z } from 'zod';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(86_400_000).default(fallback);

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The clearinghouse the clearinghouse source talks to; without a URL the sandbox clearinghouse answers. */
export interface ClearinghouseConfig {
  /** The clearinghouse's eligibility endpoint (raw X12 in, raw X12 out). */
  readonly url?: string;
  readonly apiKey?: string;
  /** Header that carries the key; default `authorization`. */
  readonly authHeader: string;
  /** Put before the key in the header ('Bearer'); empty for a bare key. */
  readonly authScheme: string;
  /** Its name in job data (contracts CLEARINGHOUSE_NAMES for a real one); `sandbox` for the sandbox. */
  readonly name: string;
  readonly timeoutMs: number;
  /** Simulated round trip of the sandbox clearinghouse. */
  readonly sandboxLatencyMs: number;
}

/** The provider named in the 270 when the office's client info has no usable NPI and name. */
export interface ProviderConfig {
  readonly npi: string;
  readonly name: string;
  readonly taxId?: string;
}

export interface VerificationsConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Absolute; the embedded store uses `{dataDir}/verifications`. */
  readonly dataDir: string;
  readonly mongodbUri?: string;
  readonly kafkaBrokers?: readonly string[];
  readonly oidcIssuer: string;
  readonly oidcAudience: string;
  readonly oidcJwksUrl: string;
  /** With the internal token: company users may name any office of their organization (asked of the offices service). */
  readonly officesUrl?: string;
  readonly internalApiToken?: string;
  readonly logLevel?: LogLevel;
  readonly clearinghouse?: Partial<ClearinghouseConfig>;
  readonly provider?: Partial<ProviderConfig>;
  /** Source jobs run at once by this process. */
  readonly jobConcurrency?: number;
  /** How long a portal job waits for the portals service's first answer before it ends in error. */
  readonly portalResultTimeoutMs?: number;
}

export const DEFAULT_CLEARINGHOUSE: ClearinghouseConfig = {
  authHeader: 'authorization',
  authScheme: 'Bearer',
  name: 'sandbox',
  timeoutMs: 30_000,
  sandboxLatencyMs: 150,
};

/** A well-formed NPI (the CMS example number) for the sandbox; a deployment sets its own. */
export const DEFAULT_PROVIDER: ProviderConfig = { npi: '1234567893', name: 'VERIFIC DENTAL OFFICE' };

export const DEFAULT_JOB_CONCURRENCY = 8;
export const DEFAULT_PORTAL_RESULT_TIMEOUT_MS = 120_000;

export const VerificationsEnv = z
  .object({
    PORT: envPort.default(8085),
    /** Loopback by default: the service sits behind the gateway. A container sets 0.0.0.0. */
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// URI' }).optional(),
    KAFKA_BROKERS: envList.pipe(z.array(z.string().min(1)).min(1)).optional(),
    OIDC_ISSUER: httpUrl(),
    OIDC_AUDIENCE: z.string().min(1),
    OIDC_JWKS_URL: httpUrl(),
    OFFICES_URL: httpUrl().optional(),
    INTERNAL_API_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A real clearinghouse; unset: the sandbox clearinghouse. */
    CLEARINGHOUSE_URL: httpUrl().optional(),
    CLEARINGHOUSE_API_KEY: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
    CLEARINGHOUSE_AUTH_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'must be a header name' })
      .default(DEFAULT_CLEARINGHOUSE.authHeader),
    CLEARINGHOUSE_AUTH_SCHEME: z.string().max(32).default(DEFAULT_CLEARINGHOUSE.authScheme),
    CLEARINGHOUSE_NAME: z.string().min(1).max(64).optional(),
    CLEARINGHOUSE_TIMEOUT_MS: milliseconds(DEFAULT_CLEARINGHOUSE.timeoutMs),
    SANDBOX_CLEARINGHOUSE_LATENCY_MS: milliseconds(DEFAULT_CLEARINGHOUSE.sandboxLatencyMs),
    PROVIDER_NPI: z
      .string()
      .regex(/^\d{10}$/, { error: 'must be 10 digits' })
      .default(DEFAULT_PROVIDER.npi),
    PROVIDER_NAME: z.string().min(1).max(60).default(DEFAULT_PROVIDER.name),
    PROVIDER_TAX_ID: z
      .string()
      .regex(/^\d{2}-?\d{7}$/, { error: 'must be 9 digits' })
      .optional(),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(DEFAULT_JOB_CONCURRENCY),
    PORTAL_RESULT_TIMEOUT_MS: milliseconds(DEFAULT_PORTAL_RESULT_TIMEOUT_MS),
  })
  .refine((env) => (env.OFFICES_URL === undefined) === (env.INTERNAL_API_TOKEN === undefined), {
    error: 'OFFICES_URL and INTERNAL_API_TOKEN go together',
    path: ['OFFICES_URL'],
  })
  .refine((env) => env.CLEARINGHOUSE_URL === undefined || env.CLEARINGHOUSE_API_KEY !== undefined, {
    error: 'CLEARINGHOUSE_URL needs CLEARINGHOUSE_API_KEY',
    path: ['CLEARINGHOUSE_API_KEY'],
  })
  .transform(
    (env): VerificationsConfig => ({
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
      clearinghouse: {
        url: env.CLEARINGHOUSE_URL,
        apiKey: env.CLEARINGHOUSE_API_KEY,
        authHeader: env.CLEARINGHOUSE_AUTH_HEADER,
        authScheme: env.CLEARINGHOUSE_AUTH_SCHEME,
        name: env.CLEARINGHOUSE_NAME ?? (env.CLEARINGHOUSE_URL === undefined ? 'sandbox' : 'clearinghouse'),
        timeoutMs: env.CLEARINGHOUSE_TIMEOUT_MS,
        sandboxLatencyMs: env.SANDBOX_CLEARINGHOUSE_LATENCY_MS,
      },
      provider: {
        npi: env.PROVIDER_NPI,
        name: env.PROVIDER_NAME,
        ...(env.PROVIDER_TAX_ID === undefined ? {} : { taxId: env.PROVIDER_TAX_ID.replace('-', '') }),
      },
      jobConcurrency: env.JOB_CONCURRENCY,
      portalResultTimeoutMs: env.PORTAL_RESULT_TIMEOUT_MS,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadVerificationsConfig(env: Environment = process.env): VerificationsConfig {
  return loadConfig(VerificationsEnv, env);
}

export function clearinghouseSettings(config: Pick<VerificationsConfig, 'clearinghouse'>): ClearinghouseConfig {
  const given = Object.fromEntries(Object.entries(config.clearinghouse ?? {}).filter(([, value]) => value !== undefined));
  const name = (given.name as string | undefined) ?? (given.url === undefined ? 'sandbox' : 'clearinghouse');
  return { ...DEFAULT_CLEARINGHOUSE, ...given, name };
}

export function providerSettings(config: Pick<VerificationsConfig, 'provider'>): ProviderConfig {
  const given = Object.fromEntries(Object.entries(config.provider ?? {}).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_PROVIDER, ...given };
}
