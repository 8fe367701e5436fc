/**
 * Strict X12 tokenizer. The delimiters come from the ISA, which is fixed-width: the element separator is the
 * character after 'ISA' (position 4), the component separator is ISA16 (position 105), the segment terminator
 * follows it (position 106), and in version 5010 ISA11 is the repetition separator. Line breaks after segment
 * terminators are tolerated (many carriers pretty-print their files); anything else that does not fit throws
 * `X12ParseError`, and nothing else is thrown.
 *
 * node-x12 reads the same delimiters, but it rewrites ISA13 and IEA02 through parseInt ('000000042' becomes
 * '42'), does not split components or repetitions, and reports neither the segment at fault nor a kind of
 * error; a test checks that both tokenizers read the sandbox's 271s alike.
 */
import { X12ParseError } from './errors';

export type X12Delimiters = {
  readonly element: string;
  readonly component: string;
  /** ISA11 in version 5010; undefined when ISA11 is the 4010-style 'U' (no repetitions). */
  readonly repetition: string | undefined;
  readonly segment: string;
};

export type X12Segment = {
  readonly tag: string;
  /** Element values in order: `elements[0]` is element 01 (e.g. EB01). */
  readonly elements: readonly string[];
  /** 0-based position of the segment in the interchange. */
  readonly index: number;
};

export type X12Document = { readonly delimiters: X12Delimiters; readonly segments: readonly X12Segment[] };

/** Widths of ISA01 to ISA16; with 'ISA', 16 separators and the terminator the segment is 106 characters. */
const ISA_ELEMENT_WIDTHS = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1] as const;
export const ISA_LENGTH = 106;
const SEGMENT_ID = /^[A-Z][A-Z0-9]{1,2}$/;
const UNUSABLE_DELIMITER = /[A-Za-z0-9 ]/;

/** Element n (1-based, as X12 numbers them) of a segment, or '' when the segment does not have it. */
export function element(segment: X12Segment, n: number): string {
  return segment.elements[n - 1] ?? '';
}

/** The components of a composite element value ('AD:D0120' -> ['AD', 'D0120']). */
export function components(value: string, delimiters: X12Delimiters): string[] {
  return value === '' ? [] : value.split(delimiters.component);
}

/** The repetitions of a repeating element value ('25^26' -> ['25', '26']); 4010-style data never repeats. */
export function repetitions(value: string, delimiters: X12Delimiters): string[] {
  if (value === '') return [];
  return delimiters.repetition === undefined ? [value] : value.split(delimiters.repetition);
}

function describe(char: string): string {
  return JSON.stringify(char);
}

/** Reads the delimiters from the fixed-width ISA and checks its shape. */
function readIsa(text: string): { delimiters: X12Delimiters; isa: X12Segment } {
  if (!text.startsWith('ISA')) {
    throw new X12ParseError('isa', `X12 must start with an ISA segment; found ${describe(text.slice(0, 3))}`);
  }
  if (text.length < ISA_LENGTH) {
    throw new X12ParseError('isa', `The ISA segment must be ${ISA_LENGTH} characters; the text has ${text.length}`);
  }
  const elementSeparator = text.charAt(3);
  const elements: string[] = [];
  let position = 4;
  for (const [i, width] of ISA_ELEMENT_WIDTHS.entries()) {
    const value = text.slice(position, position + width);
    if (value.includes(elementSeparator)) {
      throw new X12ParseError(
        'isa',
        `ISA${String(i + 1).padStart(2, '0')} must be ${width} characters; the ISA is not ${ISA_LENGTH} characters long`,
      );
    }
    elements.push(value);
    position += width;
    const expectedSeparator = i < ISA_ELEMENT_WIDTHS.length - 1;
    if (expectedSeparator) {
      if (text.charAt(position) !== elementSeparator) {
        throw new X12ParseError(
          'isa',
          `ISA${String(i + 1).padStart(2, '0')} must be ${width} characters followed by the element separator ` +
            `${describe(elementSeparator)}; the ISA is not ${ISA_LENGTH} characters long`,
        );
      }
      position += 1;
    }
  }
  const component = elements[15] ?? '';
  const segment = text.charAt(position);
  const repetitionCandidate = elements[10] ?? '';
  const used = [elementSeparator, component, segment];
  for (const [name, char] of [
    ['element separator', elementSeparator],
    ['component separator (ISA16)', component],
    ['segment terminator', segment],
  ] as const) {
    if (char === '' || UNUSABLE_DELIMITER.test(char) || (name !== 'segment terminator' && /\s/.test(char))) {
      throw new X12ParseError('delimiters', `The ${name} ${describe(char)} declared in the ISA is not a usable delimiter`);
    }
  }
  if (new Set(used).size !== used.length) {
    throw new X12ParseError(
      'delimiters',
      `The ISA declares the same character twice among element separator ${describe(elementSeparator)}, ` +
        `component separator ${describe(component)} and segment terminator ${describe(segment)}`,
    );
  }
  let repetition: string | undefined;
  if (!UNUSABLE_DELIMITER.test(repetitionCandidate)) {
    if (used.includes(repetitionCandidate)) {
      throw new X12ParseError(
        'delimiters',
        `The repetition separator ISA11 ${describe(repetitionCandidate)} repeats another delimiter`,
      );
    }
    repetition = repetitionCandidate;
  }
  return {
    delimiters: { element: elementSeparator, component, repetition, segment },
    isa: { tag: 'ISA', elements, index: 0 },
  };
}

/**
 * Splits an interchange into segments. A UTF-8 byte order mark and whitespace before the ISA are skipped;
 * line breaks (and other whitespace) after each terminator are skipped.
 */
export function tokenizeX12(input: string): X12Document {
  if (typeof input !== 'string') throw new X12ParseError('isa', 'X12 input must be text');
  const text = input.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  if (text === '') throw new X12ParseError('isa', 'X12 input is empty');
  const { delimiters, isa } = readIsa(text);
  const segments: X12Segment[] = [isa];
  const pieces = text.slice(ISA_LENGTH).split(delimiters.segment);
  const last = pieces.pop() ?? '';
  if (last.trim() !== '') {
    throw new X12ParseError(
      'segment',
      `Text after the last segment terminator ${describe(delimiters.segment)}: ${describe(last.trim().slice(0, 20))}`,
    );
  }
  const lineTerminated = /\s/.test(delimiters.segment);
  for (const piece of pieces) {
    const leading = piece.replace(/^\s+/, '');
    const raw = lineTerminated ? leading.trimEnd() : leading;
    const index = segments.length;
    if (raw === '') {
      if (lineTerminated) continue;
      throw new X12ParseError('segment', 'Empty segment: two segment terminators in a row', index);
    }
    const parts = raw.split(delimiters.element);
    const tag = parts[0] ?? '';
    if (!SEGMENT_ID.test(tag)) {
      const found = describe(tag.slice(0, 24));
      throw tag.length > 3
        ? new X12ParseError(
            'delimiters',
            `Segment ${found} does not use the element separator ${describe(delimiters.element)} declared in the ISA`,
            index,
          )
        : new X12ParseError('segment', `${found} is not a segment id`, index);
    }
    if (parts.length < 2) {
      throw new X12ParseError('segment', `Segment ${tag} has no elements`, index);
    }
    segments.push({ tag, elements: parts.slice(1), index });
  }
  return { delimiters, segments };
}
