/**
 * Maps what a portal shows (contracts PortalData: the portal's benefit summary rows, its eligibility panel and
 * claim history) into the version 3 plan and patient, so that the merge compares it field by field with the
 * 271's mapping. Pure.
 *
 * - Values the portal shows are stated (score 2); defaults are inferred (score 1).
 * - Benefit rows go to the adaCodes key the 271 mapping uses for the same services: a procedure code to its
 *   'ADA:' entry, a service group by its label (PORTAL_SERVICE_LABELS: 'Basic Restorative' -> 'SUB:Restorative',
 *   'Diagnostic & Preventive' -> 'CAT:Preventative' ...). A label no key holds becomes a plan caveat.
 * - Frequencies: 'N per calendar year' (benefit or plan year too) is N per 1 'yr'; 'N per M months|years|days' is a
 *   rolling period normalised as SPEC section 9 says (6 months stays 6 'mo', 12 months stays 12 'mo', 1 year is
 *   12 'mo', 3 months 90 'd'); 'N per lifetime' is N per 99 'yr' (the yearly cap), as the 271 mapping does.
 * - Waiting periods: '12 months' -> { months: 12 } (normalised), 'None' -> { months: 0 }.
 * - Ages: 'up to / through / to age N' -> max N, 'under (age) N' -> max N - 1, 'age N and over' / 'N+' -> min N.
 * - Two rows of one key that state different values: the first is kept and the other is a 'CONFLICTS' note in
 *   the entry, as the 271 mapping does.
 * Anything that is not read (an unknown label, an unreadable frequency) is kept as a caveat and in `notes`,
 * never dropped silently. A result that breaks the document rules throws (no half plan leaves this module).
 */
import {
  BENEFIT_YEARS,
  CATEGORY_KEY_PREFIX,
  categoryOfSubcategory,
  capYearlyFrequency,
  categoryOf,
  HistoryRecordV3,
  isKnownCode,
  isUsCalendarDate,
  normalizeCode,
  normalizeDuration,
  PatientV3,
  subcategoryOf,
  SUBCATEGORY_KEY_PREFIX,
  validatePlan,
  type AgeV3,
  type BenefitEntryV3,
  type BenefitYear,
  type Category,
  type CoverageStatus,
  type DurationUnit,
  type InternalWarning,
  type LimitationV3,
  type MappingInfoV3,
  type Participation,
  type PlanV3,
  type PortalBenefitRow,
  type PortalData,
  type Subcategory,
  type UnmappedHistoryRecordV3,
  type WaitingPeriodV3,
} from '@dv/contracts';
import { SCORE } from '../scoring/field-priority';
import { scorePlanCompleteness } from '../x12/plan-score';

export interface MapPortalOptions {
  readonly carrier: { readonly payerId: string; readonly name: string };
  readonly portalId: string;
  /** The plan's initiation date, and what a past termination date is compared with. */
  readonly today: Date;
}

export interface MappedPortalData {
  readonly plan: PlanV3;
  readonly patient: PatientV3;
  readonly warnings: readonly InternalWarning[];
  /** What the mapping could not place, in words. */
  readonly notes: readonly string[];
}

/** The portal's data broke a document rule the mapping cannot repair. */
export class PortalDataError extends Error {
  override readonly name = 'PortalDataError';
}

type Scored<T> = { value: T | null; score: number };
const stated = <T>(value: T): Scored<T> => ({ value, score: SCORE.stated });
const inferred = <T>(value: T | null): Scored<T> => ({ value, score: SCORE.inferred });

type Target = { key: string; category: Category; subcategory?: Subcategory; code?: string };

const category = (name: Category): Target => ({ key: `${CATEGORY_KEY_PREFIX}${name}`, category: name });
const subcategory = (name: Subcategory): Target => ({
  key: `${SUBCATEGORY_KEY_PREFIX}${name}`,
  category: categoryOfSubcategory(name),
  subcategory: name,
});

/**
 * Portal service labels (lower case, '&' and 'and' alike) and the adaCodes key each means; the keys are those
 * the 271 mapping uses for the same EB03 service types.
 */
