import fc from 'fast-check';
import { DURATION_UNITS, capYearlyFrequency, normalizeDuration, type Duration } from './duration';

describe('normalizeDuration (SPEC section 9)', () => {
  it.each<[Duration, Duration]>([
    [{ amount: 180, unit: 'days' }, { amount: 6, unit: 'months' }],
    [{ amount: 360, unit: 'days' }, { amount: 12, unit: 'months' }],
    [{ amount: 365, unit: 'days' }, { amount: 12, unit: 'months' }],
    [{ amount: 1, unit: 'years' }, { amount: 12, unit: 'months' }],
    [{ amount: 3, unit: 'months' }, { amount: 90, unit: 'days' }],
    [{ amount: 1, unit: 'months' }, { amount: 31, unit: 'days' }],
    [{ amount: 30, unit: 'days' }, { amount: 31, unit: 'days' }],
    [{ amount: 4, unit: 'weeks' }, { amount: 31, unit: 'days' }],
  ])('%o becomes %o', (input, expected) => {
    expect(normalizeDuration(input)).toEqual(expected);
  });

  it.each<Duration>([
    { amount: 90, unit: 'days' },
    { amount: 31, unit: 'days' },
    { amount: 6, unit: 'months' },
    { amount: 12, unit: 'months' },
    { amount: 2, unit: 'years' },
    { amount: 2, unit: 'weeks' },
    { amount: 181, unit: 'days' },
    { amount: 0, unit: 'days' },
  ])('leaves %o unchanged', (input) => {
    expect(normalizeDuration(input)).toEqual(input);
  });

  const duration = fc.record({
    amount: fc.oneof(fc.constantFrom(1, 3, 4, 30, 180, 360, 365), fc.integer({ min: 0, max: 1000 })),
    unit: fc.constantFrom(...DURATION_UNITS),
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(duration, (d) => {
        const once = normalizeDuration(d);
        expect(normalizeDuration(once)).toEqual(once);
      }),
    );
  });

  it('never changes an amount outside the listed cases', () => {
    fc.assert(
      fc.property(duration, (d) => {
        const listed = (
          { days: [30, 180, 360, 365], weeks: [4], months: [1, 3], years: [1] } as Record<string, number[]>
        )[d.unit]!;
        fc.pre(!listed.includes(d.amount));
        expect(normalizeDuration(d)).toEqual(d);
      }),
    );
  });
});

describe('capYearlyFrequency', () => {
  it.each([
    [1, 1],
    [98, 98],
    [99, 99],
    [100, 99],
    [1000, 99],
  ])('%i -> %i', (input, expected) => {
    expect(capYearlyFrequency(input)).toBe(expected);
  });

  it('never exceeds 99', () => {
    fc.assert(fc.property(fc.integer(), (n) => capYearlyFrequency(n) <= 99));
  });
});
