/**
 * How the breakdown writes values: money per SPEC section 5 with the dollar sign, plan-pays percentages,
 * limitations in words ('2 per 12 months'), waiting periods, ages, yes/no, dates MM/dd/yyyy; where a value came
 * from and how sure it is. Pure: the page and its tests share it; the wording rules themselves live in contracts.
 */
import {
  ageLimitWording,
  dollarAmount,
  limitationWording,
  localDayOf,
  waitingPeriodWording,
  writeUsDate,
  type LimitationTerms,
  type SourceRef,
} from '@dv/contracts';

/** What kind of value a scored field holds: how it is written and which editor changes it. */
export type FieldKind =
  | { readonly kind: 'money' }
  | { readonly kind: 'percent' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'date' }
  | { readonly kind: 'text' }
  | { readonly kind: 'number' }
  | { readonly kind: 'age' }
  | { readonly kind: 'limitation' }
  | { readonly kind: 'waitingPeriod' }
  | { readonly kind: 'enum'; readonly options: readonly string[] };

export const NOT_STATED = 'Not stated';

/*
 * Dates are read with plain Date rather than dayjs, which would be the only reason the page loads it before it
 * renders, and written MM/dd/yyyy by contracts (writeUsDate). They are read as dayjs reads a string: a date or
 * date-time without a zone ('2026-01-15', '2026-01-15T10:21') as local time, anything else (an instant ending in
 * Z, an offset) by Date itself. This is not the MM/DD/YYYY reading contracts does: these are timestamps.
 */
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** The date a text names, or undefined when it names none. */
function parseDate(value: string): Date | undefined {
  const local = /Z$/i.test(value) ? null : LOCAL_DATE_TIME.exec(value);
  const parsed = local
    ? new Date(
        Number(local[1]),
        Number(local[2] ?? 1) - 1,
        Number(local[3] || 1),
        Number(local[4] ?? 0),
        Number(local[5] ?? 0),
        Number(local[6] ?? 0),
        Number((local[7] ?? '0').slice(0, 3)),
      )
    : new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** DATE_FORMAT (MM/dd/yyyy) in the browser's zone. */
function dateText(date: Date): string {
  return writeUsDate(localDayOf(date));
}

/** '10:21 AM': 12-hour clock, two-digit hours. */
function timeText(date: Date): string {
  const hours = date.getHours();
  return `${twoDigits(hours % 12 || 12)}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** MM/dd/yyyy from an ISO instant or a date already written that way. */
export function displayDate(value: string): string {
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return value;
  const parsed = parseDate(value);
  return parsed ? dateText(parsed) : value;
}

/** A plain value as text; objects (a value of the wrong kind) as JSON rather than '[object Object]'. */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

export function formatValue(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOT_STATED;
  switch (kind.kind) {
    case 'money':
      return typeof value === 'number' ? dollarAmount(value) : plain(value);
    case 'percent':
      return `${plain(value)}%`;
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : plain(value);
    case 'date':
      return typeof value === 'string' ? displayDate(value) : plain(value);
    case 'enum':
      // Enumerations written in lower case ('january', 'dental') read as words.
      return typeof value === 'string' ? value.charAt(0).toUpperCase() + value.slice(1) : plain(value);
    case 'age':
    case 'number':
    case 'text':
      return plain(value);
    case 'limitation':
      return limitationWording(value as LimitationTerms);
    case 'waitingPeriod':
      return waitingPeriodWording(value);
  }
}

/** 'Ages 14 to 99' from two scored ages that may be missing. */
export function ageRange(min: { value: number | null } | undefined, max: { value: number | null } | undefined): string {
  return ageLimitWording(min?.value, max?.value);
}

export const SCORE_MEANINGS: Readonly<Record<number, string>> = {
  1: 'Inferred or disputed: check it',
  2: 'Stated by one source',
  3: 'Stated alike by two sources',
  4: 'Confirmed by a user',
};

export function scoreMeaning(score: number): string {
  return SCORE_MEANINGS[score] ?? `Score ${score}`;
}

export function sourceLabel(ref: SourceRef): string {
  switch (ref.source) {
    case 'clearinghouse':
      return `Clearinghouse (${ref.sourceName})`;
    case 'portal':
      return `Portal ${ref.sourceName}`;
    case 'user':
      return 'A user of the office';
  }
}

/** A change-history entry in one line: '11/24/2026 10:21 AM: $1,500.00 -> $1,800.00'. */
export function changeLine(kind: FieldKind, change: { updatedAt: string; value: unknown; oldValue?: unknown }): string {
  const at = parseDate(change.updatedAt);
  const when = at ? `${dateText(at)} ${timeText(at)}` : change.updatedAt;
  const before = change.oldValue === undefined ? '' : `${formatValue(kind, change.oldValue)} -> `;
  return `${when}: ${before}${formatValue(kind, change.value)}`;
}

/** Today as MM/dd/yyyy in the browser's zone (the office's day). */
export function todayText(now: Date = new Date()): string {
  return dateText(now);
}