export const PORTAL_SERVICE_LABELS: Readonly<Record<string, Target>> = {
  preventive: category('Preventative'),
  preventative: category('Preventative'),
  'diagnostic and preventive': category('Preventative'),
  'preventive and diagnostic': category('Preventative'),
  'routine preventive': category('Preventative'),
  cleanings: subcategory('Prophylaxis'),
  prophylaxis: subcategory('Prophylaxis'),
  diagnostic: subcategory('Diagnostic'),
  exams: subcategory('Exams'),
  'x-rays': subcategory('X-Ray'),
  'x-ray': subcategory('X-Ray'),
  radiographs: subcategory('X-Ray'),
  basic: subcategory('Restorative'),
  'basic restorative': subcategory('Restorative'),
  'basic services': subcategory('Restorative'),
  restorative: subcategory('Restorative'),
  fillings: subcategory('Restorative'),
  endodontics: subcategory('Endodontics'),
  'root canals': subcategory('Endodontics'),
  periodontics: subcategory('Periodontics'),
  'oral surgery': subcategory('Oral & Maxillofacial Surgery'),
  extractions: subcategory('Oral & Maxillofacial Surgery'),
  major: subcategory('Crowns'),
  'major restorative': subcategory('Crowns'),
  crowns: subcategory('Crowns'),
  prosthodontics: subcategory('Prosthodontics'),
  'prosthodontics (removable)': subcategory('Prosthodontics'),
  dentures: subcategory('Dentures'),
  bridges: subcategory('Bridges'),
  implants: subcategory('Implant Services'),
  'implant services': subcategory('Implant Services'),
  orthodontics: category('Orthodontics'),
  'adjunctive services': category('Adjunctive General Services'),
  'adjunctive general services': category('Adjunctive General Services'),
};

function labelKey(label: string): string {
  return label.trim().toLowerCase().replace(/\s*&\s*/g, ' and ').replace(/\s+/g, ' ');
}

function targetOf(row: PortalBenefitRow, notes: string[]): Target | undefined {
  if (row.procedureCode !== undefined) {
    const code = row.procedureCode.trim().toUpperCase();
    if (isKnownCode(code)) {
      const key = normalizeCode(code);
      const codeCategory = categoryOf(key);
      if (codeCategory !== 'unknown') {
        const codeSubcategory = subcategoryOf(key);
        return { key, category: codeCategory, ...(codeSubcategory === undefined ? {} : { subcategory: codeSubcategory }), code: key };
      }
    }
    notes.push(`Benefit row '${row.service}': procedure ${JSON.stringify(row.procedureCode)} is not a known ADA code`);
    return undefined;
  }
  return PORTAL_SERVICE_LABELS[labelKey(row.service)];
}

const UNITS: Readonly<Record<string, DurationUnit>> = {
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  wk: 'weeks',
  wks: 'weeks',
  month: 'months',
  months: 'months',
  mo: 'months',
  mos: 'months',
  year: 'years',
  years: 'years',
  yr: 'years',
  yrs: 'years',
};
const UNIT_PATTERN = '(days?|weeks?|wks?|months?|mos?|years?|yrs?)';
const BENEFIT_PERIOD = /^(?:calendar|benefit|plan|contract|policy)\s+year$|^year$/;
const FREQUENCY = /^(\d+)\s*(?:x|times?)?\s*(?:per|every|\/|each|in)\s*(.+)$/;

