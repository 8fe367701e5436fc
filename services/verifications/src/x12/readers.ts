/**
 * Readers of the segments the 270 and 271 share (NM1, REF, DTP, AAA, TRN, DMG, INS, N3/N4, PER), each turning a
 * segment into a plain typed record. Values are kept as the carrier wrote them; interpreting them is the
 * mapping's job.
 */
import { calendarDay, readUsDate, writeCompactDate, writeUsDate } from '@dv/contracts';
import { X12ParseError } from './errors';
import { element, type X12Segment } from './tokenizer';

export type X12Name = {
  /** NM101: PR payer, 1P provider, IL insured/subscriber, 03 dependent, ... */
  readonly entityId: string;
  /** NM102: 1 person, 2 non-person entity. */
  readonly entityType: string;
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  readonly suffix: string;
  /** NM108: PI payer id, XX NPI, MI member id, ... */
  readonly idQualifier: string;
  readonly id: string;
};

export type X12Reference = { readonly qualifier: string; readonly value: string; readonly description: string };

/** A DTP: `value` is CCYYMMDD for D8 and CCYYMMDD-CCYYMMDD for RD8, unchecked (see `datesOf`). */
export type X12DateValue = { readonly qualifier: string; readonly format: string; readonly value: string };

/** An AAA: the request could not be answered (or part of it). */
export type X12Reject = {
  /** AAA01: Y the request was valid, N it was not. */
  readonly validRequest: boolean;
  /** AAA03 reject reason code (72 invalid member id, 75 subscriber not found, ...). */
  readonly reasonCode: string;
  /** AAA04 follow-up action code (C correct and resubmit, R resubmission allowed, ...). */
  readonly followUpCode: string;
};

/** TRN: trace number echoed from the inquiry (TRN01 1 in a 270, 2 in the 271 echo). */
export type X12Trace = { readonly type: string; readonly number: string; readonly originator: string };

export type X12Demographics = { readonly dob: string; readonly gender: string };

export type X12Address = {
  readonly lines: readonly string[];
  readonly city: string;
  readonly state: string;
  readonly zip: string;
};

export function readName(segment: X12Segment): X12Name {
  return {
    entityId: element(segment, 1),
    entityType: element(segment, 2),
    last: element(segment, 3),
    first: element(segment, 4),
    middle: element(segment, 5),
    suffix: element(segment, 7),
    idQualifier: element(segment, 8),
    id: element(segment, 9),
  };
}

export function readReference(segment: X12Segment): X12Reference {
  return { qualifier: element(segment, 1), value: element(segment, 2), description: element(segment, 3) };
}

export function readDate(segment: X12Segment): X12DateValue {
  const format = element(segment, 2);
  if (format !== 'D8' && format !== 'RD8') {
    throw new X12ParseError('segment', `DTP02 ${JSON.stringify(format)} is not D8 or RD8`, segment.index);
  }
  return { qualifier: element(segment, 1), format, value: element(segment, 3) };
}

export function readReject(segment: X12Segment): X12Reject {
  const valid = element(segment, 1);
  if (valid !== 'Y' && valid !== 'N') {
    throw new X12ParseError('segment', `AAA01 ${JSON.stringify(valid)} is not Y or N`, segment.index);
  }
  const reasonCode = element(segment, 3);
  if (reasonCode === '') throw new X12ParseError('segment', 'AAA03 (reject reason) is missing', segment.index);
  return { validRequest: valid === 'Y', reasonCode, followUpCode: element(segment, 4) };
}

export function readTrace(segment: X12Segment): X12Trace {
  return { type: element(segment, 1), number: element(segment, 2), originator: element(segment, 3) };
}

export function readDemographics(segment: X12Segment): X12Demographics {
  const format = element(segment, 1);
  if (format !== 'D8') throw new X12ParseError('segment', `DMG01 ${JSON.stringify(format)} is not D8`, segment.index);
  return { dob: element(segment, 2), gender: element(segment, 3) };
}

/** An X12 decimal (R) such as '1500', '1500.00', '.2'; '' is undefined; anything else throws. */
export function readDecimal(segment: X12Segment, n: number): number | undefined {
  const value = element(segment, n);
  if (value === '') return undefined;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) {
    throw new X12ParseError(
      'segment',
      `${segment.tag}${String(n).padStart(2, '0')} ${JSON.stringify(value)} is not a number`,
      segment.index,
    );
  }
  return Number(value);
}

const CCYYMMDD = /^(\d{4})(\d{2})(\d{2})$/;

/** CCYYMMDD of a real calendar day -> MM/DD/YYYY; anything else undefined. */
export function toUsDate(ccyymmdd: string): string | undefined {
  const match = CCYYMMDD.exec(ccyymmdd);
  const day = match === null ? undefined : calendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
  return day === undefined ? undefined : writeUsDate(day);
}

/** MM/DD/YYYY -> CCYYMMDD; '' when the text names no day (the caller has validated the date). */
export function fromUsDate(usDate: string): string {
  const day = readUsDate(usDate);
  return day === undefined ? '' : writeCompactDate(day);
}

/** The start and end days (CCYYMMDD) of a D8 or RD8 value. */
export function dateRange(date: X12DateValue): { start: string; end: string | undefined } {
  if (date.format === 'RD8') {
    const [start = '', end] = date.value.split('-');
    return { start, end };
  }
  return { start: date.value, end: undefined };
}
