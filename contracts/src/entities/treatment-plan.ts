/** Treatment plan procedures from practice-management integrations (SPEC sections 3, 4). */
import { z } from 'zod';
import { calendarDay, readUsDate, type CalendarDay } from '../documents/dates';
import { ProcedureStatus } from '../enums';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar day of a date of service written MM/DD/YYYY or ISO 8601 (date or date-time). An ISO date-time
 * counts by the day it is written with, without a time-zone shift: a date of service is a day, not an instant.
 * Returns undefined when the text is neither form or names no real day (02/30/2024).
 */
export function parseServiceDate(text: string): CalendarDay | undefined {
  const iso = ISO_DATE.exec(text);
  return iso ? calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : readUsDate(text);
}

export const TreatmentPlanProcedure = z.object({
  procedureCode: z.string().min(1),
  dateOfService: z
    .string()
    .refine((text) => parseServiceDate(text) !== undefined, { error: 'Date of service must be MM/DD/YYYY or ISO 8601' })
    .nullable()
    .optional(),
  procedureStatus: ProcedureStatus.nullable().optional(),
  /** Keys under which the practice-management system stores the procedure (appointment, plan ...). */
  storeKeys: z.array(z.string()).default([]),
});
export type TreatmentPlanProcedure = z.infer<typeof TreatmentPlanProcedure>;
