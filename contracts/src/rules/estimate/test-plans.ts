/**
 * Test-only builders of version 3 plans and patients for the estimate's worked cases: a benefit entry is written
 * as { level: 80, deductible: false, limitation: [2, 12, 'mo'] } instead of its scored document form. The tests
 * parse what these build with the real schemas, so a fixture that is not a valid document fails loudly.
 */
import { type z } from 'zod';
import { categoryOf, categoryOfSubcategory, normalizeCode, subcategoryOf } from '../../codes/codes';
import { type BenefitEntryV3 } from '../../documents/benefit-entry';
import { type PatientV3 } from '../../documents/patient';
import { type PlanV3 } from '../../documents/plan';
import { type WaitingPeriodV3 } from '../../documents/waiting-period';
import { type BenefitYear, type Category, type CorrelationType, type Subcategory, type TimePeriod } from '../../enums';
import { estimateTreatmentPlan } from './estimate';
import { EstimateInput, EstimateResult } from './schemas';

const scored = <T>(value: T) => ({ value, score: 3 as const });

export interface EntrySpec {
  readonly level?: number;
  readonly deductible?: boolean;
  readonly appliesToAnnualMax?: boolean;
  readonly limitation?: readonly [quantity: number, frequency: number, timePeriod: TimePeriod];
  readonly waitingPeriod?: WaitingPeriodV3;
  readonly age?: readonly [min: number, max: number];
  readonly links?: readonly { readonly code: string; readonly how: CorrelationType; readonly data?: unknown; readonly apply?: boolean }[];
}

function entryFields(spec: EntrySpec): Omit<BenefitEntryV3, 'category'> {
  return {
    ...(spec.level === undefined ? {} : { benefitLevel: scored(spec.level) }),
    ...(spec.deductible === undefined ? {} : { deductible: scored(spec.deductible) }),
    ...(spec.appliesToAnnualMax === undefined ? {} : { appliesToAnnualMax: scored(spec.appliesToAnnualMax) }),
    ...(spec.limitation === undefined
      ? {}
      : { limitation: scored({ quantity: spec.limitation[0], frequency: spec.limitation[1], timePeriod: spec.limitation[2] }) }),
    ...(spec.waitingPeriod === undefined ? {} : { waitingPeriod: scored(spec.waitingPeriod) }),
    ...(spec.age === undefined ? {} : { age: { min: scored(spec.age[0]), max: scored(spec.age[1]) } }),
    ...(spec.links === undefined ? {} : { correlatedWith: spec.links.map((link) => ({ ...link, code: normalizeCode(link.code) })) }),
  };
}

/**
 * adaCodes from a map of 'D2392' / 'SUB:Crowns' / 'CAT:Basic' to entry specs; code entries get the category and
 * subcategory their number gives, as version 3 documents have them.
 */
export function adaCodes(specs: Readonly<Record<string, EntrySpec>>): PlanV3['benefits']['adaCodes'] {
  return Object.fromEntries(
    Object.entries(specs).map(([key, spec]): [string, BenefitEntryV3] => {
      if (key.startsWith('CAT:')) return [key, { category: key.slice(4) as Category, ...entryFields(spec) }];
      if (key.startsWith('SUB:')) {
        const subcategory = key.slice(4) as Subcategory;
        return [key, { category: categoryOfSubcategory(subcategory), subcategory, ...entryFields(spec) }];
      }
      const code = normalizeCode(key);
      const category = categoryOf(code);
      const subcategory = subcategoryOf(code);
      return [
        code,
        {
          category: category === 'unknown' ? 'Adjunctive General Services' : category,
          ...(subcategory === undefined ? {} : { subcategory }),
          code,
          ...entryFields(spec),
        },
      ];
    }),
  );
}

export interface PlanSpec {
  readonly codes: Readonly<Record<string, EntrySpec>>;
  readonly annualMax?: number;
  readonly deductible?: number;
  readonly missingToothClause?: boolean;
  readonly benefitYear?: BenefitYear;
}

