/**
 * What the gateway asks the offices service, through its internal routes (never reachable through the
 * gateway): which organization a host belongs to, and which organization an office belongs to. Answers are
 * cached for a while; "unknown" answers for a shorter while, so a new office or domain shows up soon.
 */
import { OfficeOwnership, OrganizationSummary } from '@dv/contracts';
import { INTERNAL_TOKEN_HEADER, ServiceUnavailable } from '@dv/kit';
import type { z } from 'zod';
import { createTtlCache } from './ttl-cache';

export { INTERNAL_TOKEN_HEADER };

export interface OfficesDirectory {
  /** The organization whose domain the host is, or null. */
  organizationForHost(host: string): Promise<OrganizationSummary | null>;
  /** The organization of an office, or null when there is no such office. */
  organizationOfOffice(officeId: string): Promise<string | null>;
  /** The organization with this id, or null when there is none. */
  organizationById(id: string): Promise<OrganizationSummary | null>;
}

export interface OfficesDirectoryOptions {
  /** The offices service; without it no host resolves and no office is known. */
  readonly baseUrl: string | undefined;
  readonly internalApiToken: string;
  /** How long answers are kept; 0 asks every time. */
  readonly cacheTtlMs: number;
  /** How long "unknown" answers are kept. Default: a sixth of cacheTtlMs, at most 10 s. */
  readonly unknownTtlMs?: number;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** Host names are compared lower case, without port and trailing dot. */
export function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const withoutPort = lower.startsWith('[') ? lower.replace(/(\]):\d+$/, '$1') : lower.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

export function createOfficesDirectory(options: OfficesDirectoryOptions): OfficesDirectory {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const unknownTtl = options.unknownTtlMs ?? Math.min(10_000, Math.floor(options.cacheTtlMs / 6));
  const ttlOf = (value: unknown) => (value === null ? unknownTtl : options.cacheTtlMs);
  const hosts = createTtlCache<OrganizationSummary | null>({ ttlOf, maxEntries: 1_000 });
  const organizations = createTtlCache<OrganizationSummary | null>({ ttlOf, maxEntries: 1_000 });
  const offices = createTtlCache<string | null>({ ttlOf, maxEntries: 10_000 });

  /** The parsed body, or null on 404; anything else is the offices service's outage, not the caller's fault. */
  async function ask<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const base = options.baseUrl;
    if (base === undefined) return null;
    let response: Response;
    try {
      response = await doFetch(new URL(path, base), {
        headers: { [INTERNAL_TOKEN_HEADER]: options.internalApiToken, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw Object.assign(new ServiceUnavailable('The offices service is unavailable, retry later'), { cause: error });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ServiceUnavailable(`The offices service answered ${response.status} to a directory lookup`);
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) {
      throw Object.assign(new ServiceUnavailable('The offices service answered a directory lookup unexpectedly'), {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    organizationForHost(host) {
      const key = normalizeHost(host);
      if (key === '') return Promise.resolve(null);
      return hosts.get(key, () =>
        ask(`/internal/organizations/resolve?host=${encodeURIComponent(key)}`, OrganizationSummary),
      );
    },
    organizationById(id) {
      return organizations.get(id, () => ask(`/internal/organizations/${encodeURIComponent(id)}`, OrganizationSummary));
    },
    organizationOfOffice(officeId) {
      return offices.get(officeId, async () => {
        const office = await ask(`/internal/offices/${encodeURIComponent(officeId)}`, OfficeOwnership);
        return office?.orgId ?? null;
      });
    },
  };
}
