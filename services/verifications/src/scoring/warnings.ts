/**
 * Internal warnings (contracts INTERNAL_WARNINGS) of a merged verification:
 * - MULTIPLE_PLANS_FOUND: a source saw several plans for the member (the 271 named several plans or group
 *   numbers, the portal listed other plans), or the sources disagree on the group number;
 * - GROUP_NUMBER_MISSING: the merged plan has no group number (one source lacking it is no warning when another
 *   states it);
 * - UNKNOWN_ERROR: a source job ended in error (not a payer's rejection, which has its stated reason), so the
 *   plan may lack what that source would have said.
 */
import { INTERNAL_WARNINGS, type InternalWarning, type JobOutcome, type PlanV3 } from '@dv/contracts';
import { type ConflictRecord } from './merge';

export interface WarningInput {
  /** Warnings the sources' mappings raised. */
  readonly sourceWarnings: readonly InternalWarning[];
  readonly plan: PlanV3 | null;
  readonly conflicts: readonly ConflictRecord[];
  /** Outcomes of the jobs that ended. */
  readonly outcomes: readonly (JobOutcome | null)[];
}

export function internalWarnings(input: WarningInput): InternalWarning[] {
  const warnings = new Set<InternalWarning>();
  if (
    input.sourceWarnings.includes('MULTIPLE_PLANS_FOUND') ||
    input.conflicts.some((conflict) => conflict.path === 'plan.sponsor.groupNumber')
  ) {
    warnings.add('MULTIPLE_PLANS_FOUND');
  }
  if (input.plan !== null && input.plan.sponsor.groupNumber.value === null) warnings.add('GROUP_NUMBER_MISSING');
  if (input.outcomes.includes('error')) warnings.add('UNKNOWN_ERROR');
  return INTERNAL_WARNINGS.filter((warning) => warnings.has(warning));
}
