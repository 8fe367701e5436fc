/**
 * The missing tooth clause: a plan that has one does not pay to replace a tooth lost before the coverage began.
 * A line replaces a tooth when it is removable prosthodontics (D5000-D5899: dentures, partials) or implant and
 * fixed prosthodontics (D6000-D6999: implants, bridges). The tooth counts as lost before coverage when the
 * history holds its extraction (D7111-D7250: coronal remnants, simple and surgical extractions, root tips) dated
 * before the coverage's effective date.
 */
import { codeNumber, stripCodePrefix } from '../../codes/codes';
import { compareDays, writeUsDate, type CalendarDay } from '../../documents/dates';

const REPLACEMENT_RANGES: readonly (readonly [number, number])[] = [
  [5000, 5899],
  [6000, 6999],
];
const EXTRACTION_RANGE = [7111, 7250] as const;

const inRange = (n: number | undefined, [from, to]: readonly [number, number]): boolean => n !== undefined && n >= from && n <= to;

/** True for codes that replace a tooth (D5000-D5899, D6000-D6999). */
export function replacesTooth(code: string): boolean {
  const n = codeNumber(code);
  return REPLACEMENT_RANGES.some((range) => inRange(n, range));
}

/** True for extraction codes (D7111-D7250). */
export function isExtraction(code: string): boolean {
  return inRange(codeNumber(code), EXTRACTION_RANGE);
}

/** A past service as the clause reads it. */
export interface ToothService {
  readonly code: string;
  readonly day: CalendarDay;
  readonly teeth: readonly string[];
}

export type MissingToothVerdict =
  | { readonly applies: true; readonly sentence: string }
  | { readonly applies: false; readonly note: string | null };

/**
 * Whether the clause denies the line. When it cannot tell (no tooth on the line, no effective date) it does not
 * deny, and says what it could not check.
 */
export function missingToothClause(input: {
  readonly clause: boolean;
  readonly code: string;
  readonly tooth: string | null;
  readonly history: readonly ToothService[];
  readonly effective: CalendarDay | undefined;
}): MissingToothVerdict {
  const { clause, code, tooth, history, effective } = input;
  if (!clause || !replacesTooth(code)) return { applies: false, note: null };
  const label = stripCodePrefix(code);
  if (tooth === null) return { applies: false, note: `missing tooth clause: ${label} names no tooth, not checked` };
  if (effective === undefined) {
    return { applies: false, note: `missing tooth clause: coverage effective date unknown, tooth ${tooth} not checked` };
  }
  const extraction = history
    .filter((service) => isExtraction(service.code) && service.teeth.includes(tooth) && compareDays(service.day, effective) < 0)
    .sort((a, b) => compareDays(b.day, a.day))[0];
  if (extraction === undefined) return { applies: false, note: null };
  return {
    applies: true,
    sentence: `missing tooth clause: tooth ${tooth} was extracted on ${writeUsDate(extraction.day)}, before coverage began on ${writeUsDate(effective)}`,
  };
}
