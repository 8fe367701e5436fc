/**
 * Decodes Stripe's form encoding (the SDK's, and curl's): `a[b][0][c]=v` nests, `a[0]`/`a[]` index lists, and a key
 * given with no value (`cancel_at=`) is the empty string, Stripe's way to unset a field. Lists stay objects keyed by
 * index here; params.ts reads them as lists where a list is expected, so `metadata[0]` stays a metadata key.
 * Objects have no prototype: a key named `__proto__` is only a key.
 */
import { invalidParam } from './errors';

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const MAX_PAIRS = 2000;
const MAX_DEPTH = 8;
const KEY_SHAPE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

export function emptyFormObject(): FormObject {
  return Object.create(null) as FormObject;
}

function keySegments(key: string): string[] {
  const match = KEY_SHAPE.exec(key);
  if (!match?.[1]) throw invalidParam(key, `Invalid parameter name: ${key}`);
  const rest = match[2] ?? '';
  const inner = rest === '' ? [] : rest.slice(1, -1).split('][');
  if (inner.length >= MAX_DEPTH) throw invalidParam(key, `Parameter nested too deeply: ${key}`);
  return [match[1], ...inner];
}

function assign(root: FormObject, key: string, value: string): void {
  const segments = keySegments(key);
  let node = root;
  for (let i = 0; i < segments.length; i += 1) {
    const raw = segments[i] ?? '';
    // `[]` appends: the next index of this node.
    const segment = raw === '' ? String(Object.keys(node).length) : raw;
    const last = i === segments.length - 1;
    const existing = node[segment];
    if (last) {
      if (typeof existing === 'object') throw invalidParam(key, `Invalid value for ${key}: expected a hash.`);
      node[segment] = value;
      return;
    }
    if (typeof existing === 'string') throw invalidParam(key, `Invalid hash: ${key}`);
    const child = existing ?? emptyFormObject();
    node[segment] = child;
    node = child;
  }
}

/** Decodes a query string or an `application/x-www-form-urlencoded` body. */
export function decodeForm(text: string): FormObject {
  const root = emptyFormObject();
  const params = new URLSearchParams(text);
  let count = 0;
  for (const [key, value] of params) {
    count += 1;
    if (count > MAX_PAIRS) throw invalidParam(key, 'Too many parameters in one request.');
    assign(root, key, value);
  }
  return root;
}
