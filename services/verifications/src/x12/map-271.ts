/**
 * Maps a 271 eligibility answer into the version 3 plan and patient documents. README.md beside this file
 * states every mapping decision (network rows, waiting periods, scores, the plan score); the code follows it.
 *
 * The result is either `mapped` (a plan and a patient that validatePlan(plan, 3) and PatientV3 accept) or
 * `rejected` (the payer's AAA reasons, no plan). Malformed X12 throws `X12ParseError` before anything is mapped.
 */
import {
  BENEFIT_YEARS,
  isKnownCode,
  normalizeCode,
  PatientV3,
  validatePlan,
  categoryOf,
  subcategoryOf,
  type AgeV3,
  type BenefitEntryV3,
  type BenefitYear,
  type CaveatV3,
  type CoverageStatus,
  type HistoryRecordV3,
  type InternalWarning,
  type LimitationV3,
  type MappingInfoV3,
  type Participation,
  type PayerKey,
  type PlanV3,
  type UnmappedHistoryRecordV3,
  type WaitingPeriodV3,
} from '@dv/contracts';
import { invertsCoinsurance } from '../clearinghouse/carriers';
import { scoreDoubtedValues } from './deviation-scores';
import { deliveryOfBenefit, describeDelivery, describePeriod, readDelivery } from './frequency';
import { readMessage, unreadWords, type Found } from './message-text';
import { parse271, type BenefitLoop, type MemberLoop, type Parsed271, type X12RejectLoop } from './parse-271';
import { scorePlanCompleteness } from './plan-score';
import { dateRange, toUsDate, type X12DateValue, type X12Name, type X12Reference } from './readers';
import { FOLLOW_UP_ACTIONS, rejectReason } from './reject-reasons';
import { SCORE_INFERRED, SCORE_STATED } from './scores';
import { serviceTypeLabel, targetOfServiceType, type BenefitTarget } from './service-types';
import { COVERAGE_LEVELS, EB01_CODES } from './x12-dictionary';

export { SCORE_INFERRED, SCORE_STATED };

export type Map271Options = {
  /** The day of the mapping: the plan's initiation date, and what a past plan end date is compared with. */
  readonly today: Date;
  /** The carrier's payer key; its catalogue entry decides the coinsurance inversion when no flag is given. */
  readonly payerKey?: PayerKey;
  /** True when this payer's EB08 is the insurer's share rather than the patient's. */
  readonly invertCoinsurance?: boolean;
};

export type Rejection = {
  /** AAA03. */
  readonly code: string;
  readonly reason: string;
  readonly loop: X12RejectLoop;
  /** AAA01: the payer found the request well formed. */
  readonly validRequest: boolean;
  readonly followUp: { readonly code: string; readonly action: string } | undefined;
};

export type MemberSummary = {
  readonly memberId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly middleName: string | undefined;
  /** MM/DD/YYYY. */
  readonly dob: string | undefined;
  readonly gender: string | undefined;
  /** INS02 (18 self, 01 spouse, 19 child, 34 other adult) when the payer sent it. */
  readonly relationship: string | undefined;
  readonly address: string | undefined;
};

type Common = {
  readonly payer: { readonly id: string; readonly name: string } | undefined;
  readonly subscriber: MemberSummary | undefined;
  readonly dependent: MemberSummary | undefined;
  /** TRN02 the payer echoed from the 270 (the patient's level). */
  readonly traceNumber: string | undefined;
  /** What the mapping did not carry into the plan, in words (for support staff and logs; no decisions). */
  readonly notes: readonly string[];
};

export type Mapped271 = Common & {
  readonly status: 'mapped';
  readonly plan: PlanV3;
  readonly patient: PatientV3;
  readonly warnings: readonly InternalWarning[];
  readonly rejections: readonly [];
};

export type Rejected271 = Common & {
  readonly status: 'rejected';
  readonly plan: null;
  readonly rejections: readonly Rejection[];
  readonly warnings: readonly InternalWarning[];
};

export type Map271Result = Mapped271 | Rejected271;

type Scored<T> = { value: T | null; score: number };

type ExceptionDraft = { benefitLevel?: Scored<number>; limitation?: Scored<LimitationV3>; deductible?: Scored<boolean> };

type EntryValues = {
  benefitLevel?: Scored<number>;
  deductible?: Scored<boolean>;
  limitation?: Scored<LimitationV3>;
  waitingPeriod?: Scored<WaitingPeriodV3>;
  annualMax?: Scored<number>;
  lifetimeMaximum?: Scored<number>;
  appliesToAnnualMax?: Scored<boolean>;
  age?: AgeV3;
};

type EntryDraft = {
  target: BenefitTarget;
  values: EntryValues;
  exceptions: { child?: ExceptionDraft; dependent?: ExceptionDraft };
  caveats: string[];
  mappingInfo: MappingInfoV3[];
};

/** EB01 codes of active and inactive coverage. */
const ACTIVE = new Set(['1', '2', '3', '4', '5']);
const INACTIVE = new Set(['6', '7', '8']);
/** EB01 codes that carry a value for the plan (as opposed to status, descriptions or contacts). */
const VALUE_ROWS = new Set(['A', 'B', 'C', 'F', 'I']);
/** EB02 coverage levels that speak for the member alone. */
const MEMBER_LEVELS = new Set(['', 'IND', 'EMP']);
const EXCEPTION_OF_LEVEL: Readonly<Record<string, 'child' | 'dependent'>> = { CHD: 'child', DEP: 'dependent' };
/** EB06 (and HSD05) periods of a benefit year. */
const BENEFIT_YEAR_PERIODS = new Set(['', '22', '23', '25']);
const CALENDAR_YEAR = '23';
const REMAINING = '29';
const LIFETIME = '32';
const LIFETIME_REMAINING = '33';
/** Periods (EB06, HSD05) of counts about the patient: year to date, remaining, exceeded, not exceeded, lifetime remaining. */
const PATIENT_PERIODS = new Set(['24', REMAINING, '30', '31', LIFETIME_REMAINING]);
const LAST_VISIT = '304';
const GROUP_NUMBER = '6P';
const GROUP_OR_POLICY_NUMBER = '1L';

