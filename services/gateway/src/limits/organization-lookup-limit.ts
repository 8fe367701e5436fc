/**
 * POST /api/auth/organization tells whether an organization of a name (or host) exists: the SPA asks it once per
 * load, an enumerator asks it for every name in a list. It is limited per client IP (DEFAULT_ORGANIZATION_LOOKUP_
 * LIMIT, ORGANIZATION_LOOKUP_MAX / _WINDOW_MS), on Redis when REDIS_URL is set, in memory otherwise. The limit is
 * applied before the offices service is asked, so past it every look-up gets the same 429 (and Retry-After),
 * whether the organization exists or not: a limited caller learns nothing about which names are taken.
 */
import { API_ROUTES, matchApiRoute, pathOnly } from '@dv/contracts';
import { clientAddressKey, createRateCounter, ServiceUnavailable, TooManyRequests, type RateCount, type Redis } from '@dv/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ORGANIZATION_LOOKUP = { method: 'POST', path: '/api/auth/organization' } as const;

if (!API_ROUTES.some((route) => route.method === ORGANIZATION_LOOKUP.method && route.path === ORGANIZATION_LOOKUP.path)) {
  throw new Error('POST /api/auth/organization is no longer in API_ROUTES: move its rate limit along');
}

/**
 * Whether the request is the look-up, by the decoded path (the one the router and the offices service read), so
 * that no spelling of it gets past the limit.
 */
function isOrganizationLookup(request: FastifyRequest): boolean {
  if (request.method !== ORGANIZATION_LOOKUP.method) return false;
  let path: string;
  try {
    path = decodeURIComponent(pathOnly(request.raw.url ?? '/'));
  } catch {
    return false; // Not a path the router serves: the request guard refuses it.
  }
  return matchApiRoute(ORGANIZATION_LOOKUP.method, path)?.path === ORGANIZATION_LOOKUP.path;
}

export interface OrganizationLookupLimit {
  /** The onRequest hook; it runs after the request guard, which has normalised the path. */
  readonly hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  close(): Promise<void>;
}

export async function organizationLookupLimit(options: {
  readonly limit: { readonly max: number; readonly timeWindowMs: number };
  readonly redis?: Redis;
}): Promise<OrganizationLookupLimit> {
  const counter = await createRateCounter({
    name: 'gateway:organization-lookup',
    max: options.limit.max,
    windowMs: options.limit.timeWindowMs,
    ...(options.redis ? { redis: options.redis } : {}),
  });
  return {
    async hook(request, reply) {
      if (!isOrganizationLookup(request)) return;
      let count: RateCount;
      try {
        count = await counter.hit(clientAddressKey(request.ip));
      } catch (error) {
        throw Object.assign(new ServiceUnavailable('The organization look-up is unavailable, retry later'), { cause: error });
      }
      if (!count.exceeded) return;
      void reply.header('retry-after', String(count.retryAfterSeconds));
      throw new TooManyRequests(`Too many organization look-ups from this address, retry in ${count.retryAfterSeconds} s`);
    },
    close: () => counter.close(),
  };
}
