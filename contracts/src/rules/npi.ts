/**
 * The National Provider Identifier's check digit (CMS, "Requirements for NPI Check Digit"): an NPI is ten digits,
 * the last one a Luhn check digit computed over the nine before it prefixed with 80840 (the health industry's
 * issuer prefix of ISO 7812). Prefixing 80840 is the same as adding the constant 24 to the usual Luhn sum of the
 * nine digits; the full form is written here so that the rule reads like the standard.
 */

/** The card issuer prefix of ISO 7812 under which NPIs are issued ("80" health, "840" United States). */
export const NPI_ISSUER_PREFIX = '80840';
export const NPI_LENGTH = 10;

const TEN_DIGITS = /^\d{10}$/;
const NINE_DIGITS = /^\d{9}$/;

/** The Luhn sum of a digit string whose last digit is the check digit's place (doubled from the one before it). */
function luhnSum(digits: string, checkDigitIncluded: boolean): number {
  let sum = 0;
  // Counting from the right: with the check digit present, every second digit from the one before it is doubled;
  // without it, the rightmost digit is already the first doubled one.
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index + (checkDigitIncluded ? 0 : 1);
    let digit = Number(digits[index]);
    if (fromRight % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** The check digit for the first nine digits of an NPI; throws on anything but nine digits. */
export function npiCheckDigit(firstNine: string): number {
  if (!NINE_DIGITS.test(firstNine)) throw new RangeError('An NPI check digit is computed over exactly nine digits');
  return (10 - (luhnSum(`${NPI_ISSUER_PREFIX}${firstNine}`, false) % 10)) % 10;
}

/** True for ten digits whose last one is the Luhn check digit of the nine before it (80840 prefix). */
export function isValidNpi(npi: string): boolean {
  if (!TEN_DIGITS.test(npi)) return false;
  return luhnSum(`${NPI_ISSUER_PREFIX}${npi}`, true) % 10 === 0;
}

export const NPI_MESSAGES = {
  format: 'An NPI is 10 digits',
  checkDigit: 'This is not a valid NPI: its check digit does not match',
} as const;

/** Why a text is not an NPI, or undefined when it is one (spaces and dashes typed around digits are not allowed). */
export function npiProblem(npi: string): string | undefined {
  if (!TEN_DIGITS.test(npi)) return NPI_MESSAGES.format;
  return isValidNpi(npi) ? undefined : NPI_MESSAGES.checkDigit;
}
