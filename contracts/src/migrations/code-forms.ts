/**
 * Procedure codes between the old form (`D0120`, versions 1 and 2) and the prefixed form (`ADA:D0120`,
 * version 3), with the SPEC section 8 messages for codes that are neither.
 */
import { ADA_PREFIX, isCodeFormat, normalizeCode, stripCodePrefix } from '../codes/codes';
import { describeValue } from './document-shape';
import { MigrationError } from './errors';

const D_AND_DIGITS = /^D\d+$/;
const D_AND_FOUR_DIGITS = /^D\d{4}$/;

/**
 * An old-style code in version 3 form: 'D0120' -> 'ADA:D0120'.
 * A code already in version 3 form is kept, so migrating a half-migrated document does not fail.
 */
export function toPrefixedCode(code: unknown): string {
  if (typeof code === 'string' && code.startsWith(ADA_PREFIX) && isCodeFormat(code)) return code;
  if (typeof code !== 'string' || !D_AND_DIGITS.test(code)) throw new MigrationError('God a unknown adacode format', code);
  if (!D_AND_FOUR_DIGITS.test(code)) throw new MigrationError('God a invalid adacode number', code);
  return normalizeCode(code);
}

/** A version 3 code in old form: 'ADA:D0120' -> 'D0120'; a code of neither form cannot be read. */
export function toPlainCode(code: unknown): string {
  if (typeof code !== 'string' || !isCodeFormat(code)) {
    throw new MigrationError(`Unrecognized code format: ${describeValue(code)}`, code);
  }
  return stripCodePrefix(code);
}