const scored = <T>(value: T | null, score: number = SCORE_STATED): Scored<T> => ({ value, score });
const money = (amount: number): string => `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function describeMember(member: MemberLoop): MemberSummary {
  const { name, demographics, address } = member;
  return {
    memberId: name.id,
    firstName: name.first,
    lastName: name.last,
    middleName: name.middle === '' ? undefined : name.middle,
    dob: demographics === undefined ? undefined : toUsDate(demographics.dob),
    gender: demographics?.gender === '' ? undefined : demographics?.gender,
    relationship: member.relationship,
    address:
      address === undefined
        ? undefined
        : [...address.lines, [[address.city, address.state].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  };
}

function toRejection(reject: Parsed271['rejections'][number]): Rejection {
  const action = FOLLOW_UP_ACTIONS[reject.followUpCode];
  return {
    code: reject.reasonCode,
    reason: rejectReason(reject.reasonCode),
    loop: reject.loop,
    validRequest: reject.validRequest,
    followUp: action === undefined ? undefined : { code: reject.followUpCode, action },
  };
}

/** Everything one mapping run collects before the documents are assembled. */
class PlanDraft {
  readonly entries = new Map<string, EntryDraft>();
  readonly planCaveats: string[] = [];
  /**
   * What the 271 says about this patient alone that no patient field holds (family and lifetime remaining
   * amounts, visits left): the patient's note. Never a plan caveat, since the plan is shared by the group.
   */
  readonly patientNotes: string[] = [];
  readonly notes: string[] = [];
  readonly benefitsMappingInfo: MappingInfoV3[] = [];
  /** Conflicts of patient-level fields, under 'patient.' paths as the merge records them. */
  readonly patientMappingInfo: MappingInfoV3[] = [];
  annualMax?: Scored<number>;
  deductibleIndividual?: Scored<number>;
  deductibleFamily?: Scored<number>;
  deductibleRemaining?: Scored<number>;
  insuranceRemaining?: Scored<number>;
  missingToothClause?: Scored<boolean>;
  participation?: Participation;
  age: { child?: AgeV3; student?: AgeV3; dependent?: AgeV3 } = {};
  history: HistoryRecordV3[] = [];
  unmappedHistory: UnmappedHistoryRecordV3[] = [];
  /** An amount (EB06 23) is per calendar year. */
  calendarYearAmounts = false;
  /** A frequency (HSD05 or EB06 23) is per calendar year: weaker, carriers say 'calendar year' loosely there. */
  calendarYearFrequencies = false;

  entry(target: BenefitTarget): EntryDraft {
    let draft = this.entries.get(target.key);
    if (draft === undefined) {
      draft = { target, values: {}, exceptions: {}, caveats: [], mappingInfo: [] };
      this.entries.set(target.key, draft);
    }
    return draft;
  }

  /** Sets a plan-wide value once; a later different value is a conflict kept in the benefits' mapping info. */
  setPlan<K extends 'annualMax' | 'deductibleIndividual' | 'deductibleFamily' | 'deductibleRemaining' | 'insuranceRemaining'>(
    key: K,
    value: number,
    path: string,
    where: string,
  ): void {
    const current = this[key];
    if (current === undefined) {
      this[key] = scored(value);
    } else if (!same(current.value, value)) {
      const info: MappingInfoV3 = { message: 'CONFLICTS', path, detail: `${where} also states ${value}` };
      if (key === 'deductibleRemaining' || key === 'insuranceRemaining') this.patientMappingInfo.push({ ...info, path: `patient.${path}` });
      else this.benefitsMappingInfo.push(info);
    }
  }
}

function setEntryValue<K extends keyof EntryValues>(draft: EntryDraft, key: K, value: NonNullable<EntryValues[K]>, where: string): void {
  const current = draft.values[key];
  if (current === undefined) {
    draft.values[key] = value;
    return;
  }
  if (!same(current, value)) {
    draft.mappingInfo.push({ message: 'CONFLICTS', path: key, detail: `${where} also states ${JSON.stringify(valueOf(value))}` });
  }
}

function valueOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'value' in value ? value.value : value;
}

function setExceptionValue<K extends keyof ExceptionDraft>(
  draft: EntryDraft,
  who: 'child' | 'dependent',
  key: K,
  value: NonNullable<ExceptionDraft[K]>,
  where: string,
): void {
  const exception = (draft.exceptions[who] ??= {});
  const current = exception[key];
  if (current === undefined) {
    exception[key] = value;
  } else if (!same(current, value)) {
    draft.mappingInfo.push({ message: 'CONFLICTS', path: `exceptions.${who}.${key}`, detail: `${where} also states ${JSON.stringify(value.value)}` });
  }
}

/** What one EB row is about: the plan as a whole, adaCodes targets, and service types no key holds. */
type RowScope = { plan: boolean; targets: BenefitTarget[]; unmapped: string[] };

function scopeOf(loop: BenefitLoop, notes: string[]): RowScope {
  const { benefit } = loop;
  if (benefit.procedure !== undefined) {
    const { qualifier, code } = benefit.procedure;
    if (qualifier === 'AD' && isKnownCode(code)) {
      const key = normalizeCode(code);
      const category = categoryOf(key);
      const subcategory = subcategoryOf(key);
      if (category !== 'unknown') {
        return { plan: false, targets: [{ key, category, ...(subcategory === undefined ? {} : { subcategory }), code: key }], unmapped: [] };
      }
    }
    notes.push(`EB at segment ${benefit.segmentIndex + 1}: procedure ${qualifier}:${code} is not a known ADA code; row skipped`);
    return { plan: false, targets: [], unmapped: [] };
  }
  if (benefit.serviceTypes.length === 0) return { plan: true, targets: [], unmapped: [] };
  const scope: RowScope = { plan: false, targets: [], unmapped: [] };
  for (const serviceType of benefit.serviceTypes) {
    const target = targetOfServiceType(serviceType);
    if (target === 'plan') scope.plan = true;
    else if (target === undefined) scope.unmapped.push(serviceTypeLabel(serviceType));
    else scope.targets.push(target);
  }
  return scope;
}

function addCaveat(draft: PlanDraft, scope: RowScope, text: string): void {
  if (scope.targets.length > 0) {
    for (const target of scope.targets) draft.entry(target).caveats.push(text);
  } else {
    const subject = scope.unmapped.length > 0 ? `${scope.unmapped.join(', ')}: ` : '';
    draft.planCaveats.push(`${subject}${text}`);
  }
}

/** A fact about this patient alone (an amount or visits left): a line of the patient's note, named by its services. */
function addPatientNote(draft: PlanDraft, scope: RowScope, text: string): void {
  const subjects = scope.targets.length > 0 ? scope.targets.map((target) => target.key) : scope.unmapped;
  draft.patientNotes.push(subjects.length > 0 ? `${subjects.join(', ')}: ${text}` : text);
}

function ageOf(min: number | undefined, max: number | undefined): AgeV3 | undefined {
  const valid = (n: number | undefined): boolean => n === undefined || (Number.isFinite(n) && n >= 0 && n <= 1000);
  if ((min === undefined && max === undefined) || !valid(min) || !valid(max)) return undefined;
  return {
    min: min === undefined ? scored(0, SCORE_INFERRED) : scored(min),
    max: max === undefined ? scored<number>(null, SCORE_INFERRED) : scored(max),
  };
}

function describePercent(level: number): string {
  return `plan pays ${level}%`;
}

/** Rows the payer marks out of network (EB12 N), unless out-of-network rows are all the 271 has. */
function isOutOfNetwork(loop: BenefitLoop, outOfNetworkOnly: boolean): boolean {
  return loop.benefit.network === 'N' && !outOfNetworkOnly;
}

type RowContext = { draft: PlanDraft; invert: boolean; outOfNetworkOnly: boolean };

function mapCoinsurance(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  if (benefit.percent === undefined) {
    ctx.draft.notes.push(`${where}: co-insurance without EB08 percent; skipped`);
    return;
  }
  const fraction = benefit.percent > 1 ? benefit.percent / 100 : benefit.percent;
  const level = round2(ctx.invert ? fraction * 100 : 100 - fraction * 100);
  if (!(level >= 0 && level <= 100)) {
    ctx.draft.notes.push(`${where}: co-insurance ${benefit.percent} is not a share; skipped`);
    return;
  }
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    addCaveat(ctx.draft, scope, `Out of network: ${describePercent(level)}`);
    return;
  }
  if (scope.targets.length === 0) {
    addCaveat(ctx.draft, scope, `${scope.plan ? 'Dental care co-insurance' : 'Co-insurance'}: ${describePercent(level)}`);
    return;
  }
  const exception = EXCEPTION_OF_LEVEL[benefit.coverageLevel];
  for (const target of scope.targets) {
    const entry = ctx.draft.entry(target);
    if (exception !== undefined) setExceptionValue(entry, exception, 'benefitLevel', scored(level), where);
    else if (MEMBER_LEVELS.has(benefit.coverageLevel)) setEntryValue(entry, 'benefitLevel', scored(level), where);
    else ctx.draft.notes.push(`${where}: co-insurance for coverage level ${benefit.coverageLevel}; skipped`);
  }
}

function mapDeductible(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const { draft } = ctx;
  if (benefit.amount === undefined || benefit.amount < 0) {
    draft.notes.push(`${where}: deductible without an EB07 amount; skipped`);
    return;
  }
  const amount = benefit.amount;
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    const who = benefit.coverageLevel === 'FAM' ? 'family' : 'individual';
    if (benefit.period === REMAINING) addPatientNote(draft, scope, `Out of network: ${who} deductible remaining ${money(amount)}`);
    else addCaveat(draft, scope, `Out of network: ${who} deductible ${money(amount)}`);
    return;
  }
  if (benefit.period === REMAINING && (scope.targets.length > 0 || scope.unmapped.length > 0)) {
    addPatientNote(draft, scope, `Deductible remaining: ${money(amount)}`);
  }
  if (benefit.period === REMAINING && !scope.plan) return;
  for (const target of scope.targets) {
    if (benefit.period !== REMAINING) setEntryValue(draft.entry(target), 'deductible', scored(amount > 0), where);
  }
  if (!scope.plan) return;
  const family = benefit.coverageLevel === 'FAM';
  if (!family && !MEMBER_LEVELS.has(benefit.coverageLevel)) {
    draft.notes.push(`${where}: deductible for coverage level ${benefit.coverageLevel}; skipped`);
  } else if (benefit.period === REMAINING) {
    if (family) draft.patientNotes.push(`Family deductible remaining: ${money(amount)}`);
    else draft.setPlan('deductibleRemaining', amount, 'deductibleRemaining', where);
  } else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) {
    draft.setPlan(family ? 'deductibleFamily' : 'deductibleIndividual', amount, `deductible.${family ? 'family' : 'individual'}`, where);
  } else if (benefit.period === LIFETIME) {
    draft.planCaveats.push(`Lifetime deductible (${family ? 'family' : 'individual'}): ${money(amount)}`);
  } else {
    draft.notes.push(`${where}: deductible for period ${benefit.period || 'none'}; skipped`);
  }
}

function mapMaximum(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const { draft } = ctx;
  if (benefit.amount === undefined) return;
  const amount = benefit.amount;
  if (amount < 0) {
    draft.notes.push(`${where}: negative maximum; skipped`);
    return;
  }
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    if (benefit.period === REMAINING || benefit.period === LIFETIME_REMAINING) {
      addPatientNote(draft, scope, `Out of network: ${benefit.period === REMAINING ? 'maximum' : 'lifetime maximum'} remaining ${money(amount)}`);
    } else {
      addCaveat(draft, scope, `Out of network: ${benefit.period === LIFETIME ? 'lifetime maximum' : 'annual maximum'} ${money(amount)}`);
    }
    return;
  }
  const remaining = benefit.period === REMAINING || benefit.period === LIFETIME_REMAINING;
  if (remaining && (scope.targets.length > 0 || scope.unmapped.length > 0)) {
    addPatientNote(draft, scope, `${benefit.period === REMAINING ? 'Maximum' : 'Lifetime maximum'} remaining: ${money(amount)}`);
  }
  if (remaining && !scope.plan) return;
  const family = benefit.coverageLevel === 'FAM';
  for (const target of scope.targets) {
    const entry = draft.entry(target);
    if (benefit.period === LIFETIME) setEntryValue(entry, 'lifetimeMaximum', scored(amount), where);
    else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) setEntryValue(entry, 'annualMax', scored(amount), where);
  }
  if (!remaining && scope.targets.length === 0 && scope.unmapped.length > 0) addCaveat(draft, scope, `Maximum: ${money(amount)}`);
  if (!scope.plan) return;
  if (benefit.period === REMAINING) {
    if (family) draft.patientNotes.push(`Family maximum remaining: ${money(amount)}`);
    else draft.setPlan('insuranceRemaining', amount, 'insuranceRemaining', where);
  } else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) {
    if (family) draft.planCaveats.push(`Family annual maximum: ${money(amount)}`);
    else draft.setPlan('annualMax', amount, 'annualMax', where);
  } else if (benefit.period === LIFETIME) {
    draft.planCaveats.push(`Lifetime maximum: ${money(amount)}`);
  } else if (benefit.period === LIFETIME_REMAINING) {
    draft.patientNotes.push(`Lifetime maximum remaining: ${money(amount)}`);
  } else {
    draft.notes.push(`${where}: maximum for period ${benefit.period}; skipped`);
  }
}

/** EB09 qualifiers mapRow reads elsewhere (ages) or here (counted services, quantity used). */
const AGE_QUALIFIERS = new Set(['S7', 'S8']);
const QUANTITY_USED = '99';

/**
 * Frequencies: the row's own (EB09 VS, EB10 per EB06) and its HSDs. The row's own and the first HSD are the
 * limitation (a disagreement between them is a conflict); a further HSD, a text that is no frequency and an
 * out-of-network one are caveats; counts of this patient (remaining, used) are the patient note.
 */
function mapFrequencies(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const own = deliveryOfBenefit(benefit);
  if (benefit.quantityQualifier === QUANTITY_USED && benefit.quantity !== undefined) {
    const period = describePeriod(benefit.period);
    addPatientNote(ctx.draft, scope, `Used: ${benefit.quantity}${period === '' ? '' : ` (${period})`}`);
  } else if (own === undefined && benefit.quantityQualifier !== '' && !AGE_QUALIFIERS.has(benefit.quantityQualifier)) {
    ctx.draft.notes.push(`${where}: quantity ${benefit.quantity ?? ''} with EB09 ${benefit.quantityQualifier} is not mapped`);
  }
  const deliveries = [...(own === undefined ? [] : [{ hsd: own, first: true }]), ...loop.deliveries.map((hsd, index) => ({ hsd, first: index === 0 }))];
  if (deliveries.length === 0) return;
  const outOfNetwork = isOutOfNetwork(loop, ctx.outOfNetworkOnly);
  const exception = EXCEPTION_OF_LEVEL[benefit.coverageLevel];
  // A family's (or another group's) frequency is shared by its members: not the patient's own limitation.
  const group = exception === undefined && !MEMBER_LEVELS.has(benefit.coverageLevel) ? coverageLevelLabel(benefit.coverageLevel) : undefined;
  for (const { hsd, first } of deliveries) {
    if (hsd.periodQualifier === CALENDAR_YEAR) ctx.draft.calendarYearFrequencies = true;
    const reading = readDelivery(hsd);
    const prefix = `${outOfNetwork ? 'Out of network: ' : ''}${group === undefined ? '' : `${group}: `}`;
    if (PATIENT_PERIODS.has(hsd.periodQualifier)) {
      // Visits left, used or exceeded are this patient's count, not the plan's rule.
      addPatientNote(ctx.draft, scope, `${prefix}Frequency: ${describeDelivery(hsd)}`);
      continue;
    }
    if ('text' in reading || outOfNetwork || group !== undefined || scope.targets.length === 0 || !first) {
      addCaveat(ctx.draft, scope, `${prefix}Frequency: ${describeDelivery(hsd)}`);
      continue;
    }
    for (const target of scope.targets) {
      const entry = ctx.draft.entry(target);
      if (exception !== undefined) setExceptionValue(entry, exception, 'limitation', scored(reading.limitation), where);
      else setEntryValue(entry, 'limitation', scored(reading.limitation), where);
    }
  }
}

/** EB01 codes about this member rather than the plan (another payer, an assigned provider, a lost card ...). */
const MEMBER_INFO = new Set(['L', 'MC', 'N', 'R', 'S', 'T', 'U', 'V', 'W', 'X']);

const coverageLevelLabel = (level: string): string => COVERAGE_LEVELS[level] ?? `Coverage level ${level}`;

const describeEntity = (name: X12Name): string =>
  [[name.first, name.last].filter(Boolean).join(' '), name.id === '' ? '' : `(${name.idQualifier} ${name.id})`].filter(Boolean).join(' ');

/** An EB row the plan has no field for, in words: 'Other or additional payer: METLIFE (PI 65978)'. */
function describeRow(loop: BenefitLoop): string {
  const { benefit } = loop;
  const details = [
    ...loop.relatedEntities.map(describeEntity),
    benefit.planDescription,
    benefit.amount === undefined ? '' : money(benefit.amount),
    benefit.percent === undefined ? '' : `${round2(benefit.percent > 1 ? benefit.percent : benefit.percent * 100)}%`,
    benefit.quantity === undefined ? '' : `${benefit.quantity} (${benefit.quantityQualifier})`,
    describePeriod(benefit.period),
  ].filter((part) => part !== '');
  const label = EB01_CODES[benefit.info] ?? `EB01 ${benefit.info}`;
  return details.length === 0 ? label : `${label}: ${details.join(', ')}`;
}

/** A row about this member: the row and its messages are lines of the patient note, nothing of the plan. */
function mapMemberRow(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  addPatientNote(ctx.draft, scope, describeRow(loop));
  for (const message of loop.messages) addPatientNote(ctx.draft, scope, message);
  ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} is about the member; kept in the patient note`);
}

