import { backoffDelay } from './retry';

describe('backoffDelay', () => {
  it('waits the base after the first failure and doubles after each further one, up to the longest wait', () => {
    const backoff = { baseMs: 200, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((failures) => backoffDelay(failures, backoff))).toEqual([200, 400, 800, 1_000, 1_000]);
  });

  it('waits the base before any failure', () => {
    expect(backoffDelay(0, { baseMs: 200, maxMs: 1_000 })).toBe(200);
  });

  it('grows by the factor it is given', () => {
    expect([1, 2, 3].map((failures) => backoffDelay(failures, { baseMs: 10, maxMs: 1_000, factor: 3 }))).toEqual([10, 30, 90]);
  });

  it('stays at the longest wait (not Infinity or NaN) after very many failures, and at 0 with a zero base', () => {
    expect(backoffDelay(5_000, { baseMs: 200, maxMs: 30_000 })).toBe(30_000);
    expect(backoffDelay(5_000, { baseMs: 0, maxMs: 30_000 })).toBe(0);
  });
});
