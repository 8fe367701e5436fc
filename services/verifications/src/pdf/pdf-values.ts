/**
 * How the PDF writes single values: scored fields with their score, money, percentages, days, enumerations.
 * Timestamps are written as their UTC calendar day, the day the stored ISO text names.
 */
import { utcDayOf, writeUsDate } from '@dv/contracts';
import { type ScoredText } from './pdf-model';

/** What a cell or field shows for a value the sources did not state. */
export const NOT_STATED = '—';

/** A scored field of any schema version 3 document: the value may be null ("stated as unknown"). */
export interface ScoredField<T> {
  readonly value: T | null;
  readonly score: number;
}

/** A scored field in words, with its score; an absent field is "not stated" without a score. */
export function scored<T>(field: ScoredField<T> | undefined, format: (value: T) => string): ScoredText {
  if (field === undefined) return { text: NOT_STATED };
  if (field.value === null) return { text: NOT_STATED, score: field.score };
  return { text: format(field.value), score: field.score };
}

/** A plain text, or "not stated" when it is missing or blank. */
export function plain(text: string | null | undefined): ScoredText {
  return { text: text === null || text === undefined || text.trim() === '' ? NOT_STATED : text.trim() };
}

export const asIs = (value: string): string => value;

export const percent = (value: number): string => `${value}%`;

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');

/** '2024-01-15T15:00:00.000Z' -> '01/15/2024'; text that is no instant is written as it is. */
export function usDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : writeUsDate(utcDayOf(date));
}

/** Enumeration values in words: 'active' -> 'Active', 'dentalExcluded' -> 'Dental excluded', 'LifePartner' -> 'Life partner'. */
export function words(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Ten-digit US phone numbers as '(800) 765-4321'; anything else as written. */
export function phone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** The lower of two scores: a value built from two scored parts (an age range) is as sure as its least sure part. */
export function lowerScore(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