/** A row of a kind the plan has no field for: a caveat (the patient note when it is a count of the patient's). */
function mapOtherRow(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const text = describeRow(loop);
  if (PATIENT_PERIODS.has(loop.benefit.period)) {
    addPatientNote(ctx.draft, scope, text);
    ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} has no plan field; kept in the patient note`);
  } else {
    addCaveat(ctx.draft, scope, text);
    ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} has no plan field; kept as a caveat`);
  }
}

const describeAge = (age: AgeV3): string => JSON.stringify({ min: age.min.value, max: age.max.value });

/**
 * Two statements of one age limit: an S8 row (minimum) and an S7 row (maximum) make one range; a side only one
 * states is taken from it. Undefined when both state a side differently, or the range is empty.
 */
function combineAges(current: AgeV3, next: AgeV3): AgeV3 | undefined {
  const side = (a: Scored<number>, b: Scored<number>): Scored<number> | undefined => {
    if (a.score === SCORE_INFERRED) return b.score === SCORE_INFERRED ? a : b;
    if (b.score === SCORE_INFERRED || same(a, b)) return a;
    return undefined;
  };
  const min = side(current.min, next.min);
  const max = side(current.max, next.max);
  if (min === undefined || max === undefined) return undefined;
  if (min.value !== null && max.value !== null && min.value > max.value) return undefined;
  return { min, max };
}

