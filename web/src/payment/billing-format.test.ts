/** Money, plan prices and discounts in words (SPEC section 5's price formatting), for every amount in cents. */
import fc from 'fast-check';
import { cardText, discountedPrice, discountText, isFreePlan, money, planPrice } from './billing-format';

describe('billing texts', () => {
  it('writes any amount in cents as dollars with thousands commas and two decimals, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (cents) => {
        const text = money(cents);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,.]/g, ''))).toBe(cents);
      }),
    );
  });

  it('names other currencies by their code', () => {
    expect(money(123456, 'eur')).toBe('1,234.56 EUR');
    expect(money(5, 'USD')).toBe('$0.05');
  });

  it('writes a plan’s price per interval, free or on request', () => {
    expect(planPrice({ unitAmount: 4900, currency: 'usd', interval: 'month' })).toBe('$49.00 / month');
    expect(planPrice({ unitAmount: 129900, currency: 'usd', interval: 'year' })).toBe('$1,299.00 / year');
    expect(planPrice({ unitAmount: 1999, currency: 'usd', interval: null })).toBe('$19.99');
    expect(planPrice({ unitAmount: 0 })).toBe('Free');
    expect(planPrice({ unitAmount: null })).toBe('Price on request');
    expect(isFreePlan({ unitAmount: 0 })).toBe(true);
    expect(isFreePlan({ unitAmount: null })).toBe(false);
  });

  it('takes a coupon off, never below zero', () => {
    expect(discountText({ percentOff: 20, amountOff: null })).toBe('20% off');
    expect(discountText({ percentOff: null, amountOff: 1000 })).toBe('$10.00 off');
    const plan = { unitAmount: 4900, currency: 'usd', interval: 'month' };
    expect(discountedPrice(plan, { percentOff: 20, amountOff: null })).toBe('$39.20 / month');
    expect(discountedPrice(plan, { percentOff: null, amountOff: 10000 })).toBe('$0.00 / month');
    expect(discountedPrice(plan, { percentOff: null, amountOff: null })).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 100 }), (unitAmount, percentOff) => {
        expect(discountedPrice({ unitAmount }, { percentOff, amountOff: null })).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it('names the card on file by brand, last four digits and expiry', () => {
    expect(cardText({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031 })).toBe('Visa ending in 4242, expires 03/2031');
    expect(cardText({ brand: 'amex', last4: '0005', expMonth: 12, expYear: 2030 })).toBe('American Express ending in 0005, expires 12/2030');
  });
});
