/** The environment of the portals service, validated once at start-up (nothing else reads process.env). */
import path from 'node:path';
import {
  directoryServiceConfigOf,
  directoryServiceEnv,
  envList,
  loadConfig,
  serviceEnvFields,
  type DirectoryServiceConfig,
  type Environment,
  type LogLevel,
} from '@dv/kit';
import { z } from 'zod';
import { decodeKeyMaterial, fingerprintId, KEK_ID_PATTERN, KeyEncryptionKey } from './crypto/keyring';

const milliseconds = () => z.coerce.number().int().min(0).max(3_600_000);

/** A portal data request waits this long for a login in progress (well inside the verifications' result timeout). */
export const DEFAULT_PORTAL_DATA_LOGIN_WAIT_MS = 30_000;
/** A portal data request waits this many days for the office before it ends in error. */
export const DEFAULT_PORTAL_DATA_WAIT_DAYS = 14;

/** Where the key-encryption keys come from. */
export type KeySettings =
  | {
      readonly source: 'environment';
      readonly current: KeyEncryptionKey;
      /** Old keys kept for reading while a rotation re-wraps the data keys. */
      readonly decryptOnly: readonly KeyEncryptionKey[];
    }
  /** The embedded default: a key file generated at first start (mode 0600). */
  | { readonly source: 'file'; readonly file: string };

/** The embedded store is `{dataDir}/portals`; the office directory answers for company users when configured. */
export interface PortalsConfig extends DirectoryServiceConfig {
  readonly keys: KeySettings;
  /** Which provider adapters log in; only the sandbox exists so far. */
  readonly providers: 'sandbox';
  readonly sandboxLoginDelayMs: number;
  readonly sandboxMfaDelayMs: number;
  /** How long POST /api/portals/credentials/{id} waits for the login before answering 202. */
  readonly retryWaitMs: number;
  /** A login in progress for longer than this is taken to be lost (a stopped process) and started again. */
  readonly loginStaleAfterMs: number;
  /** How long a portal data request waits for a login in progress before it is answered credentialPending. */
  readonly portalDataLoginWaitMs?: number;
  /** How many days a portal data request waits for the office (a credential, an MFA code) before it ends in error. */
  readonly portalDataWaitDays?: number;
}

const KeyMaterial = z.string().transform((value, context) => {
  try {
    return decodeKeyMaterial(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `must be base64 of 32 random bytes (${(error as Error).message})` });
    return z.NEVER;
  }
});

/** 'id:base64,id:base64': old KEKs that are still needed for reading. */
const DecryptOnlyKeys = envList.transform((entries, context) => {
  const keys: KeyEncryptionKey[] = [];
  for (const entry of entries) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    if (separator < 1 || !KEK_ID_PATTERN.test(id)) {
      context.addIssue({ code: 'custom', message: 'entries are id:base64-key, separated by commas' });
      return z.NEVER;
    }
    try {
      keys.push(new KeyEncryptionKey(id, decodeKeyMaterial(entry.slice(separator + 1))));
    } catch {
      context.addIssue({ code: 'custom', message: `the key of '${id}' is not base64 of 32 bytes` });
      return z.NEVER;
    }
  }
  return keys;
});

const PORTALS_PORT = 8082;
const ServiceEnvFields = serviceEnvFields({ port: PORTALS_PORT });

/** The key-encryption keys: what the service and the rewrap command (rewrap.ts) both read. */
const PortalsKeyEnvFields = {
  /** The key-encryption key: base64 of 32 random bytes (`openssl rand -base64 32`). */
  PORTALS_KEK: KeyMaterial.optional(),
  /** Its id, stored next to every data key it wraps; default: a fingerprint of the key. */
  PORTALS_KEK_ID: z.string().regex(KEK_ID_PATTERN, { error: 'letters, digits, ".", "_" or "-", at most 64' }).optional(),
  PORTALS_DECRYPT_ONLY_KEKS: DecryptOnlyKeys.optional(),
  /** The embedded default's key file; default DATA_DIR/portals-keys/kek.json. */
  PORTALS_KEK_FILE: z.string().min(1).optional(),
};

/** Where the data keys are and which keys wrap them: the whole of the rewrap command's environment. */
const { DATA_DIR, MONGODB_URI, LOG_LEVEL } = ServiceEnvFields;
const KeyEnvFields = { DATA_DIR, MONGODB_URI, LOG_LEVEL, ...PortalsKeyEnvFields };
type KeyEnv = z.output<z.ZodObject<typeof KeyEnvFields>>;