function setAge(draft: EntryDraft, age: AgeV3, where: string): void {
  const current = draft.values.age;
  const combined = current === undefined ? age : combineAges(current, age);
  if (combined === undefined) draft.mappingInfo.push({ message: 'CONFLICTS', path: 'age', detail: `${where} also states ${describeAge(age)}` });
  else draft.values.age = combined;
}

function mapAges(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const high = benefit.quantityQualifier === 'S7' ? benefit.quantity : undefined;
  const low = benefit.quantityQualifier === 'S8' ? benefit.quantity : undefined;
  if (high === undefined && low === undefined) return;
  const age = ageOf(low, high);
  if (age === undefined) {
    ctx.draft.notes.push(`${where}: age ${benefit.quantity} is out of range; skipped`);
    return;
  }
  for (const target of scope.targets) setAge(ctx.draft.entry(target), age, where);
  if (scope.plan) {
    const who = EXCEPTION_OF_LEVEL[benefit.coverageLevel];
    if (who !== undefined) {
      const current = ctx.draft.age[who];
      const combined = current === undefined ? age : combineAges(current, age);
      if (combined === undefined) ctx.draft.benefitsMappingInfo.push({ message: 'CONFLICTS', path: `age.${who}`, detail: `${where} also states ${describeAge(age)}` });
      else ctx.draft.age[who] = combined;
    } else ctx.draft.planCaveats.push(`Age limit: ${high === undefined ? `from ${low}` : `to ${high}`}`);
  }
}

