import fc from 'fast-check';
import { TIME_PERIODS } from '../enums';
import {
  ageLimitWording,
  dollarAmount,
  limitationWording,
  waitingPeriodWording,
  type LimitationTerms,
  type WaitingPeriodTerms,
} from './benefit-wording';

describe('limitationWording', () => {
  it.each<[LimitationTerms, string]>([
    [{ quantity: 2, frequency: 12, timePeriod: 'mo' }, '2 per 12 months'],
    [{ quantity: 1, frequency: 1, timePeriod: 'mo' }, '1 per month'],
    [{ quantity: 1, frequency: 1, timePeriod: 'yr' }, '1 per year'],
    [{ quantity: 1, frequency: 5, timePeriod: 'yr' }, '1 per 5 years'],
    [{ quantity: 2, frequency: 1, timePeriod: '12m' }, '2 per 12 months'],
    [{ quantity: 1, frequency: 3, timePeriod: '12m' }, '1 per 36 months'],
    [{ quantity: 2, frequency: 1, timePeriod: '/yr' }, '2 per benefit year'],
    [{ quantity: 1, frequency: 2, timePeriod: '/yr' }, '1 per 2 benefit years'],
    [{ quantity: 1, frequency: 90, timePeriod: 'd' }, '1 per 90 days'],
    [{ quantity: 1, frequency: 1, timePeriod: 'd' }, '1 per day'],
    [{ quantity: 4, frequency: 1, timePeriod: '/d' }, '4 per day'],
    [{ quantity: 1.5, frequency: 2, timePeriod: 'mo' }, '1.5 per 2 months'],
  ])('%j reads %s', (terms, words) => {
    expect(limitationWording(terms)).toBe(words);
  });

  it('words every time period as "<quantity> per ..."', () => {
    fc.assert(
      fc.property(fc.nat(99), fc.integer({ min: 1, max: 99 }), fc.constantFrom(...TIME_PERIODS), (quantity, frequency, timePeriod) => {
        expect(limitationWording({ quantity, frequency, timePeriod })).toMatch(new RegExp(`^${quantity} per [a-z0-9 ]+$`));
      }),
    );
  });
});

describe('waitingPeriodWording', () => {
  it.each<[WaitingPeriodTerms, string]>([
    [{ months: 12 }, '12 months'],
    [{ months: 1 }, '1 month'],
    [{ years: 1, months: 6 }, '1 year 6 months'],
    [{ weeks: 2, days: 3 }, '2 weeks 3 days'],
    [{ days: 90 }, '90 days'],
    [{ months: 0 }, 'None'],
    [{ codes: ['ADA:D2740'], months: 12 }, '12 months (with D2740)'],
    [{ codes: ['ADA:D2740', 'D2750'], months: 6 }, '6 months (with D2740, D2750)'],
  ])('%j reads %s', (period, words) => {
    expect(waitingPeriodWording(period)).toBe(words);
  });
});

describe('ageLimitWording', () => {
  it.each<[number | null | undefined, number | null | undefined, string]>([
    [14, 99, 'Ages 14 to 99'],
    [0, 19, 'Up to age 19'],
    [undefined, 26, 'Up to age 26'],
    [19, 1000, 'From age 19'],
    [19, null, 'From age 19'],
    [0, 1000, 'Any age'],
    [undefined, undefined, 'Any age'],
  ])('%p and %p read %s', (min, max, words) => {
    expect(ageLimitWording(min, max)).toBe(words);
  });
});

describe('dollarAmount', () => {
  it.each<[number, string]>([
    [1500, '$1,500.00'],
    [50, '$50.00'],
    [1210.5, '$1,210.50'],
    [0, '$0.00'],
  ])('%p reads %s', (value, words) => {
    expect(dollarAmount(value)).toBe(words);
  });
});
