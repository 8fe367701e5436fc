/** The environment of the offices service: the kit's fields and its own, validated once at start-up. */
import { internalApiTokenEnv, loadConfig, serviceConfigOf, serviceEnvFields, type Environment, type ServiceConfig } from '@dv/kit';
import { z } from 'zod';

/** What the service runs with; main.ts reads it from the environment, a runner (standalone) hands it over. */
export interface OfficesConfig extends ServiceConfig {
  /** The SPA's client at the identity provider; GET /api/auth/credentials/auth0 hands it out with the issuer. */
  readonly oidcClientId: string;
  /** Shared with the gateway for the /internal routes (required here: this service answers them). */
  readonly internalApiToken: string;
}

export const OfficesEnv = z
  .object({
    ...serviceEnvFields({ port: 8081 }),
    OIDC_CLIENT_ID: z.string().min(1),
    INTERNAL_API_TOKEN: internalApiTokenEnv(),
  })
  .transform(
    (env): OfficesConfig => ({
      ...serviceConfigOf(env),
      oidcClientId: env.OIDC_CLIENT_ID,
      internalApiToken: env.INTERNAL_API_TOKEN,
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadOfficesConfig(env: Environment = process.env): OfficesConfig {
  return loadConfig(OfficesEnv, env);
}
