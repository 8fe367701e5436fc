import { secondaryPayment } from './coordination';
import { formatCents, percentOf, toCents } from './money';

describe('secondaryPayment', () => {
  // [rule, fee, primary pays, secondary's own benefit, secondary pays]
  it.each([
    ['standard', 15000, 12000, 6250, 3000], // own 62.50, but only 30.00 left
    ['standard', 120000, 60000, 40000, 40000], // own 400.00 within the 600.00 left
    ['standard', 9000, 0, 4500, 4500], // primary paid nothing
    ['nonDuplication', 15000, 12000, 6250, 0], // own below the primary's payment
    ['nonDuplication', 120000, 60000, 96000, 36000], // 960 - 600
    ['nonDuplication', 10000, 2000, 9500, 7500], // 95 - 20 = 75, within the 80.00 left
    ['nonDuplication', 10000, 5000, 10000, 5000], // 100 - 50 = 50, exactly the 50.00 left
  ] as const)('%s: fee %i, primary %i, own %i -> %i', (rule, fee, primary, own, pays) => {
    expect(secondaryPayment(rule, fee, primary, own)).toBe(pays);
  });
});

describe('money', () => {
  it('turns dollars into whole cents, and nonsense into none', () => {
    expect([12.345, 0.1 + 0.2, 1500, -5, Number.NaN, null, undefined].map(toCents)).toEqual([1235, 30, 150000, 0, 0, 0, 0]);
  });

  it('takes a percent of cents to the nearest cent, never beyond the amount', () => {
    expect([percentOf(12500, 50), percentOf(333, 80), percentOf(100, 150), percentOf(100, -5)]).toEqual([6250, 266, 100, 0]);
  });

  it('writes cents as dollars', () => {
    expect([formatCents(0), formatCents(5), formatCents(123456789), formatCents(-250)]).toEqual(['$0.00', '$0.05', '$1,234,567.89', '-$2.50']);
  });
});
