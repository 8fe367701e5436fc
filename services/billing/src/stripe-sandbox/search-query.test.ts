import fc from 'fast-check';
import { assertSearchable, matchesQuery, metadataValue, parseQuery, type FieldReader } from './search-query';

const customer = { email: 'Desk@Office.example', name: 'Front Desk', created: 100, metadata: { officeId: 'office-demo-1' } };
const read: FieldReader = (field, key) => {
  if (field === 'metadata') return metadataValue(customer.metadata, key);
  return (customer as unknown as Record<string, string | number>)[field];
};

describe('search query', () => {
  it.each([
    ["metadata['officeId']:'office-demo-1'", true],
    ['metadata["officeId"]:"office-demo-1"', true],
    ["metadata['officeId']:'office-demo-2'", false],
    ["email:'desk@office.example'", true],
    ["email~'office'", true],
    ["-email~'office'", false],
    ["name:'Front Desk' AND created>50", true],
    ["name:'Front Desk' AND created>100", false],
    ["name:'Nobody' OR created>=100", true],
    ["metadata['missing']:null", true],
    ["name:'it\\'s'", false],
  ])('%s → %s', (query, expected) => {
    expect(matchesQuery(parseQuery(query), read)).toBe(expected);
  });

  it.each([
    '',
    "email:'a' AND name:'b' OR created>1",
    "email~'ab'",
    "metadata:'x'",
    'email:unquoted',
    "created>'x'",
    "email:'a' name:'b'",
  ])('refuses %j with a 400', (query) => {
    expect(() => parseQuery(query)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses a field the resource cannot search', () => {
    expect(() => assertSearchable(parseQuery("phone:'1'"), 'customers', ['email'])).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it("reads a metadata key named like an Object.prototype member as missing (generated cases)", () => {
    const key = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype));
    fc.assert(
      fc.property(key, fc.constantFrom(':', '~'), fc.string({ minLength: 3, maxLength: 12 }).filter((text) => !/['\\]/.test(text)), (name, operator, text) => {
        expect(matchesQuery(parseQuery(`metadata['${name}']:null`), read)).toBe(true);
        expect(matchesQuery(parseQuery(`-metadata['${name}']:null`), read)).toBe(false);
        expect(matchesQuery(parseQuery(`metadata['${name}']${operator}'${text}'`), read)).toBe(false);
      }),
    );
  });

  it('never throws anything but a 400 on arbitrary text (generated cases)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        try {
          parseQuery(text);
        } catch (error) {
          expect(error).toEqual(expect.objectContaining({ status: 400 }));
        }
      }),
    );
  });
});
