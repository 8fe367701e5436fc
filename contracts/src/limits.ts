/**
 * How much a request may carry, where the specification names no limit (SPEC section 9 names only the 5 MB
 * attachment and the organization name's minimum). The gateway and every service's JSON body parser (the kit)
 * refuse a body nested deeper than JSON_MAX_DEPTH before anything walks it recursively (a validator, a store, a
 * serializer: 10,000 levels overflowed the stack), and the JSON-valued request fields (json-value.ts) hold the
 * same limit. Text fields of the request schemas each have a maximum length; the shared ones are here.
 */

/** Largest request body in bytes, where a route does not say otherwise (the bug report's attachment does). */
export const REQUEST_BODY_MAX_BYTES = 1_048_576;

/**
 * Deepest nesting of arrays and objects in a JSON request body or JSON-valued field: `{}` is 1 level, `{"a":[1]}`
 * 2. The deepest document the product stores (a ticket's plan, its benefits, a code entry, a scored field, its
 * change history) is about 10 levels; office integration data is held to 16.
 */
export const JSON_MAX_DEPTH = 32;

/** Longest text (a string value or an object key) inside a free-form JSON value: a flag's value, a ticket edit. */
export const JSON_STRING_MAX_LENGTH = 10_000;

/** The 400 message of a body nested deeper than JSON_MAX_DEPTH (gateway and services say the same). */
export const JSON_TOO_DEEP_MESSAGE = `JSON nested too deeply: at most ${JSON_MAX_DEPTH} levels of arrays and objects`;

// ---------- Text fields of the request schemas ----------

/** A person's or a thing's name (first name, provider, doctor, agent). Organization-side names allow 200. */
export const NAME_MAX_LENGTH = 100;
/** An organization's, an office's or a group's name. */
export const ORGANIZATION_NAME_MAX_LENGTH = 200;
/** An id as the stores keep them (the services' `/:id` parameters allow 128 too). */
export const ID_MAX_LENGTH = 128;
/**
 * What an id may look like wherever one arrives from outside (a `/:id` parameter, an office header or query, an
 * organization id, a request id): letters, digits, '_', '.', ':' or '-', 1 to ID_MAX_LENGTH of them.
 */
export const ID_PATTERN = new RegExp(`^[\\w.:-]{1,${ID_MAX_LENGTH}}$`);
/** An e-mail address (RFC 5321: 254). */
export const EMAIL_MAX_LENGTH = 254;
/** A host name (RFC 1035: 253, and a port). */
export const HOST_MAX_LENGTH = 255;
/** A web address. */
export const URL_MAX_LENGTH = 2048;
/** A portal login name: some portals use the e-mail address. */
export const USERNAME_MAX_LENGTH = EMAIL_MAX_LENGTH;
/** A portal password. */
export const PASSWORD_MAX_LENGTH = 256;
/** An MFA code: a one-time code, or the answer to a security question (MFA type SQA). */
export const MFA_CODE_MAX_LENGTH = 200;
/** A postal address on one line or a few. */
export const ADDRESS_MAX_LENGTH = 500;
/** An ISO 8601 date and time: 29 characters with milliseconds and an offset; finer fractions fit too. */
export const TIMESTAMP_MAX_LENGTH = 64;
/** A signed access token (the socket's authorization event); HTTP headers are held to 16 KB by Node. */
export const ACCESS_TOKEN_MAX_LENGTH = 16_384;
/** A payment provider's id or code (price id, coupon code). */
export const PAYMENT_CODE_MAX_LENGTH = 255;

/** The message of a text over its maximum. */
export const tooLongMessage = (max: number): string => `At most ${max} characters`;

// ---------- Measuring nesting ----------

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when JSON text nests arrays and objects deeper than `maxDepth`, read without parsing and without
 * recursion, so a body of any depth is measured in one pass. Takes a string or its UTF-8 bytes: the characters it
 * looks at are ASCII, and no byte of a multi-byte UTF-8 sequence is. Strings are skipped with a native search for
 * their closing quote (a 5 MB attachment is one string). Text that is not JSON is measured as far as it goes; the
 * parser refuses it afterwards.
 */
export function jsonTextExceedsDepth(text: string | Uint8Array, maxDepth: number = JSON_MAX_DEPTH): boolean {
  const codeAt = typeof text === 'string' ? (index: number) => text.charCodeAt(index) : (index: number) => text[index] ?? 0;
  const nextQuote = typeof text === 'string' ? (from: number) => text.indexOf('"', from) : (from: number) => text.indexOf(QUOTE, from);
  /** The index of the quote that closes the string opened at `start`, or -1 when it never closes. */
  const closingQuote = (start: number): number => {
    let at = start;
    for (;;) {
      at = nextQuote(at + 1);
      if (at < 0) return -1;
      let backslashes = 0;
      while (codeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
      if (backslashes % 2 === 0) return at;
    }
  };
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = codeAt(index);
    if (code === QUOTE) {
      index = closingQuote(index);
      if (index < 0) return false;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** Where a parsed JSON value breaks a limit: the path to the place, and the message naming the limit. */
export interface JsonLimitProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

/**
 * The first places (at most `maxProblems`) where a parsed value nests deeper than JSON_MAX_DEPTH or holds a text
 * (value or key) longer than JSON_STRING_MAX_LENGTH. Walks without recursion and stops descending at the limit,
 * so a value of any depth is checked without overflowing the stack.
 */
export function jsonLimitProblems(value: unknown, maxProblems = 5): JsonLimitProblem[] {
  const problems: JsonLimitProblem[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  const tooLong = `Text too long: ${tooLongMessage(JSON_STRING_MAX_LENGTH).toLowerCase()}`;
  while (pending.length > 0 && problems.length < maxProblems) {
    const current = pending.pop() as { value: unknown; path: (string | number)[] };
    if (typeof current.value === 'string') {
      if (current.value.length > JSON_STRING_MAX_LENGTH) problems.push({ path: current.path, message: tooLong });
      continue;
    }
    if (typeof current.value !== 'object' || current.value === null) continue;
    if (current.path.length >= JSON_MAX_DEPTH) {
      problems.push({ path: current.path, message: JSON_TOO_DEEP_MESSAGE });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(current.value)
      ? current.value.map((item, index) => [index, item])
      : Object.entries(current.value);
    for (const [key, inner] of entries.reverse()) {
      if (typeof key === 'string' && key.length > JSON_STRING_MAX_LENGTH) {
        problems.push({ path: current.path, message: `Key too long: ${tooLongMessage(JSON_STRING_MAX_LENGTH).toLowerCase()}` });
      }
      pending.push({ value: inner, path: [...current.path, key] });
    }
  }
  return problems.slice(0, maxProblems);
}
