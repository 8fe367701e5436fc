/**
 * Small guards and copy-on-write helpers for stored documents, which migrations receive as `unknown`.
 * Every helper returns a new object when it changes something and never mutates its input.
 */
import { MigrationError } from './errors';

export type DocObject = Record<string, unknown>;

export function isDocObject(value: unknown): value is DocObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(record: DocObject, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** `record` with `map` applied to the value of `key`, when the key is present. */
export function mapKey(record: DocObject, key: string, map: (value: unknown) => unknown): DocObject {
  return has(record, key) ? { ...record, [key]: map(record[key]) } : record;
}

export function mapKeys(record: DocObject, keys: readonly string[], map: (value: unknown) => unknown): DocObject {
  return keys.reduce((out, key) => mapKey(out, key, map), record);
}

/** `record` with `from` renamed `to` (and its value mapped), when `from` is present. */
export function renameKey(
  record: DocObject,
  from: string,
  to: string,
  map: (value: unknown) => unknown = (value) => value,
): DocObject {
  if (!has(record, from)) return record;
  const { [from]: value, ...rest } = record;
  return { ...rest, [to]: map(value) };
}

export function withoutKeys(record: DocObject, keys: readonly string[]): DocObject {
  if (!keys.some((key) => has(record, key))) return record;
  const out: DocObject = {};
  for (const [key, value] of Object.entries(record)) {
    if (!keys.includes(key)) out[key] = value;
  }
  return out;
}

/** `map` applied when the value is an object; anything else is left for the validators to judge. */
export function whenObject(value: unknown, map: (record: DocObject) => unknown): unknown {
  return isDocObject(value) ? map(value) : value;
}

/** `map` applied to each item when the value is a list. */
export function eachItem(value: unknown, map: (item: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map((item: unknown) => map(item)) : value;
}

export function mapValues(record: DocObject, map: (value: unknown, key: string) => unknown): DocObject {
  const out: DocObject = {};
  for (const [key, value] of Object.entries(record)) out[key] = map(value, key);
  return out;
}

/** The ticket wrapper as an object; anything else cannot be migrated. */
export function requireWrapper(doc: unknown): DocObject {
  if (!isDocObject(doc)) throw new MigrationError('A ticket document must be an object', doc);
  return doc;
}

/** The plan's `benefits.adaCodes`, which every version requires ('adaCodes is required', SPEC section 8). */
export function requireAdaCodes(plan: unknown): DocObject {
  const benefits = isDocObject(plan) ? plan.benefits : undefined;
  const adaCodes = isDocObject(benefits) ? benefits.adaCodes : undefined;
  if (!isDocObject(adaCodes)) throw new MigrationError('adaCodes is required');
  return adaCodes;
}

/** The plan as an object that has `benefits.adaCodes`; anything else throws 'adaCodes is required'. */
export function requirePlan(plan: unknown): DocObject {
  if (!isDocObject(plan)) throw new MigrationError('adaCodes is required');
  requireAdaCodes(plan);
  return plan;
}

/** `plan` with its `benefits.adaCodes` replaced by `map(adaCodes)`; the plan must have them. */
export function mapAdaCodes(plan: DocObject, map: (adaCodes: DocObject) => DocObject): DocObject {
  const adaCodes = requireAdaCodes(plan);
  return mapKey(plan, 'benefits', (benefits) => whenObject(benefits, (b) => ({ ...b, adaCodes: map(adaCodes) })));
}

/** A readable rendering of a value for an error message. */
export function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}
