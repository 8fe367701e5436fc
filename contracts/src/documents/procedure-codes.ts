/**
 * How each schema version spells procedure codes, and which adaCodes keys it allows (DOCUMENTS.md "Benefits").
 * Versions 1 and 2 write 'D0120'; version 3 writes 'ADA:D0120' and also keys benefits by 'CAT:<Category>' and
 * 'SUB:<Subcategory>'. A code in the other version's spelling is not a code of this version.
 */
import { z } from 'zod';
import { isKnownCode } from '../codes/code-table';
import { ADA_PREFIX, CATEGORY_KEY_PREFIX, isCodeFormat, SUBCATEGORY_KEY_PREFIX } from '../codes/codes';
import { Category, Subcategory } from '../enums';
import { VALIDATION_MESSAGES } from '../validation/messages';

const hasPrefix = (code: string): boolean => code.startsWith(ADA_PREFIX);

/** 'D0120' style, in the procedure-code table. */
export function isKnownPlainCode(code: string): boolean {
  return !hasPrefix(code) && isKnownCode(code);
}

/** 'ADA:D0120' style, in the procedure-code table. */
export function isKnownPrefixedCode(code: string): boolean {
  return hasPrefix(code) && isKnownCode(code);
}

function knownCode(isKnown: (code: string) => boolean, error: string) {
  return z.string({ error }).refine(isKnown, { error });
}

/** Codes of entries, history records and correlations. */
export const ProcedureCodeV1 = knownCode(isKnownPlainCode, VALIDATION_MESSAGES.invalidAdaCode);
export const ProcedureCodeV2 = ProcedureCodeV1;
export const ProcedureCodeV3 = knownCode(isKnownPrefixedCode, VALIDATION_MESSAGES.invalidAdaCode);

/** Codes a waiting period applies to carry their own message (DOCUMENTS.md "Benefit entry" rules). */
export const WaitingPeriodCodeV1 = knownCode(isKnownPlainCode, VALIDATION_MESSAGES.wrongWaitingPeriodCorrelation);
export const WaitingPeriodCodeV2 = WaitingPeriodCodeV1;
export const WaitingPeriodCodeV3 = knownCode(isKnownPrefixedCode, VALIDATION_MESSAGES.wrongWaitingPeriodCorrelation);

/** What is wrong with an adaCodes key of version 1 or 2, or undefined when it is a known 'D0120' code. */
export function adaCodesKeyProblemV1(key: string): string | undefined {
  if (!isCodeFormat(key) || hasPrefix(key)) return VALIDATION_MESSAGES.wrongAdaCodesKey;
  return isKnownCode(key) ? undefined : VALIDATION_MESSAGES.invalidAdaCode;
}
export const adaCodesKeyProblemV2 = adaCodesKeyProblemV1;

/**
 * What is wrong with an adaCodes key of version 3, or undefined when it is fine. A key of a known form that
 * names nothing real gets the message of the enumeration it should name ('CAT:Cosmetic' is 'Invalid category'),
 * like an unknown 'ADA:D####' code is 'Invalid adaCode'; any other form is 'Wrong key or keys in adaObject'.
 */
export function adaCodesKeyProblemV3(key: string): string | undefined {
  if (key.startsWith(CATEGORY_KEY_PREFIX)) {
    const known = Category.safeParse(key.slice(CATEGORY_KEY_PREFIX.length)).success;
    return known ? undefined : VALIDATION_MESSAGES.invalidCategory;
  }
  if (key.startsWith(SUBCATEGORY_KEY_PREFIX)) {
    const known = Subcategory.safeParse(key.slice(SUBCATEGORY_KEY_PREFIX.length)).success;
    return known ? undefined : VALIDATION_MESSAGES.invalidSubcategory;
  }
  if (!hasPrefix(key) || !isCodeFormat(key)) return VALIDATION_MESSAGES.wrongAdaCodesKey;
  return isKnownCode(key) ? undefined : VALIDATION_MESSAGES.invalidAdaCode;
}