export function planOf(spec: PlanSpec): PlanV3 {
  return {
    score: 8,
    details: {
      benefitYear: scored(spec.benefitYear ?? 'january'),
      planType: scored('dental'),
      participation: scored('In Network'),
      initiationDate: scored('2025-01-01T00:00:00.000Z'),
    },
    payer: { id: 'TEST1', name: 'Test Dental' },
    sponsor: {
      sponsorName: scored('Test Employer'),
      sponsorType: scored('Employer'),
      groupNumber: scored('G-1'),
      groupName: scored('Test Group'),
    },
    benefits: {
      ...(spec.missingToothClause === undefined ? {} : { missingToothClause: scored(spec.missingToothClause) }),
      ...(spec.annualMax === undefined ? {} : { annualMax: scored(spec.annualMax) }),
      ...(spec.deductible === undefined ? {} : { deductible: { individual: scored(spec.deductible) } }),
      adaCodes: adaCodes(spec.codes),
    },
    schemaVersion: 3,
  };
}

export interface PatientSpec {
  readonly deductibleRemaining?: number;
  readonly insuranceRemaining?: number;
  readonly effectiveDate?: string;
  readonly history?: PatientV3['history'];
  readonly coverageStatus?: PatientV3['coverageStatus'];
  readonly planEndDate?: string;
}

export function patientOf(spec: PatientSpec): PatientV3 {
  return {
    ...(spec.deductibleRemaining === undefined ? {} : { deductibleRemaining: scored(spec.deductibleRemaining) }),
    ...(spec.insuranceRemaining === undefined ? {} : { insuranceRemaining: scored(spec.insuranceRemaining) }),
    ...(spec.effectiveDate === undefined ? {} : { effectiveDate: scored(spec.effectiveDate) }),
    history: spec.history ?? [],
    historyStatus: 'Complete',
    coverageStatus: spec.coverageStatus ?? 'active',
    ...(spec.planEndDate === undefined ? {} : { planEndDate: spec.planEndDate }),
  };
}

// ---------- The worked cases' common ground ----------

export const TODAY = '09/15/2026';
export const ADULT = '03/10/1990';

/** The office's fees in dollars. */
export const FEES: Readonly<Record<string, number>> = {
  D0120: 60,
  D0150: 95,
  D1110: 120,
  D1208: 40,
  D2140: 110,
  D2150: 150,
  D2160: 180,
  D2391: 200,
  D2392: 250,
  D2740: 1200,
  D2790: 1000,
  D6010: 2000,
  D6240: 1100,
  D8080: 3000,
  D9110: 90,
};

/** Preventive 100% without deductible, basic 80% and major 50% with it, crowns 50% (deductible as basic). */
export const BASE_CODES: Readonly<Record<string, EntrySpec>> = {
  'CAT:Preventative': { level: 100, deductible: false },
  'CAT:Basic': { level: 80, deductible: true },
  'CAT:Major': { level: 50, deductible: true },
  'SUB:Crowns': { level: 50 },
  D1110: { limitation: [2, 12, 'mo'] },
};

/** The primary coverage of most cases: $50 deductible and $1,200 of the maximum left, effective 01/01/2025. */
export function baseCoverage(codes: Readonly<Record<string, EntrySpec>> = {}, patient: PatientSpec = {}, plan: Partial<PlanSpec> = {}) {
  return {
    plan: planOf({ annualMax: 1500, deductible: 50, ...plan, codes: { ...BASE_CODES, ...codes } }),
    patient: patientOf({ deductibleRemaining: 50, insuranceRemaining: 1200, effectiveDate: '01/01/2025', ...patient }),
  };
}

/**
 * Runs the estimate the way a route would: the input through its schema (so every fixture is a valid document),
 * the result through its schema.
 */
export function runEstimate(input: Partial<z.input<typeof EstimateInput>> & Pick<z.input<typeof EstimateInput>, 'planned'>): EstimateResult {
  const parsed = EstimateInput.parse({ today: TODAY, dateOfBirth: ADULT, history: [], fees: FEES, primary: baseCoverage(), ...input });
  return EstimateResult.parse(estimateTreatmentPlan(parsed));
}

/** Each line as [primary pays, secondary pays, patient pays], in cents. */
export const partsOf = (result: EstimateResult): [number, number, number][] =>
  result.lines.map((line) => [line.primaryPaysCents, line.secondaryPaysCents, line.patientPaysCents]);
