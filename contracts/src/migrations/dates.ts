/**
 * Date representations of the stored documents (DOCUMENTS.md, "Dates"):
 * version 1 keeps epoch milliseconds; versions 2 and 3 keep timestamps as ISO 8601 strings and patient dates
 * as MM/DD/YYYY of the UTC calendar day. A value that is not in the expected source form is returned unchanged,
 * for the validators to report.
 */

const PATIENT_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isValidEpoch(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(new Date(value).getTime());
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

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
  if (!isValidEpoch(value)) return value;
  const date = new Date(value);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${twoDigits(date.getUTCMonth() + 1)}/${twoDigits(date.getUTCDate())}/${year}`;
}

/** MM/DD/YYYY -> epoch milliseconds of midnight UTC that day; an impossible day (02/30) is left as it is. */
export function patientDateToEpoch(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = PATIENT_DATE.exec(value);
  if (match === null) return value;
  const [, month, day, year] = match.map(Number);
  if (month === undefined || day === undefined || year === undefined) return value;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return epochToPatientDate(date.getTime()) === value ? date.getTime() : value;
}
