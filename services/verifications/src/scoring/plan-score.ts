/**
 * The plan score, 1 to 10: how complete the plan is and how well its sources agree.
 *
 *   completeness = facts held / 10, the ten facts an office needs before quoting a patient
 *                  (plan-completeness.ts PLAN_COMPLETENESS_CHECKS: coverage status, effective date, group number,
 *                  annual maximum, individual deductible, remaining amounts, preventive, basic and major levels,
 *                  frequencies);
 *   agreement    = agreed / compared over the fields two or more sources stated (merge.ts stats); 0.5, "not
 *                  known", when no field was stated twice (a single source cannot confirm itself);
 *   score        = 1 + round(9 x (0.7 x completeness + 0.3 x agreement)).
 *
 * So a complete plan confirmed by two agreeing sources scores 10, a complete single-source plan 9, an empty one
 * 2 (1 when what little there is was disputed). A user's edit settles the disputed field it changes: it counts as
 * agreed from then on (verifications/ticket-edits.ts).
 */
import { type PatientV3, type PlanV3 } from '@dv/contracts';
import { PLAN_COMPLETENESS_CHECKS, scorePlanCompleteness } from './plan-completeness';

export const COMPLETENESS_WEIGHT = 0.7;
export const AGREEMENT_WEIGHT = 0.3;
/** Agreement when no field was stated by two sources. */
export const UNKNOWN_AGREEMENT = 0.5;

export interface Agreement {
  readonly compared: number;
  readonly agreed: number;
}

export function agreementRatio({ compared, agreed }: Agreement): number {
  return compared === 0 ? UNKNOWN_AGREEMENT : Math.min(1, Math.max(0, agreed / compared));
}

export function planScore(plan: PlanV3, patient: PatientV3, agreement: Agreement): number {
  const completeness = scorePlanCompleteness(plan, patient) / PLAN_COMPLETENESS_CHECKS.length;
  const raw = 1 + Math.round(9 * (COMPLETENESS_WEIGHT * completeness + AGREEMENT_WEIGHT * agreementRatio(agreement)));
  return Math.min(10, Math.max(1, raw));
}
