/** Treatment plan lines: history or planned, and whether the patient is new (SPEC section 4). */
import { NEW_PATIENT_THRESHOLD_YEARS } from '../constants';
import { type CalendarDay } from '../documents/dates';
import { parseServiceDate, type TreatmentPlanProcedure } from '../entities/treatment-plan';

export type TreatmentLineKind = 'history' | 'planned';
type Line = Pick<TreatmentPlanProcedure, 'dateOfService' | 'procedureStatus'>;

/** `today` is read as the local calendar day: the office's wall calendar, not a UTC instant. */
function localDay(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function serviceDay(line: Line): CalendarDay | undefined {
  return line.dateOfService ? parseServiceDate(line.dateOfService) : undefined;
}

/**
 * 'history' when the date of service is before today; 'planned' when there is no date, or it is today or later.
 * A date that cannot be read counts as no date.
 */
export function classifyTreatmentLine(line: Line, today: Date): TreatmentLineKind {
  const day = serviceDay(line);
  return day && compareDays(day, localDay(today)) < 0 ? 'history' : 'planned';
}

/**
 * A patient is new when every history line is dated more than 3 years before today and no history line has the
 * status 'Existing Other'. A patient without history lines is new. "More than 3 years" is strictly before the
 * same calendar day 3 years earlier (29 February counts from 1 March when that year has none).
 */
export function isNewPatient(lines: readonly Line[], today: Date): boolean {
  const threshold = new Date(today.getFullYear() - NEW_PATIENT_THRESHOLD_YEARS, today.getMonth(), today.getDate());
  const limit = localDay(threshold);
  return lines
    .filter((line) => classifyTreatmentLine(line, today) === 'history')
    .every((line) => {
      const day = serviceDay(line);
      return day !== undefined && compareDays(day, limit) < 0 && line.procedureStatus !== 'Existing Other';
    });
}
