/**
 * The plan's own sections: payer and plan, maximums and deductibles, other provisions, orthodontics. The
 * Breakdown adds the patient's remaining amounts beside the maximums; the Plan shows the plan alone.
 */
import { CATEGORY_KEY_PREFIX, dollarAmount, type PatientV3, type PlanV3 } from '@dv/contracts';
import { ageText } from './benefit-cells';
import { type FieldsSection, type Lines, type PdfField, type TableSection } from './pdf-model';
import { asIs, NOT_STATED, phone, plain, scored, usDay, words, yesNo } from './pdf-values';

function field(label: string, ...value: Lines): PdfField {
  return { label, value };
}

function payerAddress(payer: PlanV3['payer']): string | undefined {
  const cityLine = [payer.city, [payer.state, payer.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const parts = [payer.street1, payer.street2, cityLine].filter((part) => part !== undefined && part.trim() !== '');
  return parts.length === 0 ? undefined : parts.join(', ');
}

export function payerAndPlanSection(plan: PlanV3): FieldsSection {
  const { payer, sponsor, details } = plan;
  const carrierPlan = plan.planMetadata?.payerSpecificPlanType.originalValue;
  return {
    kind: 'fields',
    title: 'Payer and plan',
    fields: [
      field('Payer', plain(payer.name)),
      field('Payer ID', plain(payer.id)),
      field('Payer address', plain(payerAddress(payer))),
      field('Payer phone', plain(payer.phoneNumber === undefined ? undefined : phone(payer.phoneNumber))),
      field('Group number', scored(sponsor.groupNumber, asIs)),
      field('Group name', scored(sponsor.groupName, asIs)),
      field('Sponsor', scored(sponsor.sponsorName, asIs)),
      field('Sponsor type', scored(sponsor.sponsorType, asIs)),
      field('Plan type', scored(details.planType, words)),
      field('Carrier plan', plain(carrierPlan)),
      field('Participation', scored(details.participation, asIs)),
      field('Benefit year starts', scored(details.benefitYear, words)),
      field('Plan initiation date', scored(details.initiationDate, usDay)),
    ],
  };
}

/**
 * Annual maximum and deductibles; with the patient (Breakdown), what remains of the maximum and of the individual
 * deductible.
 */
export function maximumsSection(plan: PlanV3, patient: PatientV3 | undefined): TableSection {
  const { annualMax, deductible } = plan.benefits;
  const remaining = (value: Lines): readonly Lines[] => (patient === undefined ? [] : [value]);
  const none: Lines = [{ text: NOT_STATED }];
  return {
    kind: 'table',
    title: 'Maximums and deductibles',
    columns: [
      { header: '', weight: 2 },
      { header: 'Amount', weight: 1.5 },
      ...(patient === undefined ? [] : [{ header: 'Remaining for the patient', weight: 1.5 }]),
    ],
    rows: [
      { cells: [[{ text: 'Annual maximum' }], [scored(annualMax, dollarAmount)], ...remaining([scored(patient?.insuranceRemaining, dollarAmount)])] },
      {
        cells: [[{ text: 'Deductible, individual' }], [scored(deductible?.individual, dollarAmount)], ...remaining([scored(patient?.deductibleRemaining, dollarAmount)])],
      },
      { cells: [[{ text: 'Deductible, family' }], [scored(deductible?.family, dollarAmount)], ...remaining(none)] },
    ],
    empty: '',
  };
}

export function provisionsSection(plan: PlanV3): FieldsSection {
  const { missingToothClause, age } = plan.benefits;
  return {
    kind: 'fields',
    title: 'Other provisions',
    fields: [
      field('Missing tooth clause', scored(missingToothClause, yesNo)),
      field('Child age limit', ageText(age?.child)),
      field('Student age limit', ageText(age?.student)),
      field('Dependent age limit', ageText(age?.dependent)),
    ],
  };
}

export function orthodonticsSection(plan: PlanV3): FieldsSection {
  const ortho = plan.benefits.adaCodes[`${CATEGORY_KEY_PREFIX}Orthodontics`];
  return {
    kind: 'fields',
    title: 'Orthodontics',
    fields: [
      field('Lifetime maximum', scored(ortho?.lifetimeMaximum, dollarAmount)),
      field('Age limit', ageText(ortho?.age)),
    ],
  };
}
