/**
 * Writes an X12 5010 interchange (ISA/GS/ST ... SE/GE/IEA) around a transaction body, counting segments and
 * repeating control numbers so that the trailers always agree with what was written.
 */
import { X12BuildError } from './errors';
import { type X12Delimiters } from './tokenizer';

/** One element: text, a number, a composite (components) or a repeating element (repetitions). */
export type X12Value = string | number | undefined | { readonly components: readonly string[] } | { readonly repeats: readonly string[] };
/** A segment as its id followed by its elements, e.g. ['EQ', '35']. Trailing empty elements are dropped. */
export type X12SegmentValues = readonly [string, ...X12Value[]];

export const DEFAULT_DELIMITERS: X12Delimiters = { element: '*', component: ':', repetition: '^', segment: '~' };

export type InterchangeOptions = {
  readonly sender: { readonly qualifier?: string; readonly id: string };
  readonly receiver: { readonly qualifier?: string; readonly id: string };
  /** Interchange time; written in UTC. */
  readonly date: Date;
  /** ISA13 and IEA02, 1 to 999999999. */
  readonly controlNumber: number;
  /** GS06 and GE02; defaults to the interchange control number. */
  readonly groupControlNumber?: number;
  /** ST02 and SE02. */
  readonly transactionControlNumber?: string;
  /** GS01: HS for a 270, HB for a 271. */
  readonly functionalId: 'HS' | 'HB';
  readonly setId: '270' | '271';
  /** ISA15: P production, T test. */
  readonly usage?: 'P' | 'T';
  readonly delimiters?: X12Delimiters;
  /** Writes a line break after each segment terminator (readers tolerate it). */
  readonly lineBreaks?: boolean;
};

export const IMPLEMENTATION_GUIDE = '005010X279A1';

function pad(value: string, width: number): string {
  if (value.length > width) throw new X12BuildError(`${JSON.stringify(value)} is longer than the ${width} characters the ISA holds`);
  return value.padEnd(width, ' ');
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** CCYYMMDD of a date in UTC. */
export function x12Date(date: Date): string {
  return `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
}

/** HHMM of a date in UTC. */
export function x12Time(date: Date): string {
  return `${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

function checkControlNumber(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 1 || n > 999_999_999) {
    throw new X12BuildError(`${what} must be an integer from 1 to 999999999, got ${n}`);
  }
}

function render(value: X12Value, delimiters: X12Delimiters, tag: string): string {
  if (value === undefined) return '';
  const parts =
    typeof value === 'object' ? ('components' in value ? value.components : value.repeats) : [String(value)];
  const reserved = [delimiters.element, delimiters.component, delimiters.segment, delimiters.repetition].filter(
    (d): d is string => d !== undefined,
  );
  for (const part of parts) {
    if (reserved.some((d) => part.includes(d))) {
      throw new X12BuildError(`A value of ${tag} contains an X12 delimiter: ${JSON.stringify(part)}`);
    }
  }
  if (typeof value !== 'object') return parts[0] ?? '';
  if ('components' in value) {
    let list = [...value.components];
    while (list.length > 0 && list[list.length - 1] === '') list = list.slice(0, -1);
    return list.join(delimiters.component);
  }
  if (delimiters.repetition === undefined) throw new X12BuildError(`${tag} repeats an element but no repetition separator is set`);
  return value.repeats.join(delimiters.repetition);
}

/** One segment as text, terminator included. */
export function segmentText(values: X12SegmentValues, delimiters: X12Delimiters = DEFAULT_DELIMITERS): string {
  const [tag, ...elements] = values;
  const rendered = elements.map((value) => render(value, delimiters, tag));
  while (rendered.length > 1 && rendered[rendered.length - 1] === '') rendered.pop();
  return [tag, ...rendered].join(delimiters.element) + delimiters.segment;
}

/** C0 control characters and DEL: X12 elements cannot carry them. */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** Removes characters an X12 element cannot hold (delimiters, control characters) and upper-cases the text. */
export function x12Text(value: string, delimiters: X12Delimiters = DEFAULT_DELIMITERS): string {
  const reserved = new Set([delimiters.element, delimiters.component, delimiters.segment, delimiters.repetition]);
  return [...value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')]
    .map((char) => (reserved.has(char) || isControl(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** The whole interchange as text. */
export function writeInterchange(options: InterchangeOptions, body: readonly X12SegmentValues[]): string {
  const delimiters = options.delimiters ?? DEFAULT_DELIMITERS;
  const groupControlNumber = options.groupControlNumber ?? options.controlNumber;
  checkControlNumber(options.controlNumber, 'The interchange control number');
  checkControlNumber(groupControlNumber, 'The group control number');
  const transactionControlNumber = options.transactionControlNumber ?? '0001';
  const isaControl = String(options.controlNumber).padStart(9, '0');
  const isa =
    [
      'ISA',
      '00',
      pad('', 10),
      '00',
      pad('', 10),
      pad(options.sender.qualifier ?? 'ZZ', 2),
      pad(options.sender.id, 15),
      pad(options.receiver.qualifier ?? 'ZZ', 2),
      pad(options.receiver.id, 15),
      x12Date(options.date).slice(2),
      x12Time(options.date),
      delimiters.repetition ?? 'U',
      '00501',
      isaControl,
      '0',
      options.usage ?? 'P',
      delimiters.component,
    ].join(delimiters.element) + delimiters.segment;
  const transaction: X12SegmentValues[] = [
    ['ST', options.setId, transactionControlNumber, IMPLEMENTATION_GUIDE],
    ...body,
  ];
  transaction.push(['SE', transaction.length + 1, transactionControlNumber]);
  const segments = [
    ['GS', options.functionalId, options.sender.id, options.receiver.id, x12Date(options.date), x12Time(options.date), groupControlNumber, 'X', IMPLEMENTATION_GUIDE] as const,
    ...transaction,
    ['GE', 1, groupControlNumber] as const,
    ['IEA', 1, isaControl] as const,
  ].map((values) => segmentText(values, delimiters));
  const separator = options.lineBreaks === true ? '\n' : '';
  return [isa, ...segments].join(separator) + separator;
}
