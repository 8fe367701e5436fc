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

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** True for an MM/DD/YYYY text naming a day that exists (no 02/30, no month 13). */
export function isUsCalendarDate(text: string): boolean {
  const match = US_DATE.exec(text);
  if (match === null) return false;
  const [, month, day, year] = match.map(Number);
  if (month === undefined || day === undefined || year === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 onto 1900-1999; setUTCFullYear puts the year back before comparing.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
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
