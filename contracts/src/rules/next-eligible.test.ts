import fc from 'fast-check';
import { nextEligibleDate } from './next-eligible';

const TODAY = '11/24/2026';

describe('nextEligibleDate', () => {
  it('is eligible today without history', () => {
    expect(nextEligibleDate({ limitation: { quantity: 2, frequency: 12, timePeriod: 'mo' }, serviceDates: [], today: TODAY })).toEqual({
      lastService: null,
      nextEligible: TODAY,
      eligibleNow: true,
    });
  });

  it.each([
    ['1 per 6 months, done 07/27/2026', { quantity: 1, frequency: 6, timePeriod: 'mo' as const }, ['07/27/2026'], '01/27/2027', false],
    ['1 per 6 months, done 05/01/2026', { quantity: 1, frequency: 6, timePeriod: 'mo' as const }, ['05/01/2026'], TODAY, true],
    ['2 per 12 months, done twice', { quantity: 2, frequency: 12, timePeriod: 'mo' as const }, ['07/27/2026', '01/15/2026'], '01/15/2027', false],
    ['2 per 12 months, done once', { quantity: 2, frequency: 12, timePeriod: 'mo' as const }, ['07/27/2026'], TODAY, true],
    ['1 per 36 months (3 yr)', { quantity: 1, frequency: 3, timePeriod: 'yr' as const }, ['02/10/2025'], '02/10/2028', false],
    ['1 per 24 months (12m x2)', { quantity: 1, frequency: 2, timePeriod: '12m' as const }, ['08/31/2025'], '08/31/2027', false],
    ['1 per 90 days', { quantity: 1, frequency: 90, timePeriod: 'd' as const }, ['11/01/2026'], '01/30/2027', false],
    ['1 per benefit year, used', { quantity: 1, frequency: 1, timePeriod: '/yr' as const }, ['03/03/2026'], '01/01/2027', false],
    ['1 per benefit year, last year', { quantity: 1, frequency: 1, timePeriod: '/yr' as const }, ['12/03/2025'], TODAY, true],
    ['1 per day, today', { quantity: 1, frequency: 1, timePeriod: '/d' as const }, [TODAY], '11/25/2026', false],
  ])('%s', (_name, limitation, serviceDates, next, now) => {
    const result = nextEligibleDate({ limitation, serviceDates, today: TODAY });
    expect([result.nextEligible, result.eligibleNow]).toEqual([next, now]);
  });

  it('follows a benefit year that starts in July', () => {
    const limitation = { quantity: 1, frequency: 1, timePeriod: '/yr' as const };
    expect(nextEligibleDate({ limitation, serviceDates: ['08/01/2026'], benefitYear: 'july', today: TODAY }).nextEligible).toBe('07/01/2027');
    expect(nextEligibleDate({ limitation, serviceDates: ['06/01/2026'], benefitYear: 'july', today: TODAY }).eligibleNow).toBe(true);
  });

  it('keeps the end of a short month: Aug 31 + 6 months is the last day of February', () => {
    const limitation = { quantity: 1, frequency: 6, timePeriod: 'mo' as const };
    expect(nextEligibleDate({ limitation, serviceDates: ['08/31/2026'], today: '09/01/2026' }).nextEligible).toBe('02/28/2027');
  });

  it('ignores unreadable and future dates and names the latest service', () => {
    const result = nextEligibleDate({
      limitation: { quantity: 1, frequency: 6, timePeriod: 'mo' },
      serviceDates: ['13/45/2026', '2026-10-01', '12/30/2026', '03/02/2026', '09/09/2026'],
      today: TODAY,
    });
    expect(result).toEqual({ lastService: '09/09/2026', nextEligible: '03/09/2027', eligibleNow: false });
  });

  it('never answers a date before today, and today exactly when fewer services than allowed counted', () => {
    const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2026-11-24T00:00:00Z'), noInvalidDate: true }).map((date) => {
      const iso = date.toISOString();
      return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    });
    const limitation = fc.record({
      quantity: fc.integer({ min: 1, max: 4 }),
      frequency: fc.integer({ min: 1, max: 36 }),
      timePeriod: fc.constantFrom('mo' as const, 'yr' as const, '12m' as const, 'd' as const, '/yr' as const, '/d' as const),
    });
    fc.assert(
      fc.property(limitation, fc.array(day, { maxLength: 6 }), (terms, dates) => {
        const result = nextEligibleDate({ limitation: terms, serviceDates: dates, today: TODAY });
        const key = (text: string) => text.slice(6) + text.slice(0, 2) + text.slice(3, 5);
        expect(key(result.nextEligible) >= key(TODAY)).toBe(true);
        expect(result.eligibleNow).toBe(result.nextEligible === TODAY);
        if (dates.length < terms.quantity) expect(result.eligibleNow).toBe(true);
      }),
    );
  });
});