/** The words naming what a row is about ('Prosthodontics', 'Crowns', 'D0120'): a message restating them says no more. */
function subjectWordsOf(loop: BenefitLoop, scope: RowScope): Set<string> {
  const names = [
    ...loop.benefit.serviceTypes.map(serviceTypeLabel),
    ...scope.targets.flatMap((target) => [target.category, target.subcategory ?? '', target.code ?? '']),
  ];
  return new Set(names.flatMap((name) => name.toUpperCase().match(/[A-Z0-9]+/g) ?? []));
}

/**
 * MSG texts: plan-wide statements, then statements about the row's services. A message the statements do not
 * say whole (nothing read, or words left that no field holds) is kept as a caveat in full, so that 'SEALANTS
 * COVERED THROUGH AGE 15 ON PERMANENT MOLARS' is an age limit and still says 'on permanent molars'.
 */
function mapMessages(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string, isHistory: boolean): void {
  const { draft } = ctx;
  const outOfNetwork = isOutOfNetwork(loop, ctx.outOfNetworkOnly);
  const subjectWords = subjectWordsOf(loop, scope);
  for (const message of loop.messages) {
    const reading = readMessage(message);
    const used: Found<unknown>[] = [];
    const { missingToothClause, participation, studentAge } = reading;
    if (missingToothClause !== undefined) {
      draft.missingToothClause ??= scored(missingToothClause.value);
      used.push(missingToothClause);
    }
    if (participation !== undefined) {
      draft.participation ??= participation.value;
      used.push(participation);
    }
    if (studentAge !== undefined) {
      const age = ageOf(undefined, studentAge.value);
      if (age !== undefined) draft.age.student ??= age;
      used.push(studentAge);
    }
    if (scope.targets.length > 0 && !outOfNetwork) {
      const { waitingPeriod, deductibleApplies, appliesToAnnualMax, age } = reading;
      const entryAge = age === undefined ? undefined : ageOf(age.value.min, age.value.max);
      // Only a statement makes an entry: a history row's code without one is the patient's, not the plan's.
      const states = [waitingPeriod, deductibleApplies, appliesToAnnualMax, entryAge].some((value) => value !== undefined);
      for (const target of states ? scope.targets : []) {
        const entry = draft.entry(target);
        if (waitingPeriod !== undefined) setEntryValue(entry, 'waitingPeriod', scored(waitingPeriod.value), where);
        if (deductibleApplies !== undefined) setEntryValue(entry, 'deductible', scored(deductibleApplies.value), where);
        if (appliesToAnnualMax !== undefined) setEntryValue(entry, 'appliesToAnnualMax', scored(appliesToAnnualMax.value), where);
        if (entryAge !== undefined) setAge(entry, entryAge, where);
      }
      used.push(...[waitingPeriod, deductibleApplies, appliesToAnnualMax, entryAge === undefined ? undefined : age].filter((found) => found !== undefined));
    }
    if (isHistory) continue;
    if (used.length === 0 || unreadWords(reading.text, used, subjectWords).length > 0) {
      addCaveat(draft, scope, outOfNetwork ? `Out of network: ${message}` : message);
    }
  }
}

/** DTP*304 (latest visit) after an EB: a history record when the row names a procedure code. */
function mapHistory(loop: BenefitLoop, scope: RowScope, draft: PlanDraft): boolean {
  const visits = loop.dates.filter((date) => date.qualifier === LAST_VISIT);
  if (visits.length === 0) return false;
  const target = scope.targets[0];
  const notes = loop.messages.join(' ').trim();
  for (const visit of visits) {
    const raw = dateRange(visit).start;
    const date = toUsDate(raw);
    const code = target?.code;
    if (code !== undefined && date !== undefined) {
      if (!draft.history.some((record) => record.code === code && record.date === date)) {
        draft.history.push({ code, date, ...(notes === '' ? {} : { notes }) });
      }
      continue;
    }
    const procedure = loop.benefit.procedure;
    draft.unmappedHistory.push({
      originalBenefitKey: target?.key ?? (loop.benefit.serviceTypes.map((type) => `EB03:${type}`).join(',') || 'EB'),
      code: code ?? (procedure === undefined ? '' : `${procedure.qualifier}:${procedure.code}`),
      date: date ?? raw,
      isWrongDate: date === undefined,
    });
  }
  return true;
}

