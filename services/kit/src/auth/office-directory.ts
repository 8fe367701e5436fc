/**
 * Which organization an office belongs to (the auth plugin's `officeBelongsToOrg`), asked of the offices service's
 * internal route with the shared internal token. The auth plugin asks it only when a company user names an office
 * their token does not list; answers are kept a minute. Every service that lets company users act for any office
 * of their organization uses this one lookup.
 */
import { OfficeOwnership } from '@dv/contracts';
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

export function officeDirectory(options: OfficeDirectoryOptions): OfficeBelongsToOrg {
  const doFetch = options.fetch ?? fetch;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { orgId: string | null; until: number }>();

  async function organizationOf(officeId: string): Promise<string | null> {
    const cached = cache.get(officeId);
    if (cached && cached.until > now()) return cached.orgId;
    let response: Response;
    try {
      response = await doFetch(new URL(`/internal/offices/${encodeURIComponent(officeId)}`, options.officesUrl), {
        headers: { [INTERNAL_TOKEN_HEADER]: options.internalApiToken, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw Object.assign(new ServiceUnavailable('The offices service is unavailable, retry later'), { cause: error });
    }
    let orgId: string | null;
    if (response.status === 404) {
      await response.body?.cancel();
      orgId = null;
    } else if (response.ok) {
      const parsed = OfficeOwnership.safeParse(await response.json());
      if (!parsed.success) throw new ServiceUnavailable('The offices service answered an office lookup unexpectedly');
      orgId = parsed.data.orgId;
    } else {
      await response.body?.cancel();
      throw new ServiceUnavailable(`The offices service answered ${response.status} to an office lookup`);
    }
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(officeId, { orgId, until: now() + ttlMs });
    return orgId;
  }

  return async (officeId, orgId) => (await organizationOf(officeId)) === orgId;
}
