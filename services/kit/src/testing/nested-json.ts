/**
 * Generated JSON texts nested to a chosen depth, for the tests of the depth limit (contracts' JSON_MAX_DEPTH) at
 * the gateway and in every service. Written as text, never built as a value: JSON.stringify itself overflows the
 * stack on the deepest ones. fast-check is passed in (a test dependency the kit does not load at run time).
 */
import type fc from 'fast-check';

export type JsonContainer = 'array' | 'object';

export interface NestedJson {
  /** Levels of arrays and objects: `1` is 0, `[1]` is 1. */
  readonly depth: number;
  readonly text: string;
}

/**
 * `depth` containers, each the next of `containers` (cycled), objects keyed by the next of `keys`, arrays with a
 * sibling after the nested one every other level, around `leaf` (JSON text).
 */
export function nestedJsonText(
  depth: number,
  containers: readonly JsonContainer[],
  keys: readonly string[] = ['k'],
  leaf = '1',
): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    const container = containers[level % containers.length] ?? 'array';
    if (container === 'object') {
      opens.push(`{${JSON.stringify(keys[level % keys.length] ?? 'k')}:`);
      closes.push('}');
    } else {
      opens.push('[');
      closes.push(level % 2 === 0 ? ']' : ',0]');
    }
  }
  return `${opens.join('')}${leaf}${closes.reverse().join('')}`;
}

/**
 * Nested JSON of random shape and depth: mostly within a few levels of `maxDepth` (both sides), some shallow,
 * some far above it (up to `farDepth`, the 10,000 levels that overflowed the stack).
 */
export function nestedJsonCases(check: typeof fc, maxDepth: number, farDepth = 10_000): fc.Arbitrary<NestedJson> {
  const depth = check.oneof(
    check.integer({ min: 0, max: maxDepth + 4 }),
    check.integer({ min: Math.max(0, maxDepth - 2), max: maxDepth + 2 }),
    check.integer({ min: maxDepth + 3, max: farDepth }),
  );
  const containers = check.array(check.constantFrom<JsonContainer>('array', 'object'), { minLength: 1, maxLength: 4 });
  const keys = check.array(check.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 });
  const leaf = check.oneof(check.integer(), check.string({ maxLength: 12 }), check.boolean(), check.constant(null)).map((value) => JSON.stringify(value));
  return check
    .record({ depth, containers, keys, leaf })
    .map(({ depth: levels, containers: kinds, keys: names, leaf: text }) => ({
      depth: levels,
      text: nestedJsonText(levels, kinds, names, text),
    }));
}
