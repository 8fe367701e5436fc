/** The environment of the verifications service: the kit's fields, the offices directory and its own, validated once at start-up. */
import { directoryServiceConfigOf, directoryServiceEnv, httpUrl, loadConfig, type DirectoryServiceConfig, type Environment } from '@dv/kit';
import { z } from 'zod';

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(86_400_000).default(fallback);

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

/**
 * What the service runs with; main.ts reads it from the environment, a runner (standalone) hands it over. The
 * embedded store lives in `{dataDir}/verifications`. With the offices directory, a company user may name any office
 * of their organization; without it, only the offices their token lists.
 */
export interface VerificationsConfig extends DirectoryServiceConfig {
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

export const VerificationsEnv = directoryServiceEnv(
  { port: 8085 },
  {
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
  },
)
  .refine((env) => env.CLEARINGHOUSE_URL === undefined || env.CLEARINGHOUSE_API_KEY !== undefined, {
    error: 'CLEARINGHOUSE_URL needs CLEARINGHOUSE_API_KEY',
    path: ['CLEARINGHOUSE_API_KEY'],
  })
  .transform(
    (env): VerificationsConfig => ({
      ...directoryServiceConfigOf(env),
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
