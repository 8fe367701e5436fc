/**
 * The rate counter and the expiring set behave the same in memory and on the real Redis (REDIS_URL, default
 * redis://127.0.0.1:6379), for any mix of keys (generated cases).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { redisAvailability, TEST_REDIS_URL } from '../testing/redis-availability';
import { createMemoryExpiringSet, createRedisExpiringSet, type ExpiringSet } from './expiring-set';
import { clientAddressKey, createRateCounter, type RateCounterOptions } from './rate-counter';
import { closeRedis, connectRedis, type Redis } from './redis';

const silent = { warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Backend {
  readonly name: string;
  /** A Redis connection for the Redis backend; undefined in memory. */
  redis(): Redis | undefined;
  expiringSet(): ExpiringSet;
}

function contract(backend: Backend) {
  // Names unique to this run, so runs against the same Redis never share a key.
  const run = randomUUID();
  const counter = (options: Omit<RateCounterOptions, 'name' | 'redis'>, name: string = randomUUID()) => {
    const redis = backend.redis();
    return createRateCounter({ ...options, name: `test:${run}:${name}`, ...(redis ? { redis } : {}) });
  };

  describe(`rate counter (${backend.name})`, () => {
    it('refuses the event after the max-th of a key within the window, any key mix (generated cases)', async () => {
      const limiter = await counter({ max: 3, windowMs: 60_000 });
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 25 }), async (picks) => {
            const keys = Array.from({ length: 5 }, () => randomUUID());
            const seen = new Map<string, number>();
            for (const pick of picks) {
              const key = keys[pick] ?? '';
              const count = (seen.get(key) ?? 0) + 1;
              seen.set(key, count);
              const result = await limiter.hit(key);
              expect(result.exceeded).toBe(count > 3);
              expect(result.remaining).toBe(Math.max(0, 3 - count));
              expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
              expect(result.retryAfterSeconds).toBeLessThanOrEqual(60);
            }
            // A key never hit is untouched by the others.
            expect(await limiter.peek(randomUUID())).toMatchObject({ remaining: 3, exceeded: false });
          }),
          { numRuns: 30 },
        );
      } finally {
        await limiter.close();
      }
    });

    it('peeks without counting', async () => {
      const limiter = await counter({ max: 2, windowMs: 60_000 });
      await limiter.hit('k');
      for (let i = 0; i < 5; i += 1) expect((await limiter.peek('k')).remaining).toBe(1);
      await limiter.hit('k');
      expect((await limiter.peek('k')).remaining).toBe(0);
      await limiter.close();
    });

    it('starts a new window once the window has passed', async () => {
      const limiter = await counter({ max: 1, windowMs: 300 });
      await limiter.hit('k');
      expect((await limiter.hit('k')).exceeded).toBe(true);
      await sleep(450);
      expect((await limiter.hit('k')).exceeded).toBe(false);
      await limiter.close();
    });

    it('keeps two counters of different names apart', async () => {
      const first = await counter({ max: 1, windowMs: 60_000 }, 'first');
      const second = await counter({ max: 1, windowMs: 60_000 }, 'second');
      await first.hit('same-key');
      expect((await first.hit('same-key')).exceeded).toBe(true);
      expect((await second.hit('same-key')).exceeded).toBe(false);
      await first.close();
      await second.close();
    });
  });

  describe(`expiring set (${backend.name})`, () => {
    it('holds a member until its time to live has passed', async () => {
      const set = backend.expiringSet();
      const member = randomUUID();
      expect(await set.has(member)).toBe(false);
      await set.add(member, 400);
      expect(await set.has(member)).toBe(true);
      const left = await set.ttlMs(member);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(400);
      await sleep(550);
      expect(await set.has(member)).toBe(false);
      expect(await set.ttlMs(member)).toBe(0);
    });

    it('keeps the later expiry when a member is added again, whatever the order (generated cases)', async () => {
      const set = backend.expiringSet();
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1_000, max: 600_000 }), { minLength: 1, maxLength: 5 }), async (ttls) => {
          const member = randomUUID();
          for (const ttl of ttls) await set.add(member, ttl);
          const left = await set.ttlMs(member);
          expect(left).toBeLessThanOrEqual(Math.max(...ttls));
          expect(left).toBeGreaterThan(Math.max(...ttls) - 1_000);
        }),
        { numRuns: 20 },
      );
    });
  });
}

contract({ name: 'memory', redis: () => undefined, expiringSet: () => createMemoryExpiringSet() });

const availability = redisAvailability();
if (!availability.available) {
  const title = `rate counter and expiring set on Redis: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  let redis: Redis | undefined;
  const connection = () => (redis ??= connectRedis({ url: TEST_REDIS_URL, name: 'kit-test', logger: silent }));
  afterAll(async () => {
    if (redis) await closeRedis(redis);
  });
  contract({
    name: 'Redis',
    redis: connection,
    expiringSet: () => createRedisExpiringSet(connection(), { name: `test:${randomUUID()}` }),
  });
}

describe('client address key', () => {
  it('keys IPv4 as it is, IPv4-mapped IPv6 as its IPv4, and IPv6 by its /64 network', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:db8:1:2:bbbb::2'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
  });
});
