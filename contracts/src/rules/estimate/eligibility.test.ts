import { addMonths, ageOn, checkWaitingPeriod, waitingPeriodEnd } from './eligibility';

const day = (year: number, month: number, date: number) => ({ year, month, day: date });

describe('eligibility helpers', () => {
  it.each([
    [day(2012, 3, 10), day(2026, 3, 9), 13],
    [day(2012, 3, 10), day(2026, 3, 10), 14],
    // Born on 29 February: a year older on 1 March of a year without one.
    [day(2008, 2, 29), day(2026, 2, 28), 17],
    [day(2008, 2, 29), day(2026, 3, 1), 18],
  ])('ageOn(%j, %j) is %i', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });

  it('adds months within shorter months', () => {
    expect(addMonths(day(2026, 8, 31), 6)).toEqual(day(2027, 2, 28));
  });

  it('serves a waiting period of years, months, weeks and days from the effective date', () => {
    expect(waitingPeriodEnd({ years: 1, months: 6 }, day(2026, 1, 15))).toEqual(day(2027, 7, 15));
    expect(waitingPeriodEnd({ weeks: 2, days: 3 }, day(2026, 12, 25))).toEqual(day(2027, 1, 11));
  });

  it('has no waiting period check for a period of no length', () => {
    expect(checkWaitingPeriod('D2740', { months: 0 }, day(2026, 1, 1), day(2026, 2, 1))).toBeNull();
  });
});