function mapRow(loop: BenefitLoop, ctx: RowContext): void {
  const { benefit } = loop;
  const where = `EB at segment ${benefit.segmentIndex + 1}`;
  const scope = scopeOf(loop, ctx.draft.notes);
  if (benefit.procedure !== undefined && scope.targets.length === 0) {
    mapHistory(loop, scope, ctx.draft);
    return;
  }
  const isHistory = mapHistory(loop, scope, ctx.draft);
  if (benefit.period === CALENDAR_YEAR && (benefit.info === 'C' || benefit.info === 'F') && benefit.amount !== undefined) {
    ctx.draft.calendarYearAmounts = true;
  }
  switch (benefit.info) {
    case 'A':
      mapCoinsurance(loop, scope, ctx, where);
      break;
    case 'B':
      if (benefit.amount !== undefined) addCaveat(ctx.draft, scope, `${isOutOfNetwork(loop, ctx.outOfNetworkOnly) ? 'Out of network: ' : ''}Co-payment ${money(benefit.amount)}`);
      break;
    case 'C':
      mapDeductible(loop, scope, ctx, where);
      break;
    case 'F':
      mapMaximum(loop, scope, ctx, where);
      break;
    case 'I':
      if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) addCaveat(ctx.draft, scope, 'Out of network: not covered');
      else if (scope.targets.length > 0) for (const target of scope.targets) setEntryValue(ctx.draft.entry(target), 'benefitLevel', scored(0), where);
      else addCaveat(ctx.draft, scope, 'Not covered');
      break;
    case 'E':
      addCaveat(ctx.draft, scope, 'Exclusion');
      break;
    case 'D':
      // A benefit description: what it says is in its quantities and messages, read below.
      break;
    default:
      if (ACTIVE.has(benefit.info) || INACTIVE.has(benefit.info)) break;
      if (MEMBER_INFO.has(benefit.info)) {
        mapMemberRow(loop, scope, ctx, where);
        return;
      }
      mapOtherRow(loop, scope, ctx, where);
  }
  mapFrequencies(loop, scope, ctx, where);
  mapAges(loop, scope, ctx, where);
  mapMessages(loop, scope, ctx, where, isHistory);
}

function firstDate(dates: readonly X12DateValue[], qualifier: string, part: 'start' | 'end', notes: string[]): string | undefined {
  for (const date of dates) {
    if (date.qualifier !== qualifier) continue;
    const raw = dateRange(date)[part];
    if (raw === undefined) continue;
    const day = toUsDate(raw);
    if (day !== undefined) return day;
    notes.push(`DTP*${qualifier} ${JSON.stringify(date.value)} is not a date; skipped`);
  }
  return undefined;
}

function usDateToUtc(day: string): number {
  const [month = 0, date = 0, year = 0] = day.split('/').map(Number);
  return Date.UTC(year, month - 1, date);
}

const monthOf = (day: string): BenefitYear => BENEFIT_YEARS[Number(day.slice(0, 2)) - 1]!;
/** A plan begin date this long before the mapping is no longer the current benefit year's start. */
const CURRENT_PLAN_YEAR_MS = 366 * 86_400_000;

/**
 * The month the benefit year starts, from the strongest evidence the 271 has:
 * 1. the plan period (DTP*291 as a range): the benefit year itself;
 * 2. amounts per calendar year (EB06 23 on deductibles and maximums): January;
 * 3. a plan begin date (DTP*346, or DTP*291 as one day) less than a year old: the current plan year's start;
 * 4. frequencies per calendar year (HSD05 23): January;
 * 5. an older plan begin date, often the original enrolment years ago: its month, inferred;
 * 6. the member's eligibility begin: its month, inferred.
 * The mapping info names the evidence without the member's dates (the plan is shared by the group's patients).
 */
function benefitYearOf({
  dates,
  draft,
  eligibilityBegin,
  today,
}: {
  dates: readonly X12DateValue[];
  draft: PlanDraft;
  eligibilityBegin: string | undefined;
  today: Date;
}): { benefitYear: Scored<BenefitYear>; info: MappingInfoV3 } | undefined {
  const fromPlan = (value: BenefitYear, detail: string, score = SCORE_STATED) => ({
    benefitYear: scored(value, score),
    info: { message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail } satisfies MappingInfoV3,
  });
  const period = dates.find((date) => date.qualifier === '291' && date.format === 'RD8' && toUsDate(dateRange(date).start) !== undefined);
  const periodStart = period === undefined ? undefined : toUsDate(dateRange(period).start);
  const planBegin = firstDate(dates, '346', 'start', []);
  const begin = planBegin ?? firstDate(dates.filter((date) => date.format === 'D8'), '291', 'start', []);
  const beginLabel = `plan begin (DTP*${planBegin === undefined ? '291' : '346'})`;
  const beginIsCurrent = begin !== undefined && today.getTime() - usDateToUtc(begin) < CURRENT_PLAN_YEAR_MS;
  const overruled = (by: string) => {
    if (begin !== undefined && monthOf(begin) !== 'january') {
      draft.notes.push(`Benefit year: ${by} outrank the ${beginLabel} in ${monthOf(begin)}`);
    }
  };
  if (periodStart !== undefined) return fromPlan(monthOf(periodStart), `plan period (DTP*291) begins in ${monthOf(periodStart)}`);
  if (draft.calendarYearAmounts) {
    overruled('amounts per calendar year');
    return fromPlan('january', 'calendar year (amounts with EB06 23)');
  }
  if (begin !== undefined && beginIsCurrent) return fromPlan(monthOf(begin), `${beginLabel} in ${monthOf(begin)}`);
  if (draft.calendarYearFrequencies) {
    overruled('frequencies per calendar year');
    return fromPlan('january', 'calendar year (frequencies with HSD05 23)');
  }
  if (begin !== undefined) {
    return fromPlan(monthOf(begin), `${beginLabel} in ${monthOf(begin)}, more than a year ago`, SCORE_INFERRED);
  }
  if (eligibilityBegin !== undefined) {
    return {
      benefitYear: scored(monthOf(eligibilityBegin), SCORE_INFERRED),
      info: { message: 'BENEFIT_YEAR_FROM_ELIGIBILITY', path: 'benefitYear', detail: `eligibility begin in ${monthOf(eligibilityBegin)}` },
    };
  }
  return undefined;
}

