/**
 * Counts events per key in fixed windows with @fastify/rate-limit's stores: on Redis when one is given (every
 * replica shares the counts, which survive a restart), in this process's memory otherwise. For limits that are
 * not one Fastify route's: the sign-in attempts of the development identity provider (not a Fastify server) and
 * the gateway's organization look-up, which is a path under a proxied prefix.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Redis } from './redis';

export interface RateCounterOptions {
  /** Names the counter's keys in Redis: `dv:rate:<name>:<key>`. */
  readonly name: string;
  /** Events allowed per key and window. */
  readonly max: number;
  readonly windowMs: number;
  readonly redis?: Redis;
}

export interface RateCount {
  /** Events the key may still have in this window (0 once it is used up). */
  readonly remaining: number;
  /** The key has had more than `max` events in this window. */
  readonly exceeded: boolean;
  /** Seconds until the window ends, at least 1: the Retry-After of a refusal. */
  readonly retryAfterSeconds: number;
}

export interface RateCounter {
  readonly max: number;
  readonly windowMs: number;
  /** Counts one event for the key. */
  hit(key: string): Promise<RateCount>;
  /** The key's count, without counting. */
  peek(key: string): Promise<RateCount>;
  close(): Promise<void>;
}

/**
 * The counting key of a client address, as @fastify/rate-limit keys its own limits: IPv4 as it is (also written
 * IPv4-mapped), IPv6 by its /64 network, which one customer usually holds whole.
 */
export function clientAddressKey(address: string): string {
  return normalizeIP(address);
}

/** Keys a counter in memory keeps before it forgets the least recently counted ones. */
const MEMORY_KEYS = 50_000;

/** What the plugin reads of a request when our own key generator names the key: the route's config. */
interface CountedEvent {
  readonly routeOptions: { readonly config: Record<string, never> };
  readonly counterKey: string;
}

export async function createRateCounter(options: RateCounterOptions): Promise<RateCounter> {
  if (!Number.isSafeInteger(options.max) || options.max < 1) throw new RangeError(`max must be at least 1, got ${options.max}`);
  if (!Number.isSafeInteger(options.windowMs) || options.windowMs < 1) {
    throw new RangeError(`windowMs must be at least 1, got ${options.windowMs}`);
  }
  // A Fastify instance that never listens holds the plugin: its createRateLimit() is the plugin's API for
  // counting outside a route's hooks.
  const host = Fastify({ logger: false });
  await host.register(rateLimit, {
    global: false,
    max: options.max,
    timeWindow: options.windowMs,
    cache: MEMORY_KEYS,
    keyGenerator: (request) => (request as unknown as CountedEvent).counterKey,
    ...(options.redis ? { redis: options.redis, nameSpace: `dv:rate:${options.name}:` } : {}),
  });
  await host.ready();
  const limiter = host.createRateLimit();

  async function count(key: string, increment: boolean): Promise<RateCount> {
    const event: CountedEvent = { routeOptions: { config: {} }, counterKey: key };
    const result = await limiter(event as unknown as FastifyRequest, { increment });
    // Only an allow list makes the plugin skip counting, and this counter has none.
    if (result.isAllowed) return { remaining: options.max, exceeded: false, retryAfterSeconds: 1 };
    return {
      remaining: result.remaining,
      exceeded: result.isExceeded,
      retryAfterSeconds: Math.max(1, result.ttlInSeconds),
    };
  }

  return {
    max: options.max,
    windowMs: options.windowMs,
    hit: (key) => count(key, true),
    peek: (key) => count(key, false),
    close: () => host.close(),
  };
}
