/**
 * The money of the plan at a glance: annual maximum and deductibles, each beside what remains for this patient;
 * orthodontic lifetime maximum and age limit; missing tooth clause; the plan's age limits for dependents.
 * PlanAmountsCard shows a plan alone (the plan library's), without remaining amounts.
 */
import { type PatientV3, type PlanV3, type VerificationDetail } from '@dv/contracts';
import { Descriptions } from 'antd';
import { ageRange } from './breakdown-format';
import { ScoredField } from './scored-field';

const ORTHO = 'CAT:Orthodontics';

function WithRemaining({ children, remaining }: { children: React.ReactNode; remaining: React.ReactNode }) {
  return (
    <div className="dv-amount">
      <div className="dv-amount-main">{children}</div>
      <div className="dv-amount-remaining">
        <span className="dv-text-secondary">Remaining: </span>
        {remaining}
      </div>
    </div>
  );
}

export function AmountsCard({ detail }: { detail: VerificationDetail }) {
  const { plan, patient } = detail;
  if (plan === null) return null;
  return <PlanAmountsCard plan={plan} patient={patient} />;
}

/** With a patient, what remains of the maximum and of the deductible beside them. */
export function PlanAmountsCard({ plan, patient }: { plan: PlanV3; patient?: PatientV3 }) {
  const { benefits } = plan;
  const withRemaining = (main: React.ReactNode, remaining: (patient: PatientV3) => React.ReactNode) =>
    patient === undefined ? main : <WithRemaining remaining={remaining(patient)}>{main}</WithRemaining>;
  const ortho = benefits.adaCodes[ORTHO];
  const ages = benefits.age ?? {};
  const items = [
    {
      key: 'annualMax',
      label: 'Annual maximum',
      children: withRemaining(
        <ScoredField path="plan.benefits.annualMax" field={benefits.annualMax} kind={{ kind: 'money' }} label="Annual maximum" />,
        (shown) => <ScoredField path="patient.insuranceRemaining" field={shown.insuranceRemaining} kind={{ kind: 'money' }} label="Annual maximum remaining" />,
      ),
    },
    {
      key: 'deductibleIndividual',
      label: 'Deductible (individual)',
      children: withRemaining(
        <ScoredField path="plan.benefits.deductible.individual" field={benefits.deductible?.individual} kind={{ kind: 'money' }} label="Individual deductible" />,
        (shown) => <ScoredField path="patient.deductibleRemaining" field={shown.deductibleRemaining} kind={{ kind: 'money' }} label="Deductible remaining" />,
      ),
    },
    {
      key: 'deductibleFamily',
      label: 'Deductible (family)',
      children: <ScoredField path="plan.benefits.deductible.family" field={benefits.deductible?.family} kind={{ kind: 'money' }} label="Family deductible" />,
    },
    {
      key: 'ortho',
      label: 'Orthodontics lifetime maximum',
      children: <ScoredField path={`plan.benefits.adaCodes.${ORTHO}.lifetimeMaximum`} field={ortho?.lifetimeMaximum} kind={{ kind: 'money' }} label="Orthodontics lifetime maximum" />,
    },
    {
      key: 'orthoAge',
      label: 'Orthodontics age limit',
      children: <ScoredField path={`plan.benefits.adaCodes.${ORTHO}.age.max`} field={ortho?.age?.max} kind={{ kind: 'age' }} label="Orthodontics age limit" render={() => ageRange(ortho?.age?.min, ortho?.age?.max)} />,
    },
    {
      key: 'missingTooth',
      label: 'Missing tooth clause',
      children: <ScoredField path="plan.benefits.missingToothClause" field={benefits.missingToothClause} kind={{ kind: 'boolean' }} label="Missing tooth clause" />,
    },
  ];
  for (const [who, age] of Object.entries(ages)) {
    if (!age) continue;
    items.push({ key: `age-${who}`, label: `Age limit (${who})`, children: <>{ageRange(age.min, age.max)}</> });
  }
  return <Descriptions className="dv-amounts" title="Maximums and deductibles" size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }} items={items} />;
}
