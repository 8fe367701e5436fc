/**
 * The money of the plan at a glance: annual maximum and deductibles, each beside what remains for this patient;
 * orthodontic lifetime maximum and age limit; missing tooth clause; the plan's age limits for dependents.
 */
import { type VerificationDetail } from '@dv/contracts';
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
  const { benefits } = plan;
  const ortho = benefits.adaCodes[ORTHO];
  const ages = benefits.age ?? {};
  const items = [
    {
      key: 'annualMax',
      label: 'Annual maximum',
      children: (
        <WithRemaining remaining={<ScoredField path="patient.insuranceRemaining" field={patient.insuranceRemaining} kind={{ kind: 'money' }} label="Annual maximum remaining" />}>
          <ScoredField path="plan.benefits.annualMax" field={benefits.annualMax} kind={{ kind: 'money' }} label="Annual maximum" />
        </WithRemaining>
      ),
    },
    {
      key: 'deductibleIndividual',
      label: 'Deductible (individual)',
      children: (
        <WithRemaining remaining={<ScoredField path="patient.deductibleRemaining" field={patient.deductibleRemaining} kind={{ kind: 'money' }} label="Deductible remaining" />}>
          <ScoredField path="plan.benefits.deductible.individual" field={benefits.deductible?.individual} kind={{ kind: 'money' }} label="Individual deductible" />
        </WithRemaining>
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
