/** Treatment plan procedures from practice-management integrations (SPEC sections 3, 4). */
import { z } from 'zod';
import { ProcedureStatus } from '../enums';

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar day, month 1-12. */
export type CalendarDay = { year: number; month: number; day: number };

/**
 * The calendar day of a date of service written MM/DD/YYYY or ISO 8601 (date or date-time). An ISO date-time
 * counts by the day it is written with, without a time-zone shift: a date of service is a day, not an instant.
 * Returns undefined when the text is neither form or names no real day (02/30/2024).
 */
export function parseServiceDate(text: string): CalendarDay | undefined {
  const us = US_DATE.exec(text);
  const iso = us ? undefined : ISO_DATE.exec(text);
  const parts = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : undefined;
  if (!parts) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
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
