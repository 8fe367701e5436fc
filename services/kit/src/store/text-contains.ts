/**
 * How the adapters carry out the port's `$contains`: as a regular expression built from the text taken literally,
 * so that no caller's text is ever read as a pattern. The source is valid, with the same meaning, in JavaScript
 * (with the `u` flag: nedb) and in MongoDB's PCRE.
 */
import type { Filter, TextContains } from './store';

/** Every character a pattern gives a meaning to, outside a character class. */
const PATTERN_SYNTAX = /[\\^$.*+?()[\]{}|]/g;
/** Control characters, written as `\xHH`: MongoDB refuses a pattern holding a NUL byte. */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A regular expression source that matches `text` and nothing else. */
export function literalPattern(text: string): string {
  return text
    .replace(PATTERN_SYNTAX, '\\$&')
    .replace(CONTROL, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The filter with every `$contains` operator replaced by the operators `render` gives for it (an adapter's own).
 * Expects a filter that passed `assertPortableFilter`.
 */
export function rewriteTextContains(filter: Filter, render: (operand: TextContains) => Record<string, unknown>): Filter {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isPlainObject(value)) return value;
    const rewritten: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$contains') Object.assign(rewritten, render(inner as TextContains));
      else rewritten[key] = rewrite(inner);
    }
    return rewritten;
  };
  return rewrite(filter) as Filter;
}
