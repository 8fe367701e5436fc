/**
 * Date representations of the stored documents (DOCUMENTS.md, "Dates"):
 * version 1 keeps epoch milliseconds; versions 2 and 3 keep timestamps as ISO 8601 strings and patient dates
 * as MM/DD/YYYY of the UTC calendar day. A value that is not in the expected source form is returned unchanged,
 * for the validators to report.
 */
import { readUsDate, utcDayOf, utcMillisOf, writeUsDate } from '../documents/dates';

function isValidEpoch(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(new Date(value).getTime());
}

/** Epoch milliseconds -> ISO 8601 (`new Date(ms).toISOString()`). */
export function epochToIso(value: unknown): unknown {
  return isValidEpoch(value) ? new Date(value).toISOString() : value;
}

/** ISO 8601 -> epoch milliseconds. */
export function isoToEpoch(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : value;
}

/** Epoch milliseconds -> MM/DD/YYYY of the UTC calendar day. */
export function epochToPatientDate(value: unknown): unknown {
  return isValidEpoch(value) ? writeUsDate(utcDayOf(new Date(value))) : value;
}

/** MM/DD/YYYY -> epoch milliseconds of midnight UTC that day; an impossible day (02/30) is left as it is. */
export function patientDateToEpoch(value: unknown): unknown {
  const day = typeof value === 'string' ? readUsDate(value) : undefined;
  return day === undefined ? value : utcMillisOf(day);
}
