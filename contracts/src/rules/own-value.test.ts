import fc from 'fast-check';
import { ownValue } from './own-value';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('ownValue', () => {
  const table: Readonly<Record<string, number>> = { one: 1, two: 2 };

  it("reads the table's own entries", () => {
    expect(ownValue(table, 'one')).toBe(1);
    expect(ownValue(table, 'three')).toBeUndefined();
  });

  it("finds nothing for the names of Object.prototype's members", () => {
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']));
    for (const name of PROTOTYPE_NAMES) expect(ownValue(table, name)).toBeUndefined();
  });

  it('answers any key as the table holds it (generated cases)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_NAMES, 'one', 'two')), (key) => {
        expect(ownValue(table, key)).toBe(key === 'one' ? 1 : key === 'two' ? 2 : undefined);
      }),
    );
  });
});
