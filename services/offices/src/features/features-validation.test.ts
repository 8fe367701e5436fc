/**
 * A flag's value is checked against the flag's type (issue 18 item 4), with generated values of every kind: a
 * value of another type, a fractional or too small integer, a text or an object's JSON over JSON_STRING_MAX_LENGTH,
 * a body that is not JSON: 400 naming the field, never 500, and the flag as it was. A value of the right type is
 * stored and read back as sent; null empties it (integer -1, object {}, string '').
 */
import { FEATURE_FLAGS, JSON_STRING_MAX_LENGTH, type FeatureFlag, type FeatureFlagType } from '@dv/contracts';
import fc from 'fast-check';
import { hasPrototypeKey } from '@dv/kit/testing';
import { createHarness, type Harness } from '../testing/harness';
import { FLAG_INTEGER_BELOW_NONE, FLAG_OBJECT_TOO_LONG } from './features.service';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenFor('superadministrator');
});
afterAll(() => h.close());

/** One flag of each type. */
const FLAG_OF: Readonly<Record<FeatureFlagType, string>> = {
  none: FEATURE_FLAGS.MAINTANANCE_LOCK.name,
  string: FEATURE_FLAGS.ANNOUNCEMENT_WIDGET_URL.name,
  integer: FEATURE_FLAGS.ARCHIVISATION_DELAY.name,
  object: FEATURE_FLAGS.ADAPTERS_3RD_PARTY.name,
};

const put = (name: string, body: unknown) => h.call('PUT', `/api/management/features/${name}`, { token, body });

async function flag(name: string): Promise<FeatureFlag> {
  const flags = (await h.call('GET', '/api/features')).json<FeatureFlag[]>();
  return flags.find((candidate) => candidate.name === name) as FeatureFlag;
}

/** A refusal: 400 naming `value`, and the flag unchanged. */
async function expectRefused(type: FeatureFlagType, value: unknown, message?: string): Promise<void> {
  const before = await flag(FLAG_OF[type]);
  const response = await put(FLAG_OF[type], { value });
  expect({ type, value, status: response.statusCode }).toEqual({ type, value, status: 400 });
  expect(response.json()).toMatchObject({ statusCode: 400, details: [expect.objectContaining({ path: 'value', ...(message ? { message } : {}) })] });
  expect(await flag(FLAG_OF[type])).toEqual(before);
}

const json = fc.jsonValue({ maxDepth: 3 });
const notAnInteger = fc.oneof(
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 1, 1e300),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { minKeys: 1, maxKeys: 3 }),
);

describe('feature flag values by type (generated cases)', () => {
  it('integer: a whole number from -1 up is stored; anything else is 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1, max: Number.MAX_SAFE_INTEGER }), async (value) => {
        const response = await put(FLAG_OF.integer, { value });
        expect(response.statusCode).toBe(200);
        expect(response.json<FeatureFlag>().value).toBe(value);
      }),
      { numRuns: 30 },
    );
    await fc.assert(fc.asyncProperty(notAnInteger, (value) => expectRefused('integer', value)), { numRuns: 40 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -2 }), (value) => expectRefused('integer', value, FLAG_INTEGER_BELOW_NONE)),
      { numRuns: 15 },
    );
  });

  it('string: any text up to JSON_STRING_MAX_LENGTH is stored as sent (blank reads empty); longer, or not text, is 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'grapheme' }), async (value) => {
        const response = await put(FLAG_OF.string, { value });
        expect(response.statusCode).toBe(200);
        // Blank text is empty, as flagValue reads it (the SPA then sees '').
        expect((await flag(FLAG_OF.string)).value).toBe(value.trim() === '' ? '' : value);
      }),
      { numRuns: 30 },
    );
    expect((await put(FLAG_OF.string, { value: 'x'.repeat(JSON_STRING_MAX_LENGTH) })).statusCode).toBe(200);
    await expectRefused('string', 'x'.repeat(JSON_STRING_MAX_LENGTH + 1));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.string(), { minKeys: 1, maxKeys: 2 })), (value) =>
        expectRefused('string', value),
      ),
      { numRuns: 30 },
    );
  });

  it('object: any JSON object is stored and read back equal; an array, a scalar or JSON text over the limit is 400', async () => {
    await fc.assert(
      // Without prototype keys, which the JSON parser refuses before the flag's rules (hasPrototypeKey).
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), json, { maxKeys: 5 }).filter((value) => !hasPrototypeKey(value)), async (value) => {
        const response = await put(FLAG_OF.object, { value });
        expect(response.statusCode).toBe(200);
        expect((await flag(FLAG_OF.object)).value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(json, { maxLength: 3 }), fc.string(), fc.integer(), fc.boolean()), (value) => expectRefused('object', value)),
      { numRuns: 30 },
    );
    // Each text within its own limit, the whole over it: stored, every browser would read it on start.
    const big = Object.fromEntries(Array.from({ length: 3 }, (_, index) => [`key${index}`, 'v'.repeat(4_000)]));
    await expectRefused('object', big, FLAG_OBJECT_TOO_LONG);
  });

  it('none: only null (or no value) is taken', async () => {
    await fc.assert(fc.asyncProperty(json.filter((value) => value !== null), (value) => expectRefused('none', value)), { numRuns: 30 });
    expect((await put(FLAG_OF.none, { value: null, isActive: false })).statusCode).toBe(200);
  });

  it('null empties a value: it reads as its type default', async () => {
    for (const [type, empty] of [['integer', -1], ['string', ''], ['object', {}]] as const) {
      expect((await put(FLAG_OF[type], { value: null })).statusCode).toBe(200);
      expect((await flag(FLAG_OF[type])).value).toEqual(empty);
    }
  });

  it('a body that is not JSON, or not an object, is 400, never 500', async () => {
    const texts = fc.oneof(
      fc.constantFrom('{"value": {"a": 1}', '{value: 1}', "{'value': 'x'}", '{"value": NaN}', '', 'null', '[]', '"text"', '{"value": 1,}'),
      fc.string({ maxLength: 40 }).filter((text) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.values(FLAG_OF)), texts, async (name, payload) => {
        const response = await h.app.inject({
          method: 'PUT',
          url: `/api/management/features/${name}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      }),
      { numRuns: 40 },
    );
  });
});