function groupNumbers(references: readonly X12Reference[]): X12Reference[] {
  const groups = references.filter((reference) => reference.qualifier === GROUP_NUMBER && reference.value !== '');
  return groups.length > 0 ? groups : references.filter((reference) => reference.qualifier === GROUP_OR_POLICY_NUMBER && reference.value !== '');
}

function buildEntry(draft: EntryDraft): BenefitEntryV3 {
  const { target, values } = draft;
  const entry: BenefitEntryV3 = {
    category: target.category,
    ...(target.subcategory === undefined ? {} : { subcategory: target.subcategory }),
    ...(target.code === undefined ? {} : { code: target.code }),
    ...values,
  };
  const exceptions = Object.fromEntries(Object.entries(draft.exceptions).filter(([, value]) => value !== undefined));
  if (Object.keys(exceptions).length > 0) entry.exceptions = exceptions;
  const caveats = [...new Set(draft.caveats)];
  if (caveats.length > 0) entry.caveat = caveats.map((value) => ({ value, score: SCORE_STATED }));
  if (draft.mappingInfo.length > 0) entry.mappingInfo = draft.mappingInfo;
  return entry;
}

function payerPlanType(descriptions: readonly string[]): PlanV3['planMetadata'] {
  for (const description of descriptions) {
    if (/HIGH\s*OPTION/i.test(description)) return { payerSpecificPlanType: { matchedValue: 'highOption', originalValue: description } };
    if (/STANDARD/i.test(description)) return { payerSpecificPlanType: { matchedValue: 'standard', originalValue: description } };
  }
  return undefined;
}

/**
 * Maps an already parsed 271. The deviations its reading tolerated come first in the notes, and the values they
 * put in doubt are scored lower (deviation-scores.ts).
 */
export function map271Parsed(parsed: Parsed271, options: Map271Options): Map271Result {
  const result = mapAnswer(parsed, options);
  if (parsed.deviations.length === 0) return result;
  const notes = [...parsed.deviations.map((deviation) => deviation.note), ...result.notes];
  if (result.status === 'rejected') return { ...result, notes };
  const again = (without: Parsed271) => {
    const mapped = mapAnswer(without, options);
    return mapped.status === 'mapped' ? mapped : undefined;
  };
  return { ...result, ...scoreDoubtedValues(result, parsed, again), notes };
}

