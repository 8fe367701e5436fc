import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('keeps a value for its time to live, then loads again', async () => {
    let now = 1_000;
    const cache = createTtlCache<string>({ ttlOf: () => 100, now: () => now });
    const load = jest.fn(async () => `value-${now}`);
    expect(await cache.get('k', load)).toBe('value-1000');
    now = 1_100;
    expect(await cache.get('k', load)).toBe('value-1000');
    now = 1_101;
    expect(await cache.get('k', load)).toBe('value-1101');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps each value as long as ttlOf says, and nothing with 0', async () => {
    let now = 0;
    const cache = createTtlCache<string | null>({ ttlOf: (value) => (value === null ? 10 : 0), now: () => now });
    const miss = jest.fn(async () => null);
    await cache.get('unknown', miss);
    now = 5;
    await cache.get('unknown', miss);
    expect(miss).toHaveBeenCalledTimes(1);
    const hit = jest.fn(async () => 'x');
    await cache.get('known', hit);
    await cache.get('known', hit);
    expect(hit).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses and keeps no failure', async () => {
    const cache = createTtlCache<number>({ ttlOf: () => 1_000 });
    let release: (value: number) => void = () => undefined;
    const load = jest.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);

    const failing = jest.fn(async () => Promise.reject(new Error('down')));
    await expect(cache.get('f', failing)).rejects.toThrow('down');
    await expect(cache.get('f', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest entries beyond maxEntries', async () => {
    const cache = createTtlCache<string>({ ttlOf: () => 1_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    const reload = jest.fn(async () => 'a2');
    expect(await cache.get('a', reload)).toBe('a2');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('answers a load whose entry other keys pushed out while it ran', async () => {
    const cache = createTtlCache<string>({ ttlOf: () => 1_000, maxEntries: 1 });
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('slow', () => new Promise<string>((resolve) => (release = resolve)));
    expect(await cache.get('other', async () => 'other')).toBe('other');
    release('slow');
    expect(await slow).toBe('slow');
  });
});
