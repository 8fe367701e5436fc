/**
 * The development identity provider's environment, validated once at start-up: the kit's process fields (PORT,
 * HOST, DATA_DIR, LOG_LEVEL) and its own. DATA_DIR stays unset unless given: without it each start has new keys
 * and no sessions.
 */
import path from 'node:path';
import {
  checkOfficeDirectoryEnv,
  envBoolean,
  envList,
  httpUrl,
  internalApiTokenEnv,
  loadConfig,
  processEnvFields,
  redisUrlEnv,
  type Environment,
  type LogLevel,
} from '@dv/kit';
import { z } from 'zod';
import { DEFAULT_REDIRECT_URIS, type DevIdpClient, webClient } from './clients';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, DEFAULT_AUDIENCE } from './provider-configuration';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './sign-in-throttle';

const { DATA_DIR: dataDirField, LOG_LEVEL: logLevelField, ...processFields } = processEnvFields({ port: 8090 });
const positiveInt = () => z.coerce.number().int().min(1);

export const DevIdpEnv = z
  .object({
    ...processFields,
    /** Keys and sessions are kept here when set. */
    DATA_DIR: dataDirField.unwrap().optional(),
    /** Default info. */
    LOG_LEVEL: logLevelField.unwrap().optional(),
    /** What tokens name as `iss`; default http://localhost:<PORT>, or the bound URL with PORT 0. */
    ISSUER: httpUrl().optional(),
    AUDIENCE: z.url().default(DEFAULT_AUDIENCE),
    /** Comma-separated sign-in callbacks of the SPA client. */
    REDIRECT_URIS: envList.pipe(z.array(httpUrl()).min(1)).default([...DEFAULT_REDIRECT_URIS]),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt().default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
    /** Where the SPA client's sessions end are told (the gateway's back-channel logout endpoint); unset: nowhere. */
    BACKCHANNEL_LOGOUT_URI: httpUrl().optional(),
    /** Failed sign-in attempts are counted here when set (shared, kept over restarts); in memory otherwise. */
    REDIS_URL: redisUrlEnv().optional(),
    SIGN_IN_MAX_FAILURES_PER_ACCOUNT: positiveInt().default(DEFAULT_SIGN_IN_LIMITS.perAccount.max),
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInt().default(DEFAULT_SIGN_IN_LIMITS.perAddress.max),
    /** One window for both counts. */
    SIGN_IN_WINDOW_SECONDS: positiveInt().default(DEFAULT_SIGN_IN_LIMITS.perAccount.windowSeconds),
    ENABLE_TEST_TOKEN_ENDPOINT: envBoolean.default(false),
    /**
     * The offices service run with DEV_IDP_ACCOUNTS: the users invited there sign in here, and deactivated users are
     * refused. Both or neither.
     */
    OFFICES_URL: httpUrl().optional(),
    INTERNAL_API_TOKEN: internalApiTokenEnv().optional(),
  })
  .superRefine((env, context) => checkOfficeDirectoryEnv(env, context));
export type DevIdpEnv = z.infer<typeof DevIdpEnv>;

/** What the provider runs with; main.ts reads it from the environment, createDevIdp builds it from its options. */
export interface DevIdpConfig {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** Keys (dev-idp-keys.json) and sessions (dev-idp-store.json) are kept in this folder; unset: nowhere. */
  readonly dataDir?: string;
  readonly logLevel?: LogLevel;
  /** What tokens name as `iss`; unset: the URL the provider listens at. */
  readonly issuer?: string;
  readonly audience: string;
  /** The first one is the client test tokens name. */
  readonly clients: readonly DevIdpClient[];
  readonly accessTokenTtlSeconds: number;
  /** Failed sign-in attempts allowed per account and per client address. */
  readonly signInLimits: SignInLimits;
  /** Failed sign-ins are counted in this Redis (shared, kept over restarts); in memory without. */
  readonly redisUrl?: string;
  /** Serve POST /dev/token (automated tests); 404 otherwise. */
  readonly enableTestTokenEndpoint: boolean;
  /** The offices service whose accounts sign in here too (account-directory.ts); unset: the seeded users only. */
  readonly accountDirectory?: { readonly officesUrl: string; readonly internalApiToken: string };
}

export function devIdpConfigOf(env: DevIdpEnv): DevIdpConfig {
  const window = env.SIGN_IN_WINDOW_SECONDS;
  return {
    port: env.PORT,
    host: env.HOST,
    ...(env.DATA_DIR === undefined ? {} : { dataDir: path.resolve(env.DATA_DIR) }),
    logLevel: env.LOG_LEVEL ?? 'info',
    // With PORT 0 the port is known once bound: the issuer is then the URL the provider listens at.
    ...(env.ISSUER !== undefined ? { issuer: env.ISSUER } : env.PORT === 0 ? {} : { issuer: `http://localhost:${env.PORT}` }),
    audience: env.AUDIENCE,
    clients: [webClient(env.REDIRECT_URIS, env.BACKCHANNEL_LOGOUT_URI)],
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    signInLimits: {
      perAccount: { max: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, windowSeconds: window },
      perAddress: { max: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS, windowSeconds: window },
    },
    ...(env.REDIS_URL === undefined ? {} : { redisUrl: env.REDIS_URL }),
    enableTestTokenEndpoint: env.ENABLE_TEST_TOKEN_ENDPOINT,
    ...(env.OFFICES_URL === undefined || env.INTERNAL_API_TOKEN === undefined
      ? {}
      : { accountDirectory: { officesUrl: env.OFFICES_URL, internalApiToken: env.INTERNAL_API_TOKEN } }),
  };
}

/** The environment as the service host reads it: validated, then the configuration. */
export const DevIdpConfigEnv = DevIdpEnv.transform(devIdpConfigOf);

/** The environment's variables, validated; throws a ConfigError naming every bad variable. */
export function readEnv(env: Environment): DevIdpEnv {
  return loadConfig(DevIdpEnv, env);
}
