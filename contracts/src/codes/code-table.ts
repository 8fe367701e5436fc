/**
 * What needs the procedure-code table itself (cdt-table.ts, the largest module of contracts): whether a code is
 * known, its label, the whole table. Apart from codes.ts, whose rules work from code numbers alone, so a bundle
 * that only formats or classifies codes does not carry the table (the web page loads it after it shows).
 */
import { type Category, type OldCategory, type Subcategory } from '../enums';
import { CDT_LABELS } from './cdt-table';
import { categoryOf, isCodeFormat, normalizeCode, oldCategoryOf, stripCodePrefix, subcategoryOf } from './codes';

/** True for codes of the procedure-code table, with or without the ADA: prefix. */
export function isKnownCode(code: string): boolean {
  return isCodeFormat(code) && Object.prototype.hasOwnProperty.call(CDT_LABELS, stripCodePrefix(code));
}

/** The plain-language label of a known code. */
export function codeLabel(code: string): string | undefined {
  return isKnownCode(code) ? CDT_LABELS[stripCodePrefix(code)] : undefined;
}

export type ProcedureCodeInfo = {
  readonly code: string;
  readonly label: string;
  readonly category: Category | 'unknown';
  readonly subcategory: Subcategory | undefined;
  readonly oldCategory: OldCategory | 'unknown';
};

/** The whole procedure-code table, codes in ADA: form, in code order. */
export const PROCEDURE_CODES: readonly ProcedureCodeInfo[] = /*#__PURE__*/ Object.keys(CDT_LABELS)
  .sort()
  .map((plain) => {
    const code = normalizeCode(plain);
    return {
      code,
      label: CDT_LABELS[plain] ?? '',
      category: categoryOf(code),
      subcategory: subcategoryOf(code),
      oldCategory: oldCategoryOf(code),
    };
  });
