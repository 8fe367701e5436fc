/**
 * The offices service's internal look-ups, asked with the shared internal token, answers kept a while:
 * - `officeDirectory`: which organization an office belongs to (the auth plugin's `officeBelongsToOrg`), asked only
 *   when a company user names an office their token does not list; answers kept a minute. Every service that lets
 *   company users act for any office of their organization uses this one lookup.
 * - `officeProfiles`: an office's organization, plan type and schedule integration, for a service's background
 *   work (no user token to ask with); answers kept 30 seconds.
 */
import { OfficeOwnership, OfficeProfile } from '@dv/contracts';
import { type z } from 'zod';
import { ServiceUnavailable } from '../errors';
import { type OfficeBelongsToOrg } from './office-access';

/** The header that carries the internal token on the offices service's /internal routes. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

export interface OfficeDirectoryOptions {
  readonly officesUrl: string;
  readonly internalApiToken: string;
  readonly cacheTtlMs?: number;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

const MAX_ENTRIES = 1_000;

/** One internal look-up by office id, cached: the parsed answer, or null when the office does not exist. */
function internalLookup<T>(
  options: OfficeDirectoryOptions,
  what: string,
  path: (officeId: string) => string,
  schema: z.ZodType<T>,
  defaultTtlMs: number,
): (officeId: string) => Promise<T | null> {
  const doFetch = options.fetch ?? fetch;
  const ttlMs = options.cacheTtlMs ?? defaultTtlMs;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: T | null; until: number }>();

  return async (officeId) => {
    const cached = cache.get(officeId);
    if (cached && cached.until > now()) return cached.value;
    let response: Response;
    try {
      response = await doFetch(new URL(path(encodeURIComponent(officeId)), options.officesUrl), {
        headers: { [INTERNAL_TOKEN_HEADER]: options.internalApiToken, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw Object.assign(new ServiceUnavailable('The offices service is unavailable, retry later'), { cause: error });
    }
    let value: T | null;
    if (response.status === 404) {
      await response.body?.cancel();
      value = null;
    } else if (response.ok) {
      const parsed = schema.safeParse(await response.json());
      if (!parsed.success) throw new ServiceUnavailable(`The offices service answered ${what} unexpectedly`);
      value = parsed.data;
    } else {
      await response.body?.cancel();
      throw new ServiceUnavailable(`The offices service answered ${response.status} to ${what}`);
    }
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(officeId, { value, until: now() + ttlMs });
    return value;
  };
}

export function officeDirectory(options: OfficeDirectoryOptions): OfficeBelongsToOrg {
  const ownerOf = internalLookup(options, 'an office lookup', (id) => `/internal/offices/${id}`, OfficeOwnership, 60_000);
  return async (officeId, orgId) => (await ownerOf(officeId))?.orgId === orgId;
}

/** An office's profile (organization, plan type, schedule integration), or null when no such office exists. */
export type OfficeProfiles = (officeId: string) => Promise<OfficeProfile | null>;

export function officeProfiles(options: OfficeDirectoryOptions): OfficeProfiles {
  return internalLookup(options, 'an office profile lookup', (id) => `/internal/offices/${id}/profile`, OfficeProfile, 30_000);
}
