/**
 * Dates of the stored documents (DOCUMENTS.md "Dates"). Version 1 keeps every date as epoch milliseconds;
 * versions 2 and 3 keep timestamps as ISO 8601 strings and patient dates as MM/DD/YYYY calendar days.
 * Anything that does not denote a real instant or day is 'Wrong date', whatever its type.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages';

const WRONG_DATE = { error: VALIDATION_MESSAGES.wrongDate };

/** The widest range a JavaScript Date holds (ECMAScript, time values): a larger number is no instant at all. */
const MAX_EPOCH_MS = 8.64e15;

/** Epoch milliseconds; negative values are real dates (birth dates before 1970). */
export const EpochMillis = z.int(WRONG_DATE).min(-MAX_EPOCH_MS, WRONG_DATE).max(MAX_EPOCH_MS, WRONG_DATE);

/**
 * ISO 8601 date and time with a zone, as `Date.prototype.toISOString()` writes it; zod's pattern also rejects
 * impossible days such as 2024-02-30, which `Date.parse` would silently roll over.
 */
export const IsoTimestamp = z.iso.datetime({ offset: true, ...WRONG_DATE });

/**
 * MM/DD/YYYY, the one written form of a patient's calendar day (SPEC section 2): read, checked and written here
 * and nowhere else, by the services, the rules and the web app alike.
 *
 * The reading is strict, as dayjs reads `dayjs.utc(text, 'MM/DD/YYYY', true)` (two-digit month and day, four-digit
 * year, a day the month has: no 02/30, no month 13; the test holds the two side by side), with one difference:
 * years before 100 are days like any other here, where dayjs turns them into 19xx and then refuses them. It is
 * not done by dayjs itself: dayjs's strict parse costs about 5 microseconds a date, a quarter of the speed of
 * map271 (which reads several dates per 271), and its import would put some 5 KB gzipped into the web app's
 * /verification page, which is at the limit of its 250 KB budget (bench/web.js).
 */
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A day of the (proleptic Gregorian) calendar; month 1 to 12. */
export type CalendarDay = { readonly year: number; readonly month: number; readonly day: number };

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** How many days the month (1 to 12) of the year has. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** The day when it exists (month 1 to 12, day 1 to the month's last), else undefined. */
export function calendarDay(year: number, month: number, day: number): CalendarDay | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  return day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : undefined;
}

/** The day an MM/DD/YYYY text names, or undefined when it is not written so or names no real day. */
export function readUsDate(text: string): CalendarDay | undefined {
  const match = US_DATE.exec(text);
  return match === null ? undefined : calendarDay(Number(match[3]), Number(match[1]), Number(match[2]));
}

/** True for an MM/DD/YYYY text naming a day that exists (no 02/30, no month 13). */
export function isUsCalendarDate(text: string): boolean {
  return readUsDate(text) !== undefined;
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The day written MM/DD/YYYY. */
export function writeUsDate({ year, month, day }: CalendarDay): string {
  return `${twoDigits(month)}/${twoDigits(day)}/${String(year).padStart(4, '0')}`;
}

/** The day written CCYYMMDD (X12's D8 form), which sorts as the days do. */
export function writeCompactDate({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}${twoDigits(month)}${twoDigits(day)}`;
}

/** Days in calendar order: negative when `a` comes first. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * MM/DD/YYYY texts in calendar order (negative when `a` comes first); a text that names no day comes before
 * every day, so a list sorted most recent first ends with them.
 */
export function compareUsDates(a: string, b: string): number {
  const dayA = readUsDate(a);
  const dayB = readUsDate(b);
  if (dayA === undefined || dayB === undefined) return (dayA === undefined ? 0 : 1) - (dayB === undefined ? 0 : 1);
  return compareDays(dayA, dayB);
}

/** The UTC calendar day of an instant. */
export function utcDayOf(date: Date): CalendarDay {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The calendar day of an instant where this code runs (the browser's zone in the web app). */
export function localDayOf(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The instant the day begins in UTC, or `hours` later: epoch milliseconds. */
export function utcMillisOf({ year, month, day }: CalendarDay, hours = 0): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0 to 99 as they are instead of moving them to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours);
  return date.getTime();
}

/** The instant an MM/DD/YYYY day begins in UTC (or `hours` later), or undefined when the text names no day. */
export function usDateToUtc(text: string, hours = 0): Date | undefined {
  const day = readUsDate(text);
  return day === undefined ? undefined : new Date(utcMillisOf(day, hours));
}

/** 'MM/DD/YYYY'.length: a longer text is no such date (and is refused before it is read). */
export const US_CALENDAR_DATE_LENGTH = 10;

/** A patient calendar day written MM/DD/YYYY (the UTC day of the version 1 epoch value). */
export const UsCalendarDate = z
  .string(WRONG_DATE)
  .max(US_CALENDAR_DATE_LENGTH, { ...WRONG_DATE, abort: true })
  .refine(isUsCalendarDate, WRONG_DATE);

/** Timestamps: change history, lastSubmission, details.initiationDate, ticket.resolvedDate, alert notes. */
export const TimestampV1 = EpochMillis;
export const TimestampV2 = IsoTimestamp;
export const TimestampV3 = IsoTimestamp;

/**
 * Patient dates: DOBs, effective date, history dates, plan end date. Version 1 documents midnight UTC but the
 * validator does not insist on it: old documents are read to be migrated, and migration keeps the UTC day.
 */
export const PatientDateV1 = EpochMillis;
export const PatientDateV2 = UsCalendarDate;
export const PatientDateV3 = UsCalendarDate;
