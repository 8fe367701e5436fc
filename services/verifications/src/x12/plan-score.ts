/**
 * The plan score (0 to 10) of a clearinghouse-mapped plan: one point for each fact an office needs before
 * quoting a patient, when the 271 stated it. A merge with portal data scores agreement separately.
 */
import { CATEGORY_KEY_PREFIX, SUBCATEGORY_KEY_PREFIX, type PatientV3, type PlanV3 } from '@dv/contracts';

type Check = { readonly fact: string; readonly holds: (plan: PlanV3, patient: PatientV3) => boolean };

const hasLevel = (plan: PlanV3, keys: readonly string[], category: string): boolean =>
  Object.entries(plan.benefits.adaCodes).some(
    ([key, entry]) =>
      (keys.includes(key) || (entry.code !== undefined && entry.category === category)) &&
      entry.benefitLevel !== undefined &&
      entry.benefitLevel.value !== null,
  );

const sub = (name: string): string => `${SUBCATEGORY_KEY_PREFIX}${name}`;
const cat = (name: string): string => `${CATEGORY_KEY_PREFIX}${name}`;

export const PLAN_SCORE_CHECKS: readonly Check[] = [
  { fact: 'coverage status', holds: (_, patient) => patient.coverageStatus !== 'unknown' },
  { fact: 'effective date', holds: (_, patient) => patient.effectiveDate?.value != null },
  { fact: 'group number', holds: (plan) => plan.sponsor.groupNumber.value !== null },
  { fact: 'annual maximum', holds: (plan) => plan.benefits.annualMax?.value != null },
  { fact: 'individual deductible', holds: (plan) => plan.benefits.deductible?.individual?.value != null },
  {
    fact: 'remaining amounts',
    holds: (_, patient) => patient.insuranceRemaining?.value != null || patient.deductibleRemaining?.value != null,
  },
  {
    fact: 'preventive and diagnostic level',
    holds: (plan) => hasLevel(plan, [cat('Preventative'), sub('Diagnostic'), sub('X-Ray'), sub('Exams'), sub('Prophylaxis')], 'Preventative'),
  },
  {
    fact: 'basic level',
    holds: (plan) => hasLevel(plan, [cat('Basic'), sub('Restorative'), sub('Endodontics'), sub('Periodontics')], 'Basic'),
  },
  {
    fact: 'major level',
    holds: (plan) =>
      hasLevel(plan, [cat('Major'), sub('Crowns'), sub('Prosthodontics'), sub('Oral & Maxillofacial Surgery'), sub('Implant Services'), sub('Dentures'), sub('Bridges')], 'Major'),
  },
  {
    fact: 'frequencies',
    holds: (plan) => Object.values(plan.benefits.adaCodes).some((entry) => entry.limitation?.value != null),
  },
];

/** How many of the ten facts the plan and patient state. */
export function scorePlanCompleteness(plan: PlanV3, patient: PatientV3): number {
  return PLAN_SCORE_CHECKS.filter((check) => check.holds(plan, patient)).length;
}
