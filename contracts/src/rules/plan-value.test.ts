import fc from 'fast-check';
import { parseDuration, samePlanValue } from './plan-value';

describe('samePlanValue', () => {
  it('ignores case and extra whitespace', () => {
    expect(samePlanValue('Delta  Dental', ' delta dental ')).toBe(true);
    expect(samePlanValue('PPO\tPlan', 'ppo plan')).toBe(true);
    expect(samePlanValue('Delta Dental', 'Delta Dentals')).toBe(false);
    expect(samePlanValue('DeltaDental', 'Delta Dental')).toBe(false);
  });

  it('compares numbers and their text', () => {
    expect(samePlanValue(1500, '1500')).toBe(true);
    expect(samePlanValue(true, 'TRUE')).toBe(true);
  });

  it('treats empty, null and undefined as the same value', () => {
    expect(samePlanValue(null, undefined)).toBe(true);
    expect(samePlanValue('  ', null)).toBe(true);
    expect(samePlanValue('', 'x')).toBe(false);
  });

  it('reads Claim Filing Deadline text as a time period', () => {
    expect(samePlanValue('90 days', 'Claim Filing Deadline: 90 Days')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 3 months', '90 days')).toBe(true);
    expect(samePlanValue('claim filing deadline 1 year', '365 days')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 180 days', '6 mo')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 2 years', '24 months')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 1 month', '30 days')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 4 weeks', '1 month')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: 90 days', '60 days')).toBe(false);
    expect(samePlanValue('Claim Filing Deadline: 90 days', '90 weeks')).toBe(false);
  });

  it('compares a labelled text without a duration as text without the label', () => {
    expect(samePlanValue('Claim Filing Deadline: N/A', 'n/a')).toBe(true);
    expect(samePlanValue('Claim Filing Deadline: N/A', 'none')).toBe(false);
  });

  it('compares durations as text when no Claim Filing Deadline label is present', () => {
    expect(samePlanValue('90 days', '3 months')).toBe(false);
    expect(samePlanValue('90 Days', '90  days')).toBe(true);
  });

  it('reads duration texts', () => {
    expect(parseDuration('90 Days')).toEqual({ amount: 90, unit: 'days' });
    expect(parseDuration('1yr')).toEqual({ amount: 1, unit: 'years' });
    expect(parseDuration('6 mos')).toEqual({ amount: 6, unit: 'months' });
    expect(parseDuration('2 wks')).toEqual({ amount: 2, unit: 'weeks' });
    expect(parseDuration('soon')).toBeUndefined();
  });

  it("reads no unit from the names of Object.prototype's members (generated cases)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)), fc.constantFrom('', ' '), (amount, word, space) => {
        expect(parseDuration(`${amount}${space}${word}`)).toBeUndefined();
        expect(samePlanValue(`Claim Filing Deadline: ${amount} ${word}`, `${amount} ${word}`)).toBe(true);
        expect(samePlanValue(`Claim Filing Deadline: ${amount} ${word}`, `${amount} days`)).toBe(false);
      }),
    );
  });

  const value = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.constantFrom('Claim Filing Deadline: 90 days', '3 months', 'claim filing deadline 1 yr', '12 MONTHS'),
  );

  it('is reflexive and symmetric', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(samePlanValue(a, a)).toBe(true);
        expect(samePlanValue(a, b)).toBe(samePlanValue(b, a));
      }),
    );
  });

  it('does not care about case or surrounding whitespace', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(samePlanValue(text, `  ${text.toUpperCase()}\n`)).toBe(samePlanValue(text, text.toUpperCase()));
      }),
    );
  });
});
