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
  // Most values have one repetition: no split for them.
  return delimiters.repetition === undefined || !value.includes(delimiters.repetition) ? [value] : value.split(delimiters.repetition);
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

/** What `String.prototype.trim` removes: white space (USP is Unicode's Zs) and line terminators. */
function isTrimmed(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 5760 ||
    (code >= 8192 && code <= 8202) ||
    code === 8232 ||
    code === 8233 ||
    code === 8239 ||
    code === 8287 ||
    code === 12288 ||
    code === 65279
  );
}

/**
 * Splits an interchange into segments. A UTF-8 byte order mark and whitespace before the ISA are skipped;
 * line breaks (and other whitespace) after each terminator are skipped.
 *
 * One pass of indexOf over the text, each element sliced from it once: splitting every segment's text apart
 * again was the largest cost of reading a 271.
 */
export function tokenizeX12(input: string): X12Document {
  if (typeof input !== 'string') throw new X12ParseError('isa', 'X12 input must be text');
  const text = input.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  if (text === '') throw new X12ParseError('isa', 'X12 input is empty');
  const { delimiters, isa } = readIsa(text);
  const segments: X12Segment[] = [isa];
  const terminator = delimiters.segment;
  const separator = delimiters.element;
  // Text after the last terminator (all of the text after the ISA when there is none) must be blank.
  const lastTerminator = text.lastIndexOf(terminator);
  const bodyEnd = lastTerminator < ISA_LENGTH ? ISA_LENGTH : lastTerminator + 1;
  const last = text.slice(bodyEnd);
  if (last.trim() !== '') {
    throw new X12ParseError(
      'segment',
      `Text after the last segment terminator ${describe(terminator)}: ${describe(last.trim().slice(0, 20))}`,
    );
  }
  const lineTerminated = /\s/.test(terminator);
  let pieceStart = ISA_LENGTH;
  while (pieceStart < bodyEnd) {
    const pieceEnd = text.indexOf(terminator, pieceStart);
    let start = pieceStart;
    let end = pieceEnd;
    pieceStart = pieceEnd + 1;
    // Leading white space and line terminators are skipped (what trimStart removes); trailing ones too when the
    // terminator is itself one.
    while (start < end && isTrimmed(text.charCodeAt(start))) start += 1;
    if (lineTerminated) while (end > start && isTrimmed(text.charCodeAt(end - 1))) end -= 1;
    const index = segments.length;
    if (start === end) {
      if (lineTerminated) continue;
      throw new X12ParseError('segment', 'Empty segment: two segment terminators in a row', index);
    }
    let at = text.indexOf(separator, start);
    if (at >= end) at = -1;
    const tag = text.slice(start, at === -1 ? end : at);
    if (!SEGMENT_ID.test(tag)) {
      const found = describe(tag.slice(0, 24));
      throw tag.length > 3
        ? new X12ParseError(
            'delimiters',
            `Segment ${found} does not use the element separator ${describe(separator)} declared in the ISA`,
            index,
          )
        : new X12ParseError('segment', `${found} is not a segment id`, index);
    }
    if (at === -1) {
      throw new X12ParseError('segment', `Segment ${tag} has no elements`, index);
    }
    const elements: string[] = [];
    while (at !== -1) {
      let next = text.indexOf(separator, at + 1);
      if (next >= end) next = -1;
      elements.push(text.slice(at + 1, next === -1 ? end : next));
      at = next;
    }
    segments.push({ tag, elements, index });
  }
  return { delimiters, segments };
}