/** The mapping itself, every value scored as the 271 gives it. */
function mapAnswer(parsed: Parsed271, options: Map271Options): Map271Result {
  const notes: string[] = [];
  const subscriberLoop = parsed.subscriber;
  const dependentLoop = parsed.dependent;
  const patientLoop = dependentLoop ?? subscriberLoop;
  const payerName = parsed.source.name;
  const common = {
    payer: payerName === undefined ? undefined : { id: payerName.id, name: payerName.last },
    subscriber: subscriberLoop === undefined ? undefined : describeMember(subscriberLoop),
    dependent: dependentLoop === undefined ? undefined : describeMember(dependentLoop),
    traceNumber: patientLoop?.traces.find((trace) => trace.type === '2')?.number ?? patientLoop?.traces[0]?.number,
  };
  if (parsed.rejections.length > 0 || patientLoop === undefined) {
    return { status: 'rejected', plan: null, rejections: parsed.rejections.map(toRejection), warnings: [], notes, ...common };
  }
  for (const loop of [subscriberLoop, dependentLoop]) {
    for (const benefit of loop?.benefits ?? []) {
      if (benefit.rejections.length > 0) {
        notes.push(`EB at segment ${benefit.benefit.segmentIndex + 1}: the payer could not answer this part (${benefit.rejections.map((r) => `${r.reasonCode} ${rejectReason(r.reasonCode)}`).join('; ')})`);
      }
    }
  }

  const draft = new PlanDraft();
  draft.notes.push(...notes);
  // The benefits of the patient: the dependent's loop when there is one, else the subscriber's.
  const benefitLoops = dependentLoop !== undefined && dependentLoop.benefits.length > 0 ? dependentLoop.benefits : (subscriberLoop?.benefits ?? []);
  const valueRows = benefitLoops.filter((loop) => VALUE_ROWS.has(loop.benefit.info));
  const outOfNetworkOnly = valueRows.some((loop) => loop.benefit.network === 'N') && valueRows.every((loop) => loop.benefit.network === 'N');
  const invert = options.invertCoinsurance ?? invertsCoinsurance({ payerKey: options.payerKey, payerId: payerName?.id });
  const ctx: RowContext = { draft, invert, outOfNetworkOnly };

  const statusLoops = benefitLoops.filter((loop) => ACTIVE.has(loop.benefit.info) || INACTIVE.has(loop.benefit.info));
  for (const loop of benefitLoops) mapRow(loop, ctx);

  // Coverage status, dates and group from the member loops and the status rows' own loops.
  const dates = [...(dependentLoop?.dates ?? []), ...(subscriberLoop?.dates ?? []), ...statusLoops.flatMap((loop) => loop.dates)];
  const references = [...(dependentLoop?.references ?? []), ...(subscriberLoop?.references ?? []), ...statusLoops.flatMap((loop) => loop.references)];
  const eligibilityBegin = firstDate(dates, '356', 'start', draft.notes) ?? firstDate(dates, '307', 'start', draft.notes);
  // The effective date falls back on a plan date; the benefit year weighs them apart (benefitYearOf).
  const planBegin = firstDate(dates, '346', 'start', draft.notes) ?? firstDate(dates, '291', 'start', draft.notes);
  const planEnd = firstDate(dates, '347', 'start', draft.notes) ?? firstDate(dates, '357', 'start', draft.notes);
  const firstStatus = statusLoops[0]?.benefit.info;
  let coverageStatus: CoverageStatus = 'unknown';
  if (firstStatus !== undefined && ACTIVE.has(firstStatus)) coverageStatus = 'active';
  if (firstStatus !== undefined && INACTIVE.has(firstStatus)) {
    const today = Date.UTC(options.today.getUTCFullYear(), options.today.getUTCMonth(), options.today.getUTCDate());
    coverageStatus = planEnd !== undefined && usDateToUtc(planEnd) < today ? 'terminated' : 'inactive';
  }

  const warnings: InternalWarning[] = [];
  const planDescriptions = [...new Set(statusLoops.map((loop) => loop.benefit.planDescription).filter((text) => text !== ''))];
  const groups = groupNumbers(references);
  const distinctGroups = [...new Set(groups.map((group) => group.value))];
  if (planDescriptions.length > 1 || distinctGroups.length > 1) {
    warnings.push('MULTIPLE_PLANS_FOUND');
    draft.notes.push(`The 271 names several plans (${[...planDescriptions, ...distinctGroups].join(', ')}); the first one is mapped`);
  }
  const group = groups[0];
  if (group === undefined) warnings.push('GROUP_NUMBER_MISSING');

  const detailsMappingInfo: MappingInfoV3[] = [];
  const benefitYearFound = benefitYearOf({ dates, draft, eligibilityBegin, today: options.today });
  const benefitYear = benefitYearFound?.benefitYear ?? scored<BenefitYear>(null, SCORE_INFERRED);
  if (benefitYearFound !== undefined) detailsMappingInfo.push(benefitYearFound.info);

  const hasDentalRows = benefitLoops.some((loop) => loop.benefit.procedure !== undefined || loop.benefit.serviceTypes.some((type) => targetOfServiceType(type) !== undefined || type === '27' || type === '37'));
  const participation: Scored<Participation> =
    draft.participation !== undefined
      ? scored(draft.participation)
      : outOfNetworkOnly
        ? scored<Participation>('Out Of Network')
        : scored<Participation>('Not Sure', SCORE_INFERRED);

  const adaCodes: Record<string, BenefitEntryV3> = {};
  for (const [key, entryDraft] of [...draft.entries.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    adaCodes[key] = buildEntry(entryDraft);
  }
  const deductible = {
    ...(draft.deductibleIndividual === undefined ? {} : { individual: draft.deductibleIndividual }),
    ...(draft.deductibleFamily === undefined ? {} : { family: draft.deductibleFamily }),
  };
  const age = Object.fromEntries(Object.entries(draft.age).filter(([, value]) => value !== undefined));
  const planCaveats: CaveatV3 = [...new Set(draft.planCaveats)].map((value) => ({ value, score: SCORE_STATED }));
  const metadata = payerPlanType(planDescriptions);
  const phone = parsed.source.contacts.find((contact) => contact.qualifier === 'TE')?.value;

  const plan: PlanV3 = {
    score: 0,
    details: {
      benefitYear,
      planType: hasDentalRows ? scored('dental') : scored('unknown', SCORE_INFERRED),
      participation,
      initiationDate: scored(options.today.toISOString()),
      ...(detailsMappingInfo.length + draft.patientMappingInfo.length === 0 ? {} : { mappingInfo: [...detailsMappingInfo, ...draft.patientMappingInfo] }),
    },
    payer: {
      id: payerName?.id ?? '',
      name: payerName?.last ?? '',
      ...(phone === undefined ? {} : { phoneNumber: phone }),
      typeOfVerification: 'clearinghouse',
    },
    sponsor: {
      sponsorName: scored<string>(null, SCORE_INFERRED),
      sponsorType: group === undefined ? scored(null, SCORE_INFERRED) : scored('Employer', SCORE_INFERRED),
      groupNumber: group === undefined ? scored<string>(null, SCORE_INFERRED) : scored(group.value),
      groupName: group === undefined || group.description === '' ? scored<string>(null, SCORE_INFERRED) : scored(group.description),
    },
    benefits: {
      ...(draft.missingToothClause === undefined ? {} : { missingToothClause: draft.missingToothClause }),
      ...(draft.annualMax === undefined ? {} : { annualMax: draft.annualMax }),
      ...(Object.keys(deductible).length === 0 ? {} : { deductible }),
      ...(Object.keys(age).length === 0 ? {} : { age }),
      adaCodes,
      ...(draft.benefitsMappingInfo.length === 0 ? {} : { mappingInfo: draft.benefitsMappingInfo }),
    },
    ...(planDescriptions.length === 0 ? {} : { planNotes: `Plan: ${planDescriptions.join('; ')}` }),
    ...(metadata === undefined ? {} : { planMetadata: metadata }),
    ...(planCaveats.length === 0 ? {} : { caveat: planCaveats }),
    schemaVersion: 3,
  };

  const effectiveDate = eligibilityBegin ?? planBegin;
  const patient: PatientV3 = {
    ...(draft.deductibleRemaining === undefined ? {} : { deductibleRemaining: draft.deductibleRemaining }),
    ...(draft.insuranceRemaining === undefined ? {} : { insuranceRemaining: draft.insuranceRemaining }),
    ...(effectiveDate === undefined ? {} : { effectiveDate: scored(effectiveDate, eligibilityBegin === undefined ? SCORE_INFERRED : SCORE_STATED) }),
    ...(draft.patientNotes.length === 0 ? {} : { note: [...new Set(draft.patientNotes)].join('\n') }),
    history: draft.history,
    historyStatus: draft.history.length > 0 ? 'Partial' : 'Unknown',
    ...(draft.unmappedHistory.length === 0 ? {} : { unmappedHistory: draft.unmappedHistory }),
    coverageStatus,
    planEndDate: planEnd ?? null,
  };
  plan.score = scorePlanCompleteness(plan, patient);

  const planCheck = validatePlan(plan, 3);
  const patientCheck = PatientV3.safeParse(patient);
  if (!planCheck.ok || !patientCheck.success) {
    // A mapping that breaks the document rules is a bug here, never a reason to hand out half a plan.
    const problems = [
      ...(planCheck.ok ? [] : planCheck.errors.map((error) => `plan.${error.path}: ${error.message}`)),
      ...(patientCheck.success ? [] : patientCheck.error.issues.map((issue) => `patient.${issue.path.join('.')}: ${issue.message}`)),
    ];
    throw new Error(`map271 built an invalid document: ${problems.join('; ')}`);
  }
  return { status: 'mapped', plan, patient, warnings, rejections: [], notes: draft.notes, ...common };
}

/** Parses and maps a 271. Throws `X12ParseError` when the text cannot be read unambiguously as a 271. */
export function map271(text: string, options: Map271Options): Map271Result {
  return map271Parsed(parse271(text), options);
}
