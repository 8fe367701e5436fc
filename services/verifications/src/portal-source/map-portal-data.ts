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
  HistoryRecordV3,
  isKnownCode,
  normalizeCode,
  usDateToUtc,
  utcDayOf,
  utcMillisOf,
  isUsCalendarDate,
  type AgeV3,
  type BenefitEntryV3,
  type BenefitYear,
  type CoverageStatus,
  type InternalWarning,
  type PatientV3,
  type MappingInfoV3,
  type Participation,
  type PlanV3,
  type PortalBenefitRow,
  type PortalData,
  type UnmappedHistoryRecordV3,
} from '@dv/contracts';
import { documentProblems } from '../plans/document-problems';
import { SCORE } from '../scoring/field-priority';
import { scorePlanCompleteness } from '../scoring/plan-completeness';
import { targetOf, type Target } from './portal-service-labels';
import { readAgeLimit, readFrequency, readWaitingPeriod } from './portal-text';

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
      const end = data.terminationDate ? usDateToUtc(data.terminationDate) : undefined;
      return end !== undefined && end.getTime() < utcMillisOf(utcDayOf(today)) ? 'terminated' : 'inactive';
    }
    case undefined:
      return 'unknown';
  }
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

type PortalPlan = PortalData['plan'];
type PortalPatient = PortalData['patient'];

/** A benefit row in words, for the plan caveat of a row no adaCodes key holds. */
function describeRow(row: PortalBenefitRow): string {
  return [
    row.coveragePercent === undefined ? undefined : `${row.coveragePercent}%`,
    row.frequency,
    row.waitingPeriod === undefined ? undefined : `waiting period ${row.waitingPeriod}`,
    row.ageLimit,
    row.notes,
  ]
    .filter(Boolean)
    .join(', ');
}

