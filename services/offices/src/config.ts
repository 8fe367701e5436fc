/** The environment of the offices service: the kit's fields and its own, validated once at start-up. */
import { envBoolean, internalApiTokenEnv, loadConfig, serviceConfigOf, serviceEnvFields, type Environment, type ServiceConfig } from '@dv/kit';
import { z } from 'zod';

/** What the service runs with; main.ts reads it from the environment, a runner (standalone) hands it over. */
export interface OfficesConfig extends ServiceConfig {
  /** The SPA's client at the identity provider; GET /api/auth/credentials/auth0 hands it out with the issuer. */
  readonly oidcClientId: string;
  /** Shared with the gateway for the /internal routes (required here: this service answers them). */
  readonly internalApiToken: string;
  /**
   * The development identity provider signs in the users invited here: an invitation makes a password (answered
   * once) and /internal/dev-accounts answers the provider. Never set where a production provider signs users in.
   */
  readonly devIdpAccounts: boolean;
}

export const OfficesEnv = z
  .object({
    ...serviceEnvFields({ port: 8081 }),
    OIDC_CLIENT_ID: z.string().min(1),
    INTERNAL_API_TOKEN: internalApiTokenEnv(),
    DEV_IDP_ACCOUNTS: envBoolean.default(false),
  })
  .transform(
    (env): OfficesConfig => ({
      ...serviceConfigOf(env),
      oidcClientId: env.OIDC_CLIENT_ID,
      internalApiToken: env.INTERNAL_API_TOKEN,
      devIdpAccounts: env.DEV_IDP_ACCOUNTS,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadOfficesConfig(env: Environment = process.env): OfficesConfig {
  return loadConfig(OfficesEnv, env);
}
