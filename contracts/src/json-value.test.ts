/**
 * Issue 13, item 3 in the schemas: JSON-valued request fields (a ticket edit's value, a feature flag's object
 * value, office integration data) refuse values nested deeper than JSON_MAX_DEPTH, with an issue naming the
 * limit, however deep: `z.json()` alone overflowed the stack at 10,000 levels.
 */
import fc from 'fast-check';
import { FeatureFlagPatch, OfficeSettingsPatch, VerificationEditInput } from './entities';
import { JsonObject, JsonValue } from './json-value';
import { JSON_MAX_DEPTH, JSON_STRING_MAX_LENGTH, JSON_TOO_DEEP_MESSAGE, jsonTextExceedsDepth } from './limits';

type Container = 'array' | 'object';

/** A value `depth` containers deep (built in a loop: no recursion at any depth) and its JSON text. */
function nested(depth: number, containers: readonly Container[], leaf: unknown): { value: unknown; text: string } {
  let value = leaf;
  for (let level = depth - 1; level >= 0; level -= 1) {
    value = containers[level % containers.length] === 'object' ? { k: value } : [value, 0];
  }
  const opens = Array.from({ length: depth }, (_, level) => (containers[level % containers.length] === 'object' ? '{"k":' : '['));
  const closes = Array.from({ length: depth }, (_, level) => (containers[level % containers.length] === 'object' ? '}' : ',0]'));
  return { value, text: `${opens.join('')}${JSON.stringify(leaf)}${closes.reverse().join('')}` };
}

const depths = fc.oneof(
  fc.integer({ min: 0, max: JSON_MAX_DEPTH + 4 }),
  fc.integer({ min: JSON_MAX_DEPTH - 2, max: JSON_MAX_DEPTH + 2 }),
  fc.integer({ min: JSON_MAX_DEPTH + 3, max: 20_000 }),
);
const containers = fc.array(fc.constantFrom<Container>('array', 'object'), { minLength: 1, maxLength: 4 });
const leaves = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null));

describe('JsonValue', () => {
  it('takes JSON up to JSON_MAX_DEPTH and refuses deeper with an issue naming the limit, never throwing', () => {
    fc.assert(
      fc.property(depths, containers, leaves, (depth, kinds, leaf) => {
        const { value } = nested(depth, kinds, leaf);
        const parsed = JsonValue.safeParse(value);
        expect(parsed.success).toBe(depth <= JSON_MAX_DEPTH);
        if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.message)).toContain(JSON_TOO_DEEP_MESSAGE);
      }),
      { numRuns: 300 },
    );
  });

  it('measures the text of a body as the value is measured', () => {
    fc.assert(
      fc.property(depths, containers, leaves, (depth, kinds, leaf) => {
        const { text } = nested(depth, kinds, leaf);
        expect(jsonTextExceedsDepth(text)).toBe(depth > JSON_MAX_DEPTH);
        expect(jsonTextExceedsDepth(Buffer.from(text))).toBe(depth > JSON_MAX_DEPTH);
        // Brackets inside a string are text.
        expect(jsonTextExceedsDepth(JSON.stringify({ text, quoted: `"${text}\\` }))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('measures any JSON text as its parsed value nests, whatever its strings hold (quotes, backslashes, brackets)', () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', ':', ',') });
    const { value: json } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 3 }),
      object: fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
    }));
    const depthOf = (root: unknown): number => {
      let deepest = 0;
      const pending: [unknown, number][] = [[root, 0]];
      for (let next = pending.pop(); next; next = pending.pop()) {
        const [value, depth] = next;
        if (typeof value !== 'object' || value === null) continue;
        deepest = Math.max(deepest, depth + 1);
        for (const inner of Object.values(value)) pending.push([inner, depth + 1]);
      }
      return deepest;
    };
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 6 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonTextExceedsDepth(text, max)).toBe(depthOf(value) > max);
        expect(jsonTextExceedsDepth(Buffer.from(text), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a text or a key longer than JSON_STRING_MAX_LENGTH, naming where', () => {
    const long = 'x'.repeat(JSON_STRING_MAX_LENGTH + 1);
    const value = JsonValue.safeParse({ notes: [long] });
    expect(value.success).toBe(false);
    expect(value.error?.issues[0]).toMatchObject({ path: ['notes', 0], message: expect.stringContaining(String(JSON_STRING_MAX_LENGTH)) });
    expect(JsonValue.safeParse({ [long]: 1 }).success).toBe(false);
    expect(JsonValue.safeParse({ notes: ['x'.repeat(JSON_STRING_MAX_LENGTH)] }).success).toBe(true);
  });

  it('is still JSON: no undefined, functions or non-finite numbers; JsonObject takes objects only', () => {
    for (const bad of [undefined, { a: undefined }, () => 1, Number.NaN, [Infinity]]) expect(JsonValue.safeParse(bad).success).toBe(false);
    expect(JsonObject.safeParse({ a: [1, 'b', null] }).success).toBe(true);
    for (const bad of [[1], 'text', null, 1]) expect(JsonObject.safeParse(bad).success).toBe(false);
  });
});

describe('JSON-valued request fields', () => {
  it('refuse deep values wherever a request carries free-form JSON, at any depth', () => {
    fc.assert(
      fc.property(depths, containers, (depth, kinds) => {
        const { value } = nested(depth, kinds, 1);
        const object = { deep: value };
        const within = depth + 1 <= JSON_MAX_DEPTH;
        expect(VerificationEditInput.safeParse({ edits: [{ path: 'plan.planNotes', value }] }).success).toBe(depth <= JSON_MAX_DEPTH);
        expect(FeatureFlagPatch.safeParse({ value: object }).success).toBe(within);
        // Office integration data is held to 16 levels by its own rule; the JSON limit stops deeper values first.
        expect(() => OfficeSettingsPatch.safeParse({ scheduleIntegration: { type: 'manual', integration: object } })).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('name the limit in the edit that is too deep', () => {
    const { value } = nested(10_000, ['array', 'object'], 1);
    const parsed = VerificationEditInput.safeParse({ edits: [{ path: 'plan.planNotes', value }] });
    expect(parsed.error?.issues[0]).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE, path: expect.arrayContaining(['edits', 0, 'value']) });
  });
});
