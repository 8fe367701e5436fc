import { LRUCache } from 'lru-cache';

/**
 * The directory's answers, kept by lru-cache: bounded (least recently used go first), each answer for its own
 * time, concurrent misses of a key sharing one load (lru-cache's fetch), failed loads not kept.
 */
export interface TtlCache<V> {
  /** The cached value, else `load()`; values for which `ttlOf` gives 0 (or a failed load) are not kept. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  readonly size: number;
}

export interface TtlCacheOptions<V> {
  /** How long a value is kept, per value (e.g. shorter for "not found"); kept while no older than that. */
  readonly ttlOf: (value: V) => number;
  /** Entries beyond this are dropped, so client-chosen keys (a Host header) cannot grow memory. */
  readonly maxEntries?: number;
  /** The clock (tests); lru-cache reads a time of 0 as "no expiry", so a test clock starts later. */
  readonly now?: () => number;
}

/** lru-cache keeps no null, and null ("unknown") is an answer worth keeping: values are kept boxed. */
interface Kept<V> {
  readonly value: V;
}

export function createTtlCache<V>(options: TtlCacheOptions<V>): TtlCache<V> {
  const cache = new LRUCache<string, Kept<V>, () => Promise<V>>({
    max: options.maxEntries ?? 10_000,
    // Reads the clock at every check: cheap at this size, and exact with a test clock.
    ttlResolution: 0,
    // A load whose entry was pushed out meanwhile still answers its callers (it is just not kept).
    ignoreFetchAbort: true,
    ...(options.now === undefined ? {} : { perf: { now: options.now } }),
    fetchMethod: async (_key, _stale, { options: entry, context: load }) => {
      const value = await load();
      entry.ttl = options.ttlOf(value);
      return { value };
    },
  });

  return {
    async get(key, load) {
      const kept = await cache.forceFetch(key, { context: load });
      // lru-cache keeps a ttl of 0 for ever; here 0 means "ask every time". The identity check leaves alone a
      // load another caller may have started since.
      if (options.ttlOf(kept.value) <= 0 && cache.peek(key) === kept) cache.delete(key);
      return kept.value;
    },
    get size() {
      return cache.size;
    },
  };
}
