/**
 * Deviations from the guide that a 271 reader tolerates because their meaning is not in doubt (README "Tolerated
 * deviations"): the answer is read anyway, each deviation becomes a mapping note, and the values it could have
 * touched are scored lower (deviation-scores.ts). What cannot be read unambiguously still throws X12ParseError.
 *
 * This file holds the deviation record and the fixes of form done on the tokenized segments before the envelope
 * is read: codes in the wrong case, trailing element separators, empty repetitions. Envelope deviations are
 * recorded by envelope.ts, the 2100D entity code by parse-271.ts.
 */
import { type X12Delimiters, type X12Document, type X12Segment } from './tokenizer';

export type X12DeviationKind =
  /** SE01, GE01 or IEA01 does not count what is there. */
  | 'count'
  /** SE02 is not ST02, GE02 not GS06, or IEA02 not ISA13. */
  | 'control-number'
  /** GE or IEA is missing after a complete transaction. */
  | 'missing-trailer'
  /** A code or qualifier element in lower case ('il', 'd8', 'ad:d0120'). */
  | 'code-case'
  /** A segment ends with element separators and nothing after them. */
  | 'trailing-separator'
  /** A repeating element with an empty repetition ('35^^23', '35^'). */
  | 'empty-repetition'
  /** NM101 of loop 2100D is IL (insured) instead of 03 (dependent). */
  | 'dependent-entity';

export type X12Deviation = {
  readonly kind: X12DeviationKind;
  /** 0-based index of the segment at fault; undefined when the segment is missing. */
  readonly segmentIndex: number | undefined;
  /**
   * The mapping note: what deviated and how it was read. Codes, counts and control numbers only, never a member's
   * name, date or id, because notes are shown on the source view.
   */
  readonly note: string;
  /**
   * Segments whose values the deviation puts in doubt: 'all' for every value of the answer, else segment indexes
   * (an EB stands for its whole 2110 loop, an HL for its whole level); empty when no value is in doubt.
   */
  readonly doubts: readonly number[] | 'all';
};

export function deviationNote(text: string, segmentIndex: number | undefined): string {
  return `Tolerated: ${text}${segmentIndex === undefined ? '' : ` (segment ${segmentIndex + 1})`}`;
}

/**
 * Elements (1-based) whose values are codes of the guide, all upper case. Names, ids, amounts, dates and free
 * text are not listed: their case is the carrier's and is kept. Maps, not objects, here and below: a tag sliced
 * from the 271 is no interned string, and an object property lookup by one was the reader's costliest line.
 */
const CODE_ELEMENTS: ReadonlyMap<string, readonly number[]> = new Map(Object.entries({
  ISA: [1, 3, 5, 7, 14, 15],
  GS: [1, 8],
  ST: [1, 3],
  TRN: [1],
  NM1: [1, 2, 8],
  REF: [1],
  PER: [1, 3, 5, 7],
  AAA: [1, 3, 4],
  PRV: [1, 2],
  DMG: [1],
  INS: [1, 2, 9],
  DTP: [1, 2],
  EB: [1, 2, 3, 4, 6, 9, 11, 12, 13],
  HSD: [1, 3, 5],
  III: [1],
}));

/** Repeating elements of a 271 (EB03 service types). */
const REPEATING_ELEMENTS: ReadonlyMap<string, readonly number[]> = new Map([['EB', [3]]]);

/** The segments whose values a plan is mapped from; a fix of form elsewhere puts no value in doubt. */
const VALUE_SEGMENTS = new Set(['EB', 'HSD', 'DTP', 'REF', 'MSG']);

const position = (segment: X12Segment, n: number): string => `${segment.tag}${String(n).padStart(2, '0')}`;
/** True when the value has an ASCII lower-case letter; a loop, since nearly every code has none. */
function hasLowerCase(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 97 && code <= 122) return true;
  }
  return false;
}
/** ASCII letters only: a code in another script is no code of the guide, and its case is left alone. */
const upper = (value: string): string => (hasLowerCase(value) ? value.replace(/[a-z]/g, (char) => char.toUpperCase()) : value);

function withoutEmptyRepetitions(value: string, repetition: string): string {
  const doubled = repetition + repetition;
  // Nearly every value has no empty repetition: it is only split when one could be there.
  if (!value.startsWith(repetition) && !value.endsWith(repetition) && !value.includes(doubled)) return value;
  return value
    .split(repetition)
    .filter((part) => part !== '')
    .join(repetition);
}

/** A fix of form on the segment; made only when there is one, since nearly every segment has none. */
function record(deviations: X12Deviation[], segment: X12Segment, kind: X12DeviationKind, text: string): void {
  deviations.push({
    kind,
    segmentIndex: segment.index,
    note: deviationNote(text, segment.index),
    doubts: VALUE_SEGMENTS.has(segment.tag) ? [segment.index] : [],
  });
}

/** One segment's fixes of form, each a deviation; the segment as it is read. */
function fixSegment(segment: X12Segment, delimiters: X12Delimiters, deviations: X12Deviation[]): X12Segment {
  // The ISA is fixed-width: a separator at its end is a different delimiter, which the tokenizer already judged.
  let end = segment.elements.length;
  if (segment.tag !== 'ISA') while (end > 0 && segment.elements[end - 1] === '') end -= 1;
  const trailing = segment.elements.length - end;
  if (trailing > 0) {
    record(deviations, segment, 'trailing-separator', `${segment.tag} ends with ${trailing === 1 ? 'an element separator' : `${trailing} element separators`} and nothing after; read without`);
  }
  // Copied on the first fix only: a well-formed segment (nearly all of them) is returned as it came.
  let elements: string[] | undefined = trailing > 0 ? segment.elements.slice(0, end) : undefined;
  const { repetition } = delimiters;
  if (repetition !== undefined) {
    for (const n of REPEATING_ELEMENTS.get(segment.tag) ?? []) {
      const value = (elements ?? segment.elements)[n - 1] ?? '';
      const fixed = withoutEmptyRepetitions(value, repetition);
      if (fixed === value) continue;
      (elements ??= segment.elements.slice(0, end))[n - 1] = fixed;
      record(deviations, segment, 'empty-repetition', `${position(segment, n)} ${JSON.stringify(value)} has empty repetitions; read as ${JSON.stringify(fixed)}`);
    }
  }
  let cased: string[] | undefined;
  for (const n of CODE_ELEMENTS.get(segment.tag) ?? []) {
    const value = (elements ?? segment.elements)[n - 1] ?? '';
    const fixed = upper(value);
    if (fixed === value) continue;
    (elements ??= segment.elements.slice(0, end))[n - 1] = fixed;
    (cased ??= []).push(`${position(segment, n)} ${JSON.stringify(value)} as ${JSON.stringify(fixed)}`);
  }
  if (cased !== undefined) record(deviations, segment, 'code-case', `codes in lower case read in upper case: ${cased.join(', ')}`);
  return elements === undefined ? segment : { ...segment, elements };
}

/**
 * The tokenized interchange with its fixes of form applied (segment indexes unchanged), and the deviations they
 * were. The tokenizer itself stays strict: these are readings of well-tokenized segments.
 */
export function fixForm(doc: X12Document): { document: X12Document; deviations: X12Deviation[] } {
  const deviations: X12Deviation[] = [];
  const segments = doc.segments.map((segment) => fixSegment(segment, doc.delimiters, deviations));
  return { document: { delimiters: doc.delimiters, segments }, deviations };
}
