/**
 * Finds the places of a zod schema where a request could carry a text of any length: a string without a maximum
 * length (`.max()` or `.length()`), a record key without one, or a value of any shape (`z.unknown()`, `z.any()`,
 * `z.custom()`, a loose object's unknown keys). Bounded JSON fields (json-value.ts) are bounded by their guard.
 * Walks zod 4's definitions (`schema._zod.def`); a kind of schema it does not know is reported, never passed.
 */
import type { z } from 'zod';
import { isBoundedJson } from '../json-value';

type Schema = z.core.$ZodType;
type AnyDef = z.core.$ZodTypeDef & Record<string, unknown>;

/** String formats whose pattern fixes their length: `z.iso.date()` is always YYYY-MM-DD. */
const FIXED_LENGTH_FORMATS = new Set(['date']);

function hasMaxLength(schema: Schema): boolean {
  const def = schema._zod.def as AnyDef;
  if (typeof def.format === 'string' && FIXED_LENGTH_FORMATS.has(def.format)) return true;
  const checks = (def.checks ?? []) as readonly z.core.$ZodCheck[];
  return checks.some((check) => ['max_length', 'length_equals'].includes(String(check._zod.def.check)));
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${String(key)}`);

/** Kinds that hold no text: nothing to bound. */
const TEXTLESS = new Set([
  'number', 'int', 'boolean', 'bigint', 'null', 'undefined', 'void', 'never', 'nan', 'date', 'enum', 'literal', 'transform',
  'symbol',
]);
/** Kinds that wrap one schema: the bound is the inner one's. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** Dotted paths (array items as `[]`, record values as `{}`) of every unbounded place in the schema. */
export function unboundedStrings(schema: Schema, path = '', seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  if (isBoundedJson(schema)) return [];
  const def = schema._zod.def as AnyDef;
  const walk = (inner: unknown, at: string) => unboundedStrings(inner as Schema, at, seen);
  // Read as text: the default case reports every kind not listed, rather than the list being kept exhaustive.
  const type: string = def.type;
  if (TEXTLESS.has(type)) return [];
  if (WRAPPERS.has(type)) return walk(def.innerType, path);
  switch (type) {
    case 'string':
      return hasMaxLength(schema) ? [] : [path || '(root)'];
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const fields = Object.entries(shape).flatMap(([key, inner]) => walk(inner, join(path, key)));
      const catchall = def.catchall as Schema | undefined;
      const rest = catchall && catchall._zod.def.type !== 'never' ? walk(catchall, join(path, '*')) : [];
      return [...fields, ...rest];
    }
    case 'array':
    case 'set':
      return walk(def.element ?? def.valueType, join(path, '[]'));
    case 'record':
    case 'map':
      return [...walk(def.keyType, join(path, '{key}')), ...walk(def.valueType, join(path, '{}'))];
    case 'tuple':
      return [
        ...(def.items as Schema[]).flatMap((item, index) => walk(item, join(path, index))),
        ...(def.rest ? walk(def.rest, join(path, '[]')) : []),
      ];
    case 'union':
      return (def.options as Schema[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'lazy':
      return walk((def.getter as () => Schema)(), path);
    default:
      // unknown, any, custom, template literals, promises, functions, files ... : any text at all.
      return [`${path || '(root)'} (${type})`];
  }
}
