import fc from 'fast-check';
import { formatPrice } from './price';

const PRICE = /^\d{1,3}(,\d{3})*\.\d{2}$/;

describe('formatPrice', () => {
  it.each<[string | number | null | undefined, string]>([
    ['$1,500', '1,500.00'],
    ['1500', '1,500.00'],
    ['1500.5', '1,500.50'],
    ['1500.50', '1,500.50'],
    ['$1,234,567.89', '1,234,567.89'],
    ['0', '0.00'],
    ['', '0.00'],
    ['abc', '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    ['007', '7.00'],
    ['12.345', '12.35'],
    ['12.344', '12.34'],
    ['999.995', '1,000.00'],
    ['-20', '20.00'],
    ['USD 1 000', '1,000.00'],
    ['1500.', '1,500.00'],
    ['.5', '0.50'],
    ['12.50/mo', '12.50'],
    [1500, '1,500.00'],
    [1500.5, '1,500.50'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [1e-7, '0.00'],
    [Number.NaN, '0.00'],
    [Number.POSITIVE_INFINITY, '0.00'],
  ])('%p -> %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected);
  });

  it('always yields digits with thousands commas and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer(), fc.stringMatching(/^[$\d,.\s-]{0,20}$/)), (value) => {
        expect(formatPrice(value)).toMatch(PRICE);
      }),
    );
  });

  it('keeps every digit of a whole number of dollars', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (n) => {
        expect(formatPrice(n.toString()).replace(/,/g, '')).toBe(`${n}.00`);
      }),
    );
  });

  it('reads cents after the last point', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 99 }), (dollars, cents) => {
        const text = `${dollars}.${String(cents).padStart(2, '0')}`;
        expect(formatPrice(text).replace(/,/g, '')).toBe(text);
      }),
    );
  });
});
