/**
 * What one plan does with one planned procedure, as the front desk reads it: covered or not and why, the benefit
 * level and where the plan states it, each eligibility check with its sentence (a check that fails is flagged
 * "Not eligible", in the danger colour), the deductible applied, an alternate benefit, and the estimate's other
 * notes (the annual maximum reached, coordination of benefits).
 */
import { benefitKeyLabel, type EligibilityCheck, formatCents, type PlanLineEstimate } from '@dv/contracts';
import { Pill } from '../../ui/pill';

/** The estimate writes its sentences to be joined ('not covered: the coverage is inactive'); alone, they start upper case. */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Notes the facts already show in their own place (not covered, not paid, the deductible, where the level is
 * stated, the alternate benefit): the others are listed as they are.
 */
function otherNotes(plan: PlanLineEstimate): string[] {
  const shown = ['not covered: ', 'not paid: ', 'deductible: ', 'benefit level as stated for '];
  return plan.notes.filter((note) => !shown.some((start) => note.startsWith(start)) && note !== plan.alternate?.sentence);
}

function Check({ kind, check }: { kind: string; check: EligibilityCheck | null }) {
  if (check === null) return null;
  const notEligible = check.status === 'notEligible';
  return (
    <li className={notEligible ? 'dv-estimate__flagged' : undefined} data-check={kind} data-eligibility={check.status}>
      {notEligible ? (
        <Pill tone="error" className="dv-estimate__flag">
          Not eligible
        </Pill>
      ) : null}
      {check.status === 'unknown' ? <Pill tone="default">Not checked</Pill> : null} {check.sentence}
    </li>
  );
}

function Coverage({ plan }: { plan: PlanLineEstimate }) {
  const level = plan.benefitLevel === null ? null : `${plan.benefitLevel}%${plan.benefitFrom ? ` (${benefitKeyLabel(plan.benefitFrom)})` : ''}`;
  if (!plan.covered) {
    return (
      <li data-check="coverage" data-covered="false">
        <Pill tone="red">{plan.notCovered?.reason === 'missingToothClause' ? 'Missing tooth clause' : 'Not covered'}</Pill>{' '}
        {plan.notCovered ? sentence(plan.notCovered.sentence) : null}
      </li>
    );
  }
  return (
    <li data-check="coverage" data-covered="true">
      <Pill tone="green">Covered</Pill> {level === null ? null : <span>Benefit level {level}</span>}
    </li>
  );
}

export function PlanLineFacts({ plan }: { plan: PlanLineEstimate }) {
  return (
    <ul className="dv-estimate__facts">
      <Coverage plan={plan} />
      <Check kind="frequency" check={plan.frequency} />
      <Check kind="age" check={plan.age} />
      <Check kind="waitingPeriod" check={plan.waitingPeriod} />
      {plan.covered && plan.eligible ? <li>Deductible applied: {formatCents(plan.deductibleAppliedCents)}</li> : null}
      {plan.alternate ? (
        <li data-check="alternate" className="dv-estimate__alternate">
          {sentence(plan.alternate.sentence)}
        </li>
      ) : null}
      {otherNotes(plan).map((note) => (
        <li key={note}>{sentence(note)}</li>
      ))}
    </ul>
  );
}
