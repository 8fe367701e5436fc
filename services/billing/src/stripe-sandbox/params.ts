/**
 * Typed reading of decoded form parameters, with Stripe's answers to bad input: a parameter the operation does not
 * know is refused ("Received unknown parameter"), so a client that sends a field Stripe removed (the subscription's
 * old `coupon`, say) fails here as it would against Stripe, instead of being silently ignored.
 */
import { invalidParam, missingParam, unknownParam } from './errors';
import { type FormObject, type FormValue } from './form-decode';
import { type Metadata } from './wire-types';

const INTEGER = /^-?\d+$/;

export class Params {
  constructor(
    private readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  /** The parameter's name as Stripe reports it: `items[0][price]`. */
  name(key: string): string {
    return this.prefix === '' ? key : `${this.prefix}[${key}]`;
  }

  /** Refuses any key not listed. */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.values)) {
      if (!allowed.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  keys(): string[] {
    return Object.keys(this.values);
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** True when the client sent the key with an empty value: Stripe's "unset". */
  isEmpty(key: string): boolean {
    return this.values[key] === '';
  }

  str(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${describe(value)}`);
    return value;
  }

  requiredStr(key: string): string {
    const value = this.str(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** `''` reads as null (unset). */
  nullableStr(key: string): string | null | undefined {
    const value = this.str(key);
    return value === '' ? null : value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.str(key);
    if (value === undefined) return undefined;
    const found = allowed.find((candidate) => candidate === value);
    if (found === undefined) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`);
    }
    return found;
  }

  bool(key: string): boolean | undefined {
    const value = this.str(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
  }

  int(key: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!INTEGER.test(value)) throw invalidParam(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
    const n = Number(value);
    if ((bounds.min !== undefined && n < bounds.min) || (bounds.max !== undefined && n > bounds.max)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be between ${bounds.min ?? '-'} and ${bounds.max ?? '-'}`);
    }
    return n;
  }

  /** A nested hash; undefined when absent or sent empty. */
  hash(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    return new Params(value, this.name(key));
  }

  /** A list of hashes (`items[0][price]`); an empty value is the empty list. */
  hashList(key: string): Params[] {
    return this.listEntries(key).map(([index, value]) => {
      if (typeof value === 'string') throw invalidParam(`${this.name(key)}[${index}]`, `Invalid object: ${this.name(key)}[${index}]`);
      return new Params(value, `${this.name(key)}[${index}]`);
    });
  }

  /** A list of strings (`expand[0]=data.product`). */
  strList(key: string): string[] {
    return this.listEntries(key).map(([index, value]) => {
      if (typeof value !== 'string') throw invalidParam(`${this.name(key)}[${index}]`, `Invalid string: ${describe(value)}`);
      return value;
    });
  }

  /** Metadata as sent: a key with '' is a deletion (see applyMetadata); the whole hash sent as '' clears all. */
  metadata(key = 'metadata'): Metadata | 'clear' | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return 'clear';
    if (typeof value === 'string') throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    const out: Metadata = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw invalidParam(`${this.name(key)}[${k}]`, `Invalid string: ${describe(v)}`);
      if (v.length > 500) throw invalidParam(`${this.name(key)}[${k}]`, 'Metadata values can have up to 500 characters.');
      out[k] = v;
    }
    return out;
  }

  private listEntries(key: string): [string, FormValue][] {
    const value = this.values[key];
    if (value === undefined || value === '') return [];
    if (typeof value === 'string') throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    const entries = Object.entries(value);
    for (const [index] of entries) {
      if (!INTEGER.test(index)) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    }
    return entries.sort(([a], [b]) => Number(a) - Number(b));
  }
}

function describe(value: FormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Stripe's metadata update: keys merge, a key set to '' is removed, the whole hash set to '' clears it. */
export function applyMetadata(current: Metadata, update: Metadata | 'clear' | undefined): Metadata {
  if (update === undefined) return current;
  if (update === 'clear') return {};
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
