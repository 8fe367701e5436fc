import fc from 'fast-check';
import { discountAmount, discountApplies, discountEnd, formatAmount, monthsAfter, periodEnd } from './billing-math';

const at = (iso: string): number => Date.parse(iso) / 1000;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

describe('billing periods', () => {
  it('clamps to the month end and comes back to the anchor day', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    expect(iso(monthsAfter(anchor, 1))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(monthsAfter(anchor, 2))).toBe('2026-03-31T10:00:00.000Z');
    expect(iso(periodEnd(anchor, monthsAfter(anchor, 1), 1))).toBe('2026-03-31T10:00:00.000Z');
  });

  it('a period always ends after it starts and within 31 days (generated cases)', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2090-01-01T00:00:00Z') }), fc.nat(40), (anchor, n) => {
        const start = monthsAfter(anchor, n);
        const end = periodEnd(anchor, start, 1);
        expect(end).toBeGreaterThan(start);
        expect(end - start).toBeLessThanOrEqual(31 * 86_400);
      }),
    );
  });
});

describe('discounts', () => {
  it('takes a percentage, rounded to the cent, or a fixed amount capped at the subtotal', () => {
    expect(discountAmount({ percent_off: 20, amount_off: null }, 9900)).toBe(1980);
    expect(discountAmount({ percent_off: 33.3, amount_off: null }, 999)).toBe(333);
    expect(discountAmount({ percent_off: null, amount_off: 5000 }, 1000)).toBe(1000);
    expect(discountAmount({ percent_off: 20, amount_off: null }, 0)).toBe(0);
  });

  it('applies forever, once (first invoice only) or for a number of months', () => {
    const start = at('2026-01-10T00:00:00Z');
    expect(discountApplies({ duration: 'forever' }, null, { periodStart: start + 1e8, first: false })).toBe(true);
    expect(discountApplies({ duration: 'once' }, null, { periodStart: start, first: true })).toBe(true);
    expect(discountApplies({ duration: 'once' }, null, { periodStart: start, first: false })).toBe(false);
    const end = discountEnd({ duration: 'repeating', duration_in_months: 2 }, start);
    expect(discountApplies({ duration: 'repeating' }, end, { periodStart: monthsAfter(start, 1), first: false })).toBe(true);
    expect(discountApplies({ duration: 'repeating' }, end, { periodStart: monthsAfter(start, 2), first: false })).toBe(false);
  });

  it('formats amounts in dollars', () => {
    expect(formatAmount(9900, 'usd')).toBe('$99.00');
    expect(formatAmount(1234567, 'usd')).toBe('$12,345.67');
  });
});
