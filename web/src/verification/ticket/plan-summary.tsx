/**
 * Who and what the ticket is about: patient and subscriber as the office entered them, the payer, the group and
 * its sponsor, plan type, participation, benefit year and effective date (the scored ones with their badges).
 * PlanFacts shows a plan alone (the plan library's): the payer and the plan, nothing about a patient.
 */
import { BENEFIT_YEARS, PARTICIPATIONS, PLAN_TYPES, type PlanV3, SPONSOR_TYPES, type VerificationDetail } from '@dv/contracts';
import { Descriptions } from 'antd';
import { displayDate } from './breakdown-format';
import { ScoredField } from './scored-field';

function Person({ first, last, dob, memberId }: { first?: string; last?: string; dob?: string; memberId?: string }) {
  return (
    <span>
      {[first, last].filter(Boolean).join(' ') || 'Not given'}
      {dob ? `, born ${dob}` : ''}
      {memberId ? `, member ${memberId}` : ''}
    </span>
  );
}

const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 } as const;

type Item = { key: string; label: string; children: React.ReactNode };

function payerText(payer: { name: string; id: string; phoneNumber?: string | undefined }): string {
  return `${payer.name} (payer id ${payer.id})${payer.phoneNumber ? `, phone ${payer.phoneNumber}` : ''}`;
}

/** The group, its sponsor and the plan's terms, each with its badge. */
function planItems(plan: PlanV3): Item[] {
  return [
    { key: 'groupNumber', label: 'Group number', children: <ScoredField path="plan.sponsor.groupNumber" field={plan.sponsor.groupNumber} kind={{ kind: 'text' }} label="Group number" /> },
    { key: 'groupName', label: 'Group name', children: <ScoredField path="plan.sponsor.groupName" field={plan.sponsor.groupName} kind={{ kind: 'text' }} label="Group name" /> },
    { key: 'sponsor', label: 'Sponsor', children: <ScoredField path="plan.sponsor.sponsorName" field={plan.sponsor.sponsorName} kind={{ kind: 'text' }} label="Sponsor" /> },
    { key: 'sponsorType', label: 'Sponsor type', children: <ScoredField path="plan.sponsor.sponsorType" field={plan.sponsor.sponsorType} kind={{ kind: 'enum', options: SPONSOR_TYPES }} label="Sponsor type" /> },
    { key: 'planType', label: 'Plan type', children: <ScoredField path="plan.details.planType" field={plan.details.planType} kind={{ kind: 'enum', options: PLAN_TYPES }} label="Plan type" /> },
    { key: 'participation', label: 'Participation', children: <ScoredField path="plan.details.participation" field={plan.details.participation} kind={{ kind: 'enum', options: PARTICIPATIONS }} label="Participation" /> },
    { key: 'benefitYear', label: 'Benefit year starts', children: <ScoredField path="plan.details.benefitYear" field={plan.details.benefitYear} kind={{ kind: 'enum', options: BENEFIT_YEARS }} label="Benefit year" /> },
  ];
}

/** A plan alone: the payer and the plan's terms. */
export function PlanFacts({ plan }: { plan: PlanV3 }) {
  const items = [{ key: 'payer', label: 'Payer', children: payerText(plan.payer) }, ...planItems(plan)];
  return <Descriptions className="dv-summary" size="small" bordered column={COLUMNS} items={items} />;
}

export function PlanSummary({ detail }: { detail: VerificationDetail }) {
  const info = detail.ticket.integrationPatientInfo;
  const { plan, patient } = detail;
  const self = info.patientRelationToSubscriber === 'Self';
  const items: Item[] = [
    { key: 'patient', label: 'Patient', children: <Person first={info.patientFirstName} last={info.patientLastName} dob={info.patientDOB} memberId={info.patientMemberId} /> },
    {
      key: 'subscriber',
      label: 'Subscriber',
      children: self ? (
        'The patient (Self)'
      ) : (
        <span>
          <Person first={info.subscriberFirstName} last={info.subscriberLastName} dob={info.subscriberDOB} memberId={info.subscriberMemberId} /> ({info.patientRelationToSubscriber})
        </span>
      ),
    },
    { key: 'payer', label: 'Payer', children: payerText(plan?.payer ?? { name: detail.carrier.name, id: detail.carrier.payerId }) },
  ];
  if (plan) items.push(...planItems(plan));
  items.push({ key: 'effective', label: 'Effective date', children: <ScoredField path="patient.effectiveDate" field={patient.effectiveDate} kind={{ kind: 'date' }} label="Effective date" /> });
  if (patient.planEndDate) items.push({ key: 'end', label: 'Plan end date', children: <>{displayDate(patient.planEndDate)}</> });
  return <Descriptions className="dv-summary" size="small" bordered column={COLUMNS} items={items} />;
}
