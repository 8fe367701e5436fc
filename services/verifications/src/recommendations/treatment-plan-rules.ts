/**
 * What the patient's treatment plan (from the office's practice-management integration) adds to the
 * recommendations: whether the patient is new (SPEC section 4, "Treatment plan lines") and which planned
 * procedures the plan says nothing about (contracts planCoversCode, the estimate's look-up). Pure; the lines come
 * with the office context when the ticket has them.
 */
import { classifyTreatmentLine, planCoversCode, type PlanV3, type TreatmentPlanProcedure } from '@dv/contracts';

export type TreatmentLine = Pick<TreatmentPlanProcedure, 'procedureCode' | 'dateOfService' | 'procedureStatus'>;

/** The office's treatment plan for the patient, as the integration gives it. */
export interface TreatmentPlanContext {
  /** False: the office has the treatment plan turned off in its verification form customization. */
  readonly enabled: boolean;
  readonly lines: readonly TreatmentLine[];
}

/**
 * How many planned lines (no date, today or later) the plan states no coverage for. Lines whose code is not a
 * procedure code count too: nobody can tell the office what the plan pays for them.
 */
export function uncoveredPlannedLines(plan: PlanV3 | null, lines: readonly TreatmentLine[], today: Date): number {
  return lines.filter(
    (line) => classifyTreatmentLine(line, today) === 'planned' && (plan === null || !planCoversCode(plan, line.procedureCode)),
  ).length;
}
