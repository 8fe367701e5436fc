import { memoryAppliedEvents } from './applied-events';

describe('applied events in memory', () => {
  it('claims an event once per consumer until the record expires; a released claim can be taken again', async () => {
    let now = 0;
    const applied = memoryAppliedEvents({ ttlMs: 1_000, now: () => now });
    expect(await applied.claim('c', 'e1')).toBe(true);
    expect(await applied.claim('c', 'e1')).toBe(false);
    expect(await applied.claim('other', 'e1')).toBe(true);
    await applied.release('c', 'e1');
    expect(await applied.claim('c', 'e1')).toBe(true);
    now = 1_001;
    expect(await applied.claim('c', 'e1')).toBe(true);
  });

  it('stays within its bound', async () => {
    const applied = memoryAppliedEvents({ ttlMs: 60_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) expect(await applied.claim('c', id)).toBe(true);
    expect(await applied.claim('c', 'a')).toBe(true);
    expect(await applied.claim('c', 'c')).toBe(false);
  });
});
