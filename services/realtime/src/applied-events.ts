/**
 * Redelivered bus events are dropped before they reach a browser twice. The realtime service keeps no store of
 * its own, so the record of applied event ids lives where its shared state already is: Redis (shared by every
 * realtime process, with a time to live), or this process's memory without Redis (one process).
 *
 * The kit's store-backed `idempotent` is not used: the only effect here is an emit, outside any store, so a store
 * transaction would add a database to a stateless service without making anything more exact.
 */
import type Redis from 'ioredis';

export interface AppliedEvents {
  /** True when this call is the first to claim the event (go on and emit); false for a redelivery. */
  claim(consumer: string, eventId: string): Promise<boolean>;
  /** Forgets a claim whose emit failed, so a redelivery emits. */
  release(consumer: string, eventId: string): Promise<void>;
}

export function memoryAppliedEvents(options: { ttlMs: number; maxEntries?: number; now?: () => number }): AppliedEvents {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 100_000;
  const until = new Map<string, number>();
  return {
    claim(consumer, eventId) {
      const key = `${consumer}:${eventId}`;
      const at = now();
      const expires = until.get(key);
      if (expires !== undefined && expires > at) return Promise.resolve(false);
      until.delete(key);
      until.set(key, at + options.ttlMs);
      // Oldest first (insertion order): the map never grows past its bound.
      while (until.size > maxEntries) until.delete(until.keys().next().value as string);
      return Promise.resolve(true);
    },
    release(consumer, eventId) {
      until.delete(`${consumer}:${eventId}`);
      return Promise.resolve();
    },
  };
}

export function redisAppliedEvents(redis: Pick<Redis, 'set' | 'del'>, options: { prefix: string; ttlMs: number }): AppliedEvents {
  const key = (consumer: string, eventId: string) => `${options.prefix}:applied:${consumer}:${eventId}`;
  return {
    async claim(consumer, eventId) {
      return (await redis.set(key(consumer, eventId), '1', 'PX', options.ttlMs, 'NX')) === 'OK';
    },
    async release(consumer, eventId) {
      await redis.del(key(consumer, eventId));
    },
  };
}