/** '2 per calendar year' / '1 per 6 months' / '1 per lifetime' -> a limitation; undefined when not readable. */
export function readFrequency(text: string): LimitationV3 | undefined {
  const match = FREQUENCY.exec(text.trim().toLowerCase().replace(/\s+/g, ' '));
  if (match === null) return undefined;
  const quantity = Number(match[1]);
  const period = (match[2] ?? '').trim().replace(/^an?\s+|^one\s+/, '');
  if (!(quantity > 0)) return undefined;
  if (BENEFIT_PERIOD.test(period)) return { quantity, frequency: 1, timePeriod: 'yr' };
  if (period === 'lifetime') return { quantity, frequency: capYearlyFrequency(Number.POSITIVE_INFINITY), timePeriod: 'yr' };
  const rolling = new RegExp(`^(\\d+)?\\s*${UNIT_PATTERN}$`).exec(period);
  const unit = rolling === null ? undefined : UNITS[rolling[2] ?? ''];
  if (rolling === null || unit === undefined) return undefined;
  const amount = rolling[1] === undefined ? 1 : Number(rolling[1]);
  if (!(amount > 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  if (normalized.unit === 'years') return { quantity, frequency: capYearlyFrequency(normalized.amount), timePeriod: 'yr' };
  if (normalized.unit === 'months') return { quantity, frequency: normalized.amount, timePeriod: 'mo' };
  const days = normalized.unit === 'weeks' ? normalized.amount * 7 : normalized.amount;
  return { quantity, frequency: days, timePeriod: 'd' };
}

/** '12 months' -> { months: 12 }; 'None' -> { months: 0 }; undefined when not readable. */
export function readWaitingPeriod(text: string): WaitingPeriodV3 | undefined {
  const words = text.trim().toLowerCase();
  if (/^(none|no waiting period|n\/a|waived|0)$/.test(words)) return { months: 0 };
  const match = new RegExp(`^(\\d+)\\s*-?\\s*${UNIT_PATTERN}$`).exec(words);
  if (match === null) return undefined;
  const unit = UNITS[match[2] ?? ''];
  const amount = Number(match[1]);
  if (unit === undefined || !(amount >= 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  return { [normalized.unit]: normalized.amount };
}

/** 'Up to age 19' -> { max: 19 }, 'Under 16' -> { max: 15 }, 'Age 16 and over' -> { min: 16 }. */
export function readAgeLimit(text: string): { min?: number; max?: number } | undefined {
  const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const under = /\bunder\s+(?:age\s+)?(\d{1,3})\b/.exec(words);
  if (under) return { max: Number(under[1]) - 1 };
  const through = /\b(?:up to|through|thru|to|until)\s+(?:age\s+)?(\d{1,3})\b/.exec(words);
  if (through) return { max: Number(through[1]) };
  const over = /\bages?\s+(\d{1,3})\s*(?:and\s+(?:over|older|up)|\+)|^(\d{1,3})\s*\+$/.exec(words);
  if (over) return { min: Number(over[1] ?? over[2]) };
  return undefined;
}

function ageOf(limit: { min?: number; max?: number }): AgeV3 | undefined {
  const inRange = (n: number | undefined) => n === undefined || (Number.isFinite(n) && n >= 0 && n <= 1000);
  if (!inRange(limit.min) || !inRange(limit.max)) return undefined;
  return {
    min: limit.min === undefined ? inferred(0) : stated(limit.min),
    max: limit.max === undefined ? inferred<number>(null) : stated(limit.max),
  };
}

function participationOf(network: string | undefined): Scored<Participation> {
  if (network === undefined) return inferred<Participation>('Not Sure');
  const words = network.toLowerCase();
  if (/out[ -]of[ -]network|non[ -]?participating|not in network/.test(words)) return stated<Participation>('Out Of Network');
  if (/premier/.test(words) && /ppo/.test(words)) return stated<Participation>('PPO+Premier');
  if (/premier/.test(words)) return stated<Participation>('Premier Only');
  if (/\bdppo\b/.test(words)) return stated<Participation>('DPPO');
  if (/in[ -]network|participating|\bppo\b/.test(words)) return stated<Participation>('In Network');
  return inferred<Participation>('Not Sure');
}

function benefitYearOf(period: string | undefined): Scored<BenefitYear> {
  if (period === undefined) return inferred<BenefitYear>(null);
  const words = period.toLowerCase();
  if (/calendar/.test(words)) return stated<BenefitYear>('january');
  const month = BENEFIT_YEARS.find((name) => words.includes(name));
  return month === undefined ? inferred<BenefitYear>(null) : stated(month);
}

function coverageOf(data: PortalData['patient'], today: Date): CoverageStatus {
  switch (data.eligibility) {
    case 'Active':
      return 'active';
    case 'Terminated':
      return 'terminated';
    case 'Inactive': {
      const end = data.terminationDate;
      if (end && isUsCalendarDate(end) && usDay(end) < Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) {
        return 'terminated';
      }
      return 'inactive';
    }
    case undefined:
      return 'unknown';
  }
}

function usDay(day: string): number {
  const [month, date, year] = day.split('/').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

type EntryDraft = {
  target: Target;
  values: Partial<Pick<BenefitEntryV3, 'benefitLevel' | 'deductible' | 'limitation' | 'waitingPeriod' | 'age'>>;
  caveats: string[];
  mappingInfo: MappingInfoV3[];
};

function setValue<K extends keyof EntryDraft['values']>(draft: EntryDraft, key: K, value: NonNullable<EntryDraft['values'][K]>, row: string): void {
  const current = draft.values[key];
  if (current === undefined) {
    draft.values[key] = value;
  } else if (!same(current, value)) {
    const shown = 'value' in value ? value.value : value;
    draft.mappingInfo.push({ message: 'CONFLICTS', path: key, detail: `portal row '${row}' also states ${JSON.stringify(shown)}` });
  }
}

function mapHistory(rows: PortalData['patient']['history']): { history: HistoryRecordV3[]; unmapped: UnmappedHistoryRecordV3[] } {
  const history: HistoryRecordV3[] = [];
  const unmapped: UnmappedHistoryRecordV3[] = [];
  for (const row of rows) {
    const code = row.procedureCode.trim().toUpperCase();
    const date = row.serviceDate.trim();
    if (!isKnownCode(code) || !isUsCalendarDate(date)) {
      unmapped.push({ originalBenefitKey: 'portal history', code: row.procedureCode, date: row.serviceDate, isWrongDate: !isUsCalendarDate(date) });
      continue;
    }
    const base: HistoryRecordV3 = { code: normalizeCode(code), date, ...(row.description ? { notes: row.description } : {}) };
    const tooth = row.tooth?.trim().toUpperCase();
    const withTooth = tooth ? { ...base, tooth: [tooth], ...(row.surfaces ? { surfaces: { [tooth]: row.surfaces.trim().toUpperCase() } } : {}) } : base;
    // A tooth or surface the document rules refuse stays in the notes rather than losing the visit.
    const record = HistoryRecordV3.safeParse(withTooth).success
      ? withTooth
      : { ...base, notes: [base.notes, tooth ? `tooth ${tooth}${row.surfaces ? ` ${row.surfaces}` : ''}` : undefined].filter(Boolean).join('; ') };
    if (!history.some((known) => known.code === record.code && known.date === record.date)) history.push(record);
  }
  return { history, unmapped };
}

export function mapPortalData(data: PortalData, options: MapPortalOptions): MappedPortalData {
  const notes: string[] = [];
  const planCaveats: string[] = [];
  const entries = new Map<string, EntryDraft>();
  const { plan: portalPlan, patient: portalPatient } = data;

  for (const row of portalPlan.benefits) {
    const target = targetOf(row, notes);
    const describe = [
      row.coveragePercent === undefined ? undefined : `${row.coveragePercent}%`,
      row.frequency,
      row.waitingPeriod === undefined ? undefined : `waiting period ${row.waitingPeriod}`,
      row.ageLimit,
      row.notes,
    ]
      .filter(Boolean)
      .join(', ');
    if (target === undefined) {
      if (row.procedureCode === undefined) notes.push(`Benefit row '${row.service}': no adaCodes key holds this service`);
      planCaveats.push(`${row.service}: ${describe}`);
      continue;
    }
    let draft = entries.get(target.key);
    if (draft === undefined) {
      draft = { target, values: {}, caveats: [], mappingInfo: [] };
      entries.set(target.key, draft);
    }
    if (row.coveragePercent !== undefined) setValue(draft, 'benefitLevel', stated(row.coveragePercent), row.service);
    if (row.deductibleApplies !== undefined) setValue(draft, 'deductible', stated(row.deductibleApplies), row.service);
    if (row.frequency !== undefined) {
      const limitation = readFrequency(row.frequency);
      if (limitation === undefined) {
        draft.caveats.push(`Frequency: ${row.frequency}`);
        notes.push(`Benefit row '${row.service}': frequency ${JSON.stringify(row.frequency)} not read`);
      } else {
        setValue(draft, 'limitation', stated(limitation), row.service);
      }
    }
    if (row.waitingPeriod !== undefined) {
      const waitingPeriod = readWaitingPeriod(row.waitingPeriod);
      if (waitingPeriod === undefined) draft.caveats.push(`Waiting period: ${row.waitingPeriod}`);
      else setValue(draft, 'waitingPeriod', stated(waitingPeriod), row.service);
    }
    if (row.ageLimit !== undefined) {
      const limit = readAgeLimit(row.ageLimit);
      const age = limit === undefined ? undefined : ageOf(limit);
      if (age === undefined) draft.caveats.push(`Age limit: ${row.ageLimit}`);
      else setValue(draft, 'age', age, row.service);
    }
    if (row.notes !== undefined && row.notes.trim() !== '') draft.caveats.push(row.notes.trim());
  }

  const adaCodes: Record<string, BenefitEntryV3> = {};
  for (const [key, draft] of [...entries.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const caveats = [...new Set(draft.caveats)];
    adaCodes[key] = {
      category: draft.target.category,
      ...(draft.target.subcategory === undefined ? {} : { subcategory: draft.target.subcategory }),
      ...(draft.target.code === undefined ? {} : { code: draft.target.code }),
      ...draft.values,
      ...(caveats.length === 0 ? {} : { caveat: caveats.map((value) => ({ value, score: SCORE.stated })) }),
      ...(draft.mappingInfo.length === 0 ? {} : { mappingInfo: draft.mappingInfo }),
    };
  }

  const deductible = {
    ...(portalPlan.deductible?.individual === undefined ? {} : { individual: stated(portalPlan.deductible.individual) }),
    ...(portalPlan.deductible?.family === undefined ? {} : { family: stated(portalPlan.deductible.family) }),
  };
  const age: NonNullable<PlanV3['benefits']['age']> = {};
  if (portalPlan.dependentAgeLimit !== undefined) age.dependent = ageOf({ max: portalPlan.dependentAgeLimit });
  if (portalPlan.studentAgeLimit !== undefined) age.student = ageOf({ max: portalPlan.studentAgeLimit });
  const groupNumber = portalPlan.groupNumber?.trim() || undefined;
  const employer = portalPlan.employer?.trim() || undefined;
  const planName = portalPlan.planName?.trim() || undefined;
  const metadata: PlanV3['planMetadata'] =
    planName === undefined
      ? undefined
      : /high\s*option/i.test(planName)
        ? { payerSpecificPlanType: { matchedValue: 'highOption', originalValue: planName } }
        : /standard/i.test(planName)
          ? { payerSpecificPlanType: { matchedValue: 'standard', originalValue: planName } }
          : undefined;

  const plan: PlanV3 = {
    score: 0,
    details: {
      benefitYear: benefitYearOf(portalPlan.benefitPeriod),
      planType: portalPlan.benefits.length > 0 ? stated('dental') : inferred('unknown'),
      participation: participationOf(portalPlan.network),
      initiationDate: stated(options.today.toISOString()),
    },
    payer: { id: options.carrier.payerId, name: options.carrier.name, typeOfVerification: 'portal' },
    sponsor: {
      sponsorName: employer === undefined ? inferred<string>(null) : stated(employer),
      sponsorType: employer === undefined ? inferred(null) : stated('Employer'),
      groupNumber: groupNumber === undefined ? inferred<string>(null) : stated(groupNumber),
      groupName: portalPlan.groupName?.trim() ? stated(portalPlan.groupName.trim()) : inferred<string>(null),
    },
    benefits: {
      ...(portalPlan.missingToothClause === undefined ? {} : { missingToothClause: stated(portalPlan.missingToothClause) }),
      ...(portalPlan.annualMaximum === undefined ? {} : { annualMax: stated(portalPlan.annualMaximum) }),
      ...(Object.keys(deductible).length === 0 ? {} : { deductible }),
      ...(Object.keys(age).length === 0 ? {} : { age }),
      adaCodes,
    },
    ...(planName === undefined ? {} : { planNotes: `Plan: ${planName}` }),
    ...(metadata === undefined ? {} : { planMetadata: metadata }),
    ...(planCaveats.length === 0 ? {} : { caveat: [...new Set(planCaveats)].map((value) => ({ value, score: SCORE.stated })) }),
    schemaVersion: 3,
  };

  const { history, unmapped } = mapHistory(portalPatient.history);
  const effectiveDate = portalPatient.effectiveDate?.trim();
  if (effectiveDate !== undefined && !isUsCalendarDate(effectiveDate)) notes.push(`Effective date ${JSON.stringify(effectiveDate)} is not MM/DD/YYYY`);
  const termination = portalPatient.terminationDate?.trim();
  const patient: PatientV3 = {
    ...(portalPatient.deductibleRemaining === undefined ? {} : { deductibleRemaining: stated(portalPatient.deductibleRemaining) }),
    ...(portalPatient.maximumRemaining === undefined ? {} : { insuranceRemaining: stated(portalPatient.maximumRemaining) }),
    ...(effectiveDate !== undefined && isUsCalendarDate(effectiveDate) ? { effectiveDate: stated(effectiveDate) } : {}),
    history,
    historyStatus: history.length === 0 ? (portalPatient.historyComplete ? 'None' : 'Unknown') : portalPatient.historyComplete ? 'Complete' : 'Partial',
    ...(unmapped.length === 0 ? {} : { unmappedHistory: unmapped }),
    coverageStatus: coverageOf(portalPatient, options.today),
    planEndDate: termination && isUsCalendarDate(termination) ? termination : null,
  };
  plan.score = scorePlanCompleteness(plan, patient);

  const warnings: InternalWarning[] = [];
  if ((portalPlan.otherPlans ?? []).length > 0) warnings.push('MULTIPLE_PLANS_FOUND');
  if (groupNumber === undefined) warnings.push('GROUP_NUMBER_MISSING');

  const planCheck = validatePlan(plan, 3);
  const patientCheck = PatientV3.safeParse(patient);
  if (!planCheck.ok || !patientCheck.success) {
    const problems = [
      ...(planCheck.ok ? [] : planCheck.errors.map((error) => `plan.${error.path}: ${error.message}`)),
      ...(patientCheck.success ? [] : patientCheck.error.issues.map((issue) => `patient.${issue.path.join('.')}: ${issue.message}`)),
    ];
    throw new PortalDataError(`The portal's data does not map to a valid plan: ${problems.join('; ')}`);
  }
  return { plan, patient, warnings, notes };
}
