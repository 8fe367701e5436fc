import Redis from 'ioredis';
import { redisAvailability, TEST_REDIS_URL } from '../testing/redis-availability';
import { settle, waitFor } from '../testing/wait-for';
import type { BusEvent } from './bus';
import { busContract } from './bus-contract';
import { connectRedisStreamsBus, partitionOf, type RedisStreamsBusOptions } from './redis-streams-bus';

// Runs against the Redis of the integration tests (REDIS_URL, default 127.0.0.1:6379), each run under its own
// key prefix, removed afterwards.
const availability = redisAvailability();
const timings = { leaseMs: 1_000, heartbeatMs: 100, blockMs: 200 };

async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const stream = redis.scanStream({ match: `${prefix}*`, count: 500 });
    for await (const keys of stream) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}

if (!availability.available) {
  const title = `Redis Streams bus contract: skipped — ${availability.reason}`;
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe('Redis Streams bus contract', () => {
    busContract(
      async () => {
        const options: RedisStreamsBusOptions = {
          url: TEST_REDIS_URL,
          clientId: 'kit-contract',
          partitions: 4,
          keyPrefix: `dv-test-${process.pid}-${Date.now().toString(36)}:`,
          timings,
        };
        const bus = await connectRedisStreamsBus(options);
        return {
          bus,
          memberProcess: { kind: 'redis-streams', options },
          async dispose() {
            await bus.close();
            await removeKeys(options.keyPrefix ?? '');
          },
        };
      },
      { setupTimeoutMs: 20_000, deliveryTimeoutMs: 5_000, memberDeathTimeoutMs: 15_000 },
    );
  });

  describe('Redis Streams bus, its own specifics', () => {
    const keyPrefix = `dv-test-own-${process.pid}-${Date.now().toString(36)}:`;
    afterAll(() => removeKeys(keyPrefix));
    const event = (key: string, id: string): BusEvent => ({ key, id, type: 'Tested', payload: {}, occurredAt: '2025-01-01T00:00:00.000Z' });

    it('sends a key to the same stream from every process: the hash depends on the key alone', () => {
      expect(partitionOf('verification-1', 8)).toBe(partitionOf('verification-1', 8));
      const spread = new Set(Array.from({ length: 200 }, (_, index) => partitionOf(`key-${index}`, 8)));
      expect(spread.size).toBe(8);
    });

    it('spreads a group’s streams over its members: each member handles some keys', async () => {
      const bus = await connectRedisStreamsBus({ url: TEST_REDIS_URL, clientId: 'spread', partitions: 4, keyPrefix, timings });
      const byMember: Record<string, string[]> = { a: [], b: [] };
      const handler = (member: 'a' | 'b') => (e: BusEvent) => {
        byMember[member]?.push(e.key);
        return Promise.resolve();
      };
      await bus.subscribe('spread', 'g', handler('a'));
      await bus.subscribe('spread', 'g', handler('b'));
      // Two heartbeats: the first member gives up the streams the second is assigned.
      await settle(4 * timings.heartbeatMs);
      for (let index = 0; index < 40; index += 1) await bus.publish('spread', event(`k-${index}`, `e-${index}`));
      await waitFor(() => (byMember.a?.length ?? 0) + (byMember.b?.length ?? 0) === 40, 'all 40 events');
      expect(byMember.a?.length).toBeGreaterThan(0);
      expect(byMember.b?.length).toBeGreaterThan(0);
      const keysOf = (member: string) => new Set(byMember[member]);
      expect([...keysOf('a')].filter((key) => keysOf('b').has(key))).toEqual([]);
      await bus.close();
    });

    it('refuses to work once closed', async () => {
      const bus = await connectRedisStreamsBus({ url: TEST_REDIS_URL, clientId: 'closed', keyPrefix, timings });
      await bus.close();
      await expect(bus.publish('t', event('k', 'e'))).rejects.toThrow(/closed/);
      await expect(bus.ping()).rejects.toThrow(/closed/);
    });
  });
}
