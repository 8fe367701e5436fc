/**
 * Procedure codes: their formats, comparison, and the category, subcategory and old-style category that their
 * number decides (SPEC section 9).
 */
import { type Category, type OldCategory, type Subcategory } from '../enums';

export const ADA_PREFIX = 'ADA:';
/** Category keys of version 3 adaCodes objects are `CAT:<Category>`, subcategory keys `SUB:<Subcategory>`. */
export const CATEGORY_KEY_PREFIX = 'CAT:';
export const SUBCATEGORY_KEY_PREFIX = 'SUB:';

const PLAIN_CODE = /^D\d{4}$/;
const PREFIXED_CODE = /^ADA:D\d{4}$/;

/** 'D0120' and 'ADA:D0120' are both codes; nothing else is. */
export function isCodeFormat(code: string): boolean {
  return PLAIN_CODE.test(code) || PREFIXED_CODE.test(code);
}

/** 'D0120' and 'ADA:D0120' -> 'ADA:D0120'; any other text throws. */
export function normalizeCode(code: string): string {
  if (PREFIXED_CODE.test(code)) return code;
  if (PLAIN_CODE.test(code)) return `${ADA_PREFIX}${code}`;
  throw new Error(`Unrecognized code format: ${code}`);
}

/** The code without its ADA: prefix ('ADA:D0120' -> 'D0120'). */
export function stripCodePrefix(code: string): string {
  return code.startsWith(ADA_PREFIX) ? code.slice(ADA_PREFIX.length) : code;
}

/** Codes are compared ignoring the ADA: prefix. */
export function sameCode(a: string, b: string): boolean {
  return stripCodePrefix(a) === stripCodePrefix(b);
}

/** The number of a code ('ADA:D0120' -> 120), or undefined when the text is not a code. */
export function codeNumber(code: string): number | undefined {
  if (!isCodeFormat(code)) return undefined;
  return Number(stripCodePrefix(code).slice(1));
}

type Range<T> = { readonly from: number; readonly to: number; readonly name: T };

const CATEGORY_RANGES: readonly Range<Category>[] = [
  { from: 0, to: 1999, name: 'Preventative' },
  { from: 2000, to: 4999, name: 'Basic' },
  { from: 5000, to: 7999, name: 'Major' },
  { from: 8000, to: 8999, name: 'Orthodontics' },
  { from: 9000, to: 9999, name: 'Adjunctive General Services' },
];

const SUBCATEGORY_RANGES: readonly Range<Subcategory>[] = [
  { from: 0, to: 199, name: 'Exams' },
  { from: 200, to: 399, name: 'X-Ray' },
  { from: 0, to: 999, name: 'Diagnostic' },
  { from: 1100, to: 1199, name: 'Prophylaxis' },
  { from: 2000, to: 2599, name: 'Restorative' },
  { from: 2600, to: 2999, name: 'Crowns' },
  { from: 3000, to: 3999, name: 'Endodontics' },
  { from: 4000, to: 4999, name: 'Periodontics' },
  { from: 5000, to: 5999, name: 'Dentures' },
  { from: 6000, to: 6999, name: 'Implant Services' },
  { from: 7000, to: 7899, name: 'Oral & Maxillofacial Surgery' },
];

const OLD_CATEGORY_RANGES: readonly Range<OldCategory>[] = [
  { from: 0, to: 999, name: 'Diagnostic' },
  { from: 1000, to: 1999, name: 'Preventive' },
  { from: 2000, to: 2599, name: 'Restorative' },
  { from: 2600, to: 2999, name: 'Major Restorative' },
  { from: 3000, to: 3999, name: 'Endodontics' },
  { from: 4000, to: 4999, name: 'Periodontics' },
  { from: 5000, to: 5899, name: 'Removable Prosthodontics' },
  { from: 5911, to: 5999, name: 'Maxillofacial Prosthetics' },
  { from: 6000, to: 6999, name: 'Implant Services' },
  { from: 7000, to: 7999, name: 'Oral and Maxillofacial Surgery' },
  { from: 8000, to: 8999, name: 'Orthodontics' },
  { from: 9000, to: 9999, name: 'Adjunctive' },
];

/** The narrowest range holding the number wins. */
function narrowest<T>(ranges: readonly Range<T>[], n: number | undefined): T | undefined {
  if (n === undefined) return undefined;
  let best: Range<T> | undefined;
  for (const range of ranges) {
    if (n < range.from || n > range.to) continue;
    if (best === undefined || range.to - range.from < best.to - best.from) best = range;
  }
  return best?.name;
}

/** Category by code number: Preventative 0-1999, Basic 2000-4999, Major 5000-7999, Orthodontics 8000-8999, 9000+ Adjunctive. */
export function categoryOf(code: string): Category | 'unknown' {
  return categoryOfNumber(codeNumber(code));
}

export function categoryOfNumber(n: number | undefined): Category | 'unknown' {
  return narrowest(CATEGORY_RANGES, n) ?? 'unknown';
}

/** Subcategory by code number; the narrowest range wins (D0120 is Exams, not Diagnostic). */
export function subcategoryOf(code: string): Subcategory | undefined {
  return narrowest(SUBCATEGORY_RANGES, codeNumber(code));
}

/** Category name of schema versions 1 and 2. */
export function oldCategoryOf(code: string): OldCategory | 'unknown' {
  return narrowest(OLD_CATEGORY_RANGES, codeNumber(code)) ?? 'unknown';
}

/**
 * Subcategories whose codes have no number range of their own (SPEC section 9 lists none for prosthodontics
 * and bridges) take the category of removable and fixed prosthetics: Major.
 */
const CATEGORY_OF_RANGELESS_SUBCATEGORY: Partial<Record<Subcategory, Category>> = {
  Prosthodontics: 'Major',
  Bridges: 'Major',
};

/**
 * The category a subcategory's codes fall in by their numbers (Crowns, D2600-D2999, are Basic); the rangeless
 * Prosthodontics and Bridges are Major. Read from the number ranges, not the code table, so it costs no table.
 */
export function categoryOfSubcategory(subcategory: Subcategory): Category {
  const range = SUBCATEGORY_RANGES.find((candidate) => candidate.name === subcategory);
  const category = range === undefined ? 'unknown' : categoryOfNumber(range.from);
  if (category !== 'unknown') return category;
  return CATEGORY_OF_RANGELESS_SUBCATEGORY[subcategory] ?? 'Major';
}
