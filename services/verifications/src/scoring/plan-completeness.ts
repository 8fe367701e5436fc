/**
 * A plan's completeness, 0 to 10: one point for each of the ten facts an office needs before quoting a patient
 * that the plan and patient state. A source's mapping (map271, mapPortalData) gives its plan this count as its
 * score; the plan score a ticket shows (1 to 10, plan-score.ts) weighs it with the sources' agreement.
 */
import {
  CATEGORY_KEY_PREFIX,
  categoryOfSubcategory,
  SUBCATEGORIES,
  SUBCATEGORY_KEY_PREFIX,
  type Category,
  type PatientV3,
  type PlanV3,
  type Subcategory,
} from '@dv/contracts';

type Check = { readonly fact: string; readonly holds: (plan: PlanV3, patient: PatientV3) => boolean };

const SUBCATEGORY_NAMES: ReadonlySet<string> = new Set(SUBCATEGORIES);
const isSubcategory = (name: string): name is Subcategory => SUBCATEGORY_NAMES.has(name);

/** The category an adaCodes key covers: `CAT:<name>`, `SUB:<name>` by its codes' numbers, or a code's own. */
function categoryOfKey(key: string, entry: { code?: string; category?: string }): string | undefined {
  if (key.startsWith(CATEGORY_KEY_PREFIX)) return key.slice(CATEGORY_KEY_PREFIX.length);
  if (key.startsWith(SUBCATEGORY_KEY_PREFIX)) {
    // A set lookup, not the zod enum: every 271 mapping scores its plan, and safeParse allocates a result per key.
    const subcategory = key.slice(SUBCATEGORY_KEY_PREFIX.length);
    return isSubcategory(subcategory) ? categoryOfSubcategory(subcategory) : undefined;
  }
  return entry.code !== undefined ? entry.category : undefined;
}

/**
 * Does the plan state a coverage level for some key of the category? A loop over the keys, not Object.entries:
 * every 271 mapping runs this for three categories, and the entries are an array of pairs each time.
 */
function hasLevel(plan: PlanV3, category: Category): boolean {
  const { adaCodes } = plan.benefits;
  for (const key of Object.keys(adaCodes)) {
    const entry = adaCodes[key]!;
    if (categoryOfKey(key, entry) === category && entry.benefitLevel !== undefined && entry.benefitLevel.value !== null) return true;
  }
  return false;
}

export const PLAN_COMPLETENESS_CHECKS: readonly Check[] = [
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
    holds: (plan) => hasLevel(plan, 'Preventative'),
  },
  {
    fact: 'basic level',
    holds: (plan) => hasLevel(plan, 'Basic'),
  },
  {
    fact: 'major level',
    holds: (plan) => hasLevel(plan, 'Major'),
  },
  {
    fact: 'frequencies',
    holds: (plan) => Object.values(plan.benefits.adaCodes).some((entry) => entry.limitation?.value != null),
  },
];

/** How many of the ten facts the plan and patient state. */
export function scorePlanCompleteness(plan: PlanV3, patient: PatientV3): number {
  return PLAN_COMPLETENESS_CHECKS.filter((check) => check.holds(plan, patient)).length;
}