function checkKeyEnv(env: KeyEnv, context: z.RefinementCtx): void {
  // A production store gets a managed key, never one generated into a container's file system.
  if (env.MONGODB_URI !== undefined && env.PORTALS_KEK === undefined) {
    context.addIssue({ code: 'custom', path: ['PORTALS_KEK'], message: 'is required with MONGODB_URI' });
  }
  if (env.PORTALS_KEK === undefined && (env.PORTALS_KEK_ID !== undefined || env.PORTALS_DECRYPT_ONLY_KEKS !== undefined)) {
    context.addIssue({ code: 'custom', path: ['PORTALS_KEK'], message: 'is required with PORTALS_KEK_ID or PORTALS_DECRYPT_ONLY_KEKS' });
  }
}

function keySettingsOf(env: KeyEnv, dataDir: string, cwd: string): KeySettings {
  return env.PORTALS_KEK
    ? {
        source: 'environment',
        current: new KeyEncryptionKey(env.PORTALS_KEK_ID ?? fingerprintId(env.PORTALS_KEK), env.PORTALS_KEK),
        decryptOnly: env.PORTALS_DECRYPT_ONLY_KEKS ?? [],
      }
    : { source: 'file', file: path.resolve(cwd, env.PORTALS_KEK_FILE ?? path.join(dataDir, 'portals-keys', 'kek.json')) };
}

export const PortalsEnv = directoryServiceEnv(
  { port: PORTALS_PORT },
  {
    ...PortalsKeyEnvFields,
    PORTAL_PROVIDERS: z.enum(['sandbox']).default('sandbox'),
    SANDBOX_LOGIN_DELAY_MS: milliseconds().default(1_500),
    SANDBOX_MFA_DELAY_MS: milliseconds().default(1_000),
    LOGIN_RETRY_WAIT_MS: milliseconds().default(20_000),
    LOGIN_STALE_AFTER_MS: z.coerce.number().int().min(1_000).default(120_000),
    PORTAL_DATA_LOGIN_WAIT_MS: milliseconds().default(DEFAULT_PORTAL_DATA_LOGIN_WAIT_MS),
    PORTAL_DATA_WAIT_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_PORTAL_DATA_WAIT_DAYS),
  },
)
  .superRefine(checkKeyEnv)
  .transform((env): PortalsConfig => {
    const service = directoryServiceConfigOf(env);
    return {
      ...service,
      keys: keySettingsOf(env, service.dataDir, process.cwd()),
      providers: env.PORTAL_PROVIDERS,
      sandboxLoginDelayMs: env.SANDBOX_LOGIN_DELAY_MS,
      sandboxMfaDelayMs: env.SANDBOX_MFA_DELAY_MS,
      retryWaitMs: env.LOGIN_RETRY_WAIT_MS,
      loginStaleAfterMs: env.LOGIN_STALE_AFTER_MS,
      portalDataLoginWaitMs: env.PORTAL_DATA_LOGIN_WAIT_MS,
      portalDataWaitDays: env.PORTAL_DATA_WAIT_DAYS,
    };
  });

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable (never a value). */
export function loadPortalsConfig(env: Environment = process.env): PortalsConfig {
  return loadConfig(PortalsEnv, env);
}

/** What the rewrap command uses: where the data keys are and the key-encryption keys. Nothing about serving. */
export interface RewrapConfig {
  /** Absolute; the embedded store is `{dataDir}/portals`, a running service announces itself in `{dataDir}/portals-keys`. */
  readonly dataDir: string;
  readonly mongodbUri?: string;
  readonly keys: KeySettings;
  readonly logLevel: LogLevel;
}

/**
 * The rewrap command's environment: DATA_DIR or MONGODB_URI, and the keys (PORTALS_KEK, PORTALS_KEK_ID,
 * PORTALS_DECRYPT_ONLY_KEKS, or the key file). Relative paths are taken from `cwd`: the command's npm script passes
 * the folder npm was started in, so `npm run rewrap -w @dv/portals` from the repository root finds the `./data`
 * that `npm start` uses.
 */
export function loadRewrapConfig(env: Environment = process.env, cwd: string = process.cwd()): RewrapConfig {
  const RewrapEnv = z
    .object(KeyEnvFields)
    .superRefine(checkKeyEnv)
    .transform((parsed): RewrapConfig => {
      const dataDir = path.resolve(cwd, parsed.DATA_DIR);
      return {
        dataDir,
        ...(parsed.MONGODB_URI === undefined ? {} : { mongodbUri: parsed.MONGODB_URI }),
        keys: keySettingsOf(parsed, dataDir, cwd),
        logLevel: parsed.LOG_LEVEL,
      };
    });
  return loadConfig(RewrapEnv, env);
}
