/**
 * What a flag's value editor holds (text) and what it sends (the PUT's value), by the flag's type. Pure, so the
 * rules are tested directly:
 * - integer: digits only; empty sends null, which reads as -1, the specification's "none" (SPEC section 9);
 * - string: any text up to JSON_STRING_MAX_LENGTH; empty sends null (reads as '');
 * - object: a JSON object, within contracts' JSON bounds (depth, each text) and, as JSON, JSON_STRING_MAX_LENGTH
 *   characters (the service's own limits); empty sends null (reads as {}). Anything else is refused with why.
 */
import {
  type FeatureFlag,
  type FeatureFlagPatch,
  type FeatureFlagType,
  flagValue,
  JSON_STRING_MAX_LENGTH,
  JsonObject,
  tooLongMessage,
  VALIDATION_MESSAGES,
} from '@dv/contracts';

/** The PUT's value: text, a number, a JSON object, or null to empty the flag. */
export type FlagValue = Exclude<FeatureFlagPatch['value'], undefined>;

export type DraftCheck = { readonly ok: true; readonly value: FlagValue } | { readonly ok: false; readonly message: string };

/** Integers are whole numbers up to Number.MAX_SAFE_INTEGER: 16 digits at most. */
const INTEGER_MAX_DIGITS = 16;
const DIGITS = /^\d*$/;

export const DRAFT_MESSAGES = {
  digitsOnly: VALIDATION_MESSAGES.digitsOnly,
  integerTooBig: `At most ${Number.MAX_SAFE_INTEGER}`,
  tooLong: tooLongMessage(JSON_STRING_MAX_LENGTH),
  notAnObject: 'Enter a JSON object, in braces: { "key": "value" }',
  notJson: (reason: string) => `Not valid JSON: ${reason}`,
} as const;

/** The editor's text for the flag's value as the service answers it (already read as its type). */
export function draftOf(flag: Pick<FeatureFlag, 'type' | 'value'>): string {
  switch (flag.type) {
    case 'none':
      return '';
    case 'integer':
      return typeof flag.value === 'number' && flag.value >= 0 ? String(flag.value) : '';
    case 'string':
      return typeof flag.value === 'string' ? flag.value : '';
    case 'object':
      return typeof flag.value === 'object' && flag.value !== null && Object.keys(flag.value).length > 0
        ? JSON.stringify(flag.value, null, 2)
        : '';
  }
}

/** May the integer editor take this text as typed? Digits only, at most INTEGER_MAX_DIGITS of them. */
export function acceptsIntegerTyping(text: string): boolean {
  return DIGITS.test(text) && text.length <= INTEGER_MAX_DIGITS;
}

/** JSON.parse's reason without the engine's noise ("Unexpected token } in JSON at position 12"). */
function jsonReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^JSON\.parse: /, '');
}

function checkObject(text: string): DraftCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: DRAFT_MESSAGES.notJson(jsonReason(error)) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, message: DRAFT_MESSAGES.notAnObject };
  const bounded = JsonObject.safeParse(parsed);
  if (!bounded.success) return { ok: false, message: bounded.error.issues[0]?.message ?? DRAFT_MESSAGES.notAnObject };
  // The service measures the object's compact JSON: spaces and line breaks typed here do not count.
  if (JSON.stringify(parsed).length > JSON_STRING_MAX_LENGTH) return { ok: false, message: DRAFT_MESSAGES.tooLong };
  // The parsed object itself: zod's copy would drop a '__proto__' key that JSON.parse keeps as the object's own.
  return { ok: true, value: parsed as Extract<FlagValue, object> };
}

/** What the editor's text sends, or why it cannot be sent. */
export function checkDraft(type: FeatureFlagType, text: string): DraftCheck {
  if (type === 'none') return { ok: true, value: null };
  if (text.trim() === '') return { ok: true, value: null };
  switch (type) {
    case 'integer': {
      const digits = text.trim();
      if (!DIGITS.test(digits)) return { ok: false, message: DRAFT_MESSAGES.digitsOnly };
      const value = Number(digits);
      return Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, message: DRAFT_MESSAGES.integerTooBig };
    }
    case 'string':
      return text.length > JSON_STRING_MAX_LENGTH ? { ok: false, message: DRAFT_MESSAGES.tooLong } : { ok: true, value: text };
    case 'object':
      return checkObject(text);
  }
}

/**
 * Does the text say something else than the saved flag? Both are read as the flag's type first, so an empty
 * integer box equals -1, '007' equals 7 and a reformatted object equals the saved one. Text that cannot be sent
 * counts as changed.
 */
export function draftChanged(flag: Pick<FeatureFlag, 'type' | 'value'>, text: string): boolean {
  if (flag.type === 'none') return false;
  const check = checkDraft(flag.type, text);
  if (!check.ok) return true;
  return JSON.stringify(flagValue(flag.type, check.value)) !== JSON.stringify(flagValue(flag.type, flag.value));
}
