/** A bounded cache of answers that expire; concurrent misses for one key share a single load. */
export interface TtlCache<V> {
  /** The cached value, else `load()`; values for which `ttlOf` gives 0 (or a failed load) are not kept. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

export interface TtlCacheOptions<V> {
  /** How long a value is kept, per value (e.g. shorter for "not found"). */
  readonly ttlOf: (value: V) => number;
  /** Oldest entries are dropped beyond this, so client-chosen keys (a Host header) cannot grow memory. */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

export function createTtlCache<V>(options: TtlCacheOptions<V>): TtlCache<V> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const loading = new Map<string, Promise<V>>();

  function remember(key: string, value: V): void {
    const ttl = options.ttlOf(value);
    if (ttl <= 0) return;
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + ttl });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  }

  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      if (hit) entries.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;
      const started = load().then(
        (value) => {
          loading.delete(key);
          remember(key, value);
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, started);
      return started;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
