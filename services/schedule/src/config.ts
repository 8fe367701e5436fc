/**
 * The environment of the schedule service: the kit's fields, the offices directory (OFFICES_URL and
 * INTERNAL_API_TOKEN: the office profiles its background work reads), NexHealth's API (an office with a NexHealth
 * integration uses it when NEXHEALTH_API_KEY is set; otherwise the sandbox practice-management system), and the
 * batch runner's timings. Validated once at start-up.
 */
import { directoryServiceConfigOf, directoryServiceEnv, httpUrl, loadConfig, type DirectoryServiceConfig, type Environment } from '@dv/kit';
import { z } from 'zod';
import { NEXHEALTH_DEFAULT_URL } from './practice/nexhealth';

export interface ScheduleConfig extends DirectoryServiceConfig {
  /** NexHealth's API; absent: every office's schedule comes from the sandbox. */
  readonly nexHealth?: { readonly baseUrl: string; readonly apiKey: string };
  /** How often the batch runner looks for queued work and unanswered requests. */
  readonly sweepIntervalMs: number;
  /** A verification request with no answer after this long is sent again (the same id: never a second verification). */
  readonly requestRetryMs: number;
  /** How often the nightly runs are checked. */
  readonly nightlyCheckMs: number;
}

export const DEFAULT_SWEEP_INTERVAL_MS = 2_000;
export const DEFAULT_REQUEST_RETRY_MS = 120_000;
export const DEFAULT_NIGHTLY_CHECK_MS = 60_000;

const milliseconds = (fallback: number) => z.coerce.number().int().min(10).max(86_400_000).default(fallback);

export const ScheduleEnv = directoryServiceEnv(
  { port: 8086 },
  {
    NEXHEALTH_API_KEY: z.string().trim().min(8, { error: 'must be at least 8 characters' }).optional(),
    NEXHEALTH_URL: httpUrl().default(NEXHEALTH_DEFAULT_URL),
    SCHEDULE_SWEEP_INTERVAL_MS: milliseconds(DEFAULT_SWEEP_INTERVAL_MS),
    SCHEDULE_REQUEST_RETRY_MS: milliseconds(DEFAULT_REQUEST_RETRY_MS),
    SCHEDULE_NIGHTLY_CHECK_MS: milliseconds(DEFAULT_NIGHTLY_CHECK_MS),
  },
).transform(
  (env): ScheduleConfig => ({
    ...directoryServiceConfigOf(env),
    ...(env.NEXHEALTH_API_KEY === undefined ? {} : { nexHealth: { baseUrl: env.NEXHEALTH_URL, apiKey: env.NEXHEALTH_API_KEY } }),
    sweepIntervalMs: env.SCHEDULE_SWEEP_INTERVAL_MS,
    requestRetryMs: env.SCHEDULE_REQUEST_RETRY_MS,
    nightlyCheckMs: env.SCHEDULE_NIGHTLY_CHECK_MS,
  }),
);

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadScheduleConfig(env: Environment = process.env): ScheduleConfig {
  return loadConfig(ScheduleEnv, env);
}
