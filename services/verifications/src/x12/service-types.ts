/**
 * EB03 dental service type codes (X12 code source 1365) and the version 3 adaCodes key each one maps to.
 * A key is a category (`CAT:`) or a subcategory (`SUB:`); the entry's category for a subcategory is the
 * category of the procedure codes in it, as contracts derives it from the code numbers.
 */
import {
  CATEGORY_KEY_PREFIX,
  categoryOfSubcategory,
  SUBCATEGORY_KEY_PREFIX,
  type Category,
  type Subcategory,
} from '@dv/contracts';

export type BenefitTarget = {
  readonly key: string;
  readonly category: Category;
  readonly subcategory?: Subcategory;
  readonly code?: string;
};

/** Dental care (the plan as a whole): deductibles, maximums and remaining amounts are stated with it. */
export const DENTAL_CARE = '35';

type ServiceType = { readonly label: string } & (
  | { readonly category: Category }
  | { readonly subcategory: Subcategory }
  | { readonly planLevel: true }
  | { readonly unmapped: true }
);

export const DENTAL_SERVICE_TYPES: Readonly<Record<string, ServiceType>> = {
  '35': { label: 'Dental Care', planLevel: true },
  '23': { label: 'Diagnostic Dental', subcategory: 'Diagnostic' },
  '4': { label: 'Diagnostic X-Ray', subcategory: 'X-Ray' },
  '41': { label: 'Routine (Preventive) Dental', category: 'Preventative' },
  '25': { label: 'Restorative', subcategory: 'Restorative' },
  '26': { label: 'Endodontics', subcategory: 'Endodontics' },
  '24': { label: 'Periodontics', subcategory: 'Periodontics' },
  '36': { label: 'Dental Crowns', subcategory: 'Crowns' },
  '39': { label: 'Prosthodontics', subcategory: 'Prosthodontics' },
  '40': { label: 'Oral Surgery', subcategory: 'Oral & Maxillofacial Surgery' },
  '38': { label: 'Orthodontics', category: 'Orthodontics' },
  '28': { label: 'Adjunctive Dental Services', category: 'Adjunctive General Services' },
  // Maxillofacial prosthetics (D5900-D5999) fall in the 'Dentures' number range, which would mislabel them, and
  // a dental accident is no kind of procedure: both are kept as plan caveats.
  '27': { label: 'Maxillofacial Prosthetics', unmapped: true },
  '37': { label: 'Dental Accident', unmapped: true },
};

function targetOf(type: ServiceType): BenefitTarget | 'plan' | undefined {
  if ('unmapped' in type) return undefined;
  if ('planLevel' in type) return 'plan';
  if ('category' in type) return { key: `${CATEGORY_KEY_PREFIX}${type.category}`, category: type.category };
  return {
    key: `${SUBCATEGORY_KEY_PREFIX}${type.subcategory}`,
    category: categoryOfSubcategory(type.subcategory),
    subcategory: type.subcategory,
  };
}

/**
 * Each code's target and label, worked out once: every EB row asks for them. A Map, like ownValue, finds nothing
 * for the names of Object.prototype's members, and reads a key sliced from the 271 without interning it.
 */
const TARGETS = new Map(Object.entries(DENTAL_SERVICE_TYPES).map(([code, type]) => [code, targetOf(type)]));
const LABELS = new Map(Object.entries(DENTAL_SERVICE_TYPES).map(([code, type]) => [code, type.label]));

/** The adaCodes target of a service type, 'plan' for dental care, or undefined when it maps to no key. */
export function targetOfServiceType(code: string): BenefitTarget | 'plan' | undefined {
  return TARGETS.get(code);
}

export function serviceTypeLabel(code: string): string {
  return LABELS.get(code) ?? `service type ${code}`;
}
