/** The environment of the bugs service: the kit's fields and the offices directory, validated once at start-up. */
import { directoryServiceConfigOf, directoryServiceEnv, loadConfig, type DirectoryServiceConfig, type Environment } from '@dv/kit';

/**
 * What the service runs with; main.ts reads it from the environment, a runner (standalone) hands it over. The
 * embedded store lives in `{dataDir}/bugs`, attachments in `{dataDir}/bugs/attachments` (with MongoDB, in their
 * own collection there). With the offices directory, a company user may name any office of their organization in
 * the Connected-Dental-Office header; without it, only the offices their token lists.
 */
export type BugsConfig = DirectoryServiceConfig;

export const BugsEnv = directoryServiceEnv({ port: 8084 }, {}).transform((env): BugsConfig => directoryServiceConfigOf(env));

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadBugsConfig(env: Environment = process.env): BugsConfig {
  return loadConfig(BugsEnv, env);
}
