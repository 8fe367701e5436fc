/** The environment of `npm start`; everything has a default, so a clean clone runs with none set. */
import path from 'node:path';
import { DEFAULT_AUDIENCE } from '@dv/dev-idp';
import { envPort, internalApiTokenEnv, loadConfig, LOG_LEVELS, type Environment, type LogLevel } from '@dv/kit';
import { z } from 'zod';

export const StandaloneEnv = z.object({
  /** The gateway: web app and API. */
  PORT: envPort.default(8080),
  /** The development identity provider (tokens name http://localhost:<IDP_PORT> as their issuer). */
  IDP_PORT: envPort.default(8090),
  /** Loopback by default: the dev provider hands out tokens for any demo user. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Embedded store files, dev-idp keys and sessions. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Shared by the gateway and the services' internal routes; generated at each start when unset. */
  INTERNAL_API_TOKEN: internalApiTokenEnv().optional(),
  OIDC_AUDIENCE: z.string().min(1).default(DEFAULT_AUDIENCE),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

export interface StandaloneConfig {
  readonly port: number;
  readonly idpPort: number;
  readonly host: string;
  /** Absolute. */
  readonly dataDir: string;
  readonly internalApiToken?: string;
  readonly audience: string;
  readonly webDistDir?: string;
  readonly logLevel: LogLevel;
}

export function standaloneConfigFromEnv(env: Environment = process.env, cwd = process.cwd()): StandaloneConfig {
  const parsed = loadConfig(StandaloneEnv, env);
  return {
    port: parsed.PORT,
    idpPort: parsed.IDP_PORT,
    host: parsed.HOST,
    dataDir: path.resolve(cwd, parsed.DATA_DIR),
    ...(parsed.INTERNAL_API_TOKEN === undefined ? {} : { internalApiToken: parsed.INTERNAL_API_TOKEN }),
    audience: parsed.OIDC_AUDIENCE,
    ...(parsed.WEB_DIST_DIR === undefined ? {} : { webDistDir: path.resolve(cwd, parsed.WEB_DIST_DIR) }),
    logLevel: parsed.LOG_LEVEL,
  };
}