/** One benefit row's values into its entry's draft; what is not read becomes a caveat (and a note). */
function mapRowValues(row: PortalBenefitRow, draft: EntryDraft, notes: string[]): void {
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

/** The benefit rows as adaCodes entries (sorted by key), and the plan caveats of rows no key holds. */
function mapBenefitRows(rows: readonly PortalBenefitRow[], notes: string[]): { adaCodes: Record<string, BenefitEntryV3>; planCaveats: string[] } {
  const planCaveats: string[] = [];
  const entries = new Map<string, EntryDraft>();
  for (const row of rows) {
    const target = targetOf(row, notes);
    if (target === undefined) {
      if (row.procedureCode === undefined) notes.push(`Benefit row '${row.service}': no adaCodes key holds this service`);
      planCaveats.push(`${row.service}: ${describeRow(row)}`);
      continue;
    }
    let draft = entries.get(target.key);
    if (draft === undefined) {
      draft = { target, values: {}, caveats: [], mappingInfo: [] };
      entries.set(target.key, draft);
    }
    mapRowValues(row, draft, notes);
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
  return { adaCodes, planCaveats };
}

const trimmed = (text: string | undefined): string | undefined => text?.trim() || undefined;

function planMetadataOf(planName: string | undefined): PlanV3['planMetadata'] {
  if (planName === undefined) return undefined;
  if (/high\s*option/i.test(planName)) return { payerSpecificPlanType: { matchedValue: 'highOption', originalValue: planName } };
  if (/standard/i.test(planName)) return { payerSpecificPlanType: { matchedValue: 'standard', originalValue: planName } };
  return undefined;
}

function planBenefits(portalPlan: PortalPlan, adaCodes: Record<string, BenefitEntryV3>): PlanV3['benefits'] {
  const deductible = {
    ...(portalPlan.deductible?.individual === undefined ? {} : { individual: stated(portalPlan.deductible.individual) }),
    ...(portalPlan.deductible?.family === undefined ? {} : { family: stated(portalPlan.deductible.family) }),
  };
  const age: NonNullable<PlanV3['benefits']['age']> = {};
  if (portalPlan.dependentAgeLimit !== undefined) age.dependent = ageOf({ max: portalPlan.dependentAgeLimit });
  if (portalPlan.studentAgeLimit !== undefined) age.student = ageOf({ max: portalPlan.studentAgeLimit });
  return {
    ...(portalPlan.missingToothClause === undefined ? {} : { missingToothClause: stated(portalPlan.missingToothClause) }),
    ...(portalPlan.annualMaximum === undefined ? {} : { annualMax: stated(portalPlan.annualMaximum) }),
    ...(Object.keys(deductible).length === 0 ? {} : { deductible }),
    ...(Object.keys(age).length === 0 ? {} : { age }),
    adaCodes,
  };
}

/** The plan, scored 0 until the caller scores it; every key in the order the documents have always had. */
function buildPlan(portalPlan: PortalPlan, rows: ReturnType<typeof mapBenefitRows>, options: MapPortalOptions): PlanV3 {
  const groupNumber = trimmed(portalPlan.groupNumber);
  const employer = trimmed(portalPlan.employer);
  const planName = trimmed(portalPlan.planName);
  const metadata = planMetadataOf(planName);
  return {
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
    benefits: planBenefits(portalPlan, rows.adaCodes),
    ...(planName === undefined ? {} : { planNotes: `Plan: ${planName}` }),
    ...(metadata === undefined ? {} : { planMetadata: metadata }),
    ...(rows.planCaveats.length === 0 ? {} : { caveat: [...new Set(rows.planCaveats)].map((value) => ({ value, score: SCORE.stated })) }),
    schemaVersion: 3,
  };
}

function buildPatient(portalPatient: PortalPatient, notes: string[], today: Date): PatientV3 {
  const { history, unmapped } = mapHistory(portalPatient.history);
  const effectiveDate = portalPatient.effectiveDate?.trim();
  if (effectiveDate !== undefined && !isUsCalendarDate(effectiveDate)) notes.push(`Effective date ${JSON.stringify(effectiveDate)} is not MM/DD/YYYY`);
  const termination = portalPatient.terminationDate?.trim();
  return {
    ...(portalPatient.deductibleRemaining === undefined ? {} : { deductibleRemaining: stated(portalPatient.deductibleRemaining) }),
    ...(portalPatient.maximumRemaining === undefined ? {} : { insuranceRemaining: stated(portalPatient.maximumRemaining) }),
    ...(effectiveDate !== undefined && isUsCalendarDate(effectiveDate) ? { effectiveDate: stated(effectiveDate) } : {}),
    history,
    historyStatus: history.length === 0 ? (portalPatient.historyComplete ? 'None' : 'Unknown') : portalPatient.historyComplete ? 'Complete' : 'Partial',
    ...(unmapped.length === 0 ? {} : { unmappedHistory: unmapped }),
    coverageStatus: coverageOf(portalPatient, today),
    planEndDate: termination && isUsCalendarDate(termination) ? termination : null,
  };
}

function warningsOf(portalPlan: PortalPlan): InternalWarning[] {
  const warnings: InternalWarning[] = [];
  if ((portalPlan.otherPlans ?? []).length > 0) warnings.push('MULTIPLE_PLANS_FOUND');
  if (trimmed(portalPlan.groupNumber) === undefined) warnings.push('GROUP_NUMBER_MISSING');
  return warnings;
}

function assertValidDocuments(plan: PlanV3, patient: PatientV3): void {
  const problems = documentProblems(plan, patient);
  if (problems.length > 0) throw new PortalDataError(`The portal's data does not map to a valid plan: ${problems.join('; ')}`);
}

export function mapPortalData(data: PortalData, options: MapPortalOptions): MappedPortalData {
  const notes: string[] = [];
  const plan = buildPlan(data.plan, mapBenefitRows(data.plan.benefits, notes), options);
  const patient = buildPatient(data.patient, notes, options.today);
  plan.score = scorePlanCompleteness(plan, patient);
  const warnings = warningsOf(data.plan);
  assertValidDocuments(plan, patient);
  return { plan, patient, warnings, notes };
}
