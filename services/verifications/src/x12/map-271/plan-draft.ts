/**
 * What one run of the 271 mapping collects before the documents are assembled (PlanDraft), the draft of each
 * adaCodes entry, and how a row's values, caveats and patient notes are added to them: a value is kept once, and
 * a different value stated later is a conflict in the mapping info.
 */
import { type AgeV3, type HistoryRecordV3, type LimitationV3, type MappingInfoV3, type Participation, type UnmappedHistoryRecordV3, type WaitingPeriodV3 } from '@dv/contracts';
import { type BenefitLoop } from '../parse-271';
import { SCORE_STATED } from '../scores';
import { type BenefitTarget } from '../service-types';

export type Scored<T> = { value: T | null; score: number };

export type ExceptionDraft = { benefitLevel?: Scored<number>; limitation?: Scored<LimitationV3>; deductible?: Scored<boolean> };

export type EntryValues = {
  benefitLevel?: Scored<number>;
  deductible?: Scored<boolean>;
  limitation?: Scored<LimitationV3>;
  waitingPeriod?: Scored<WaitingPeriodV3>;
  annualMax?: Scored<number>;
  lifetimeMaximum?: Scored<number>;
  appliesToAnnualMax?: Scored<boolean>;
  age?: AgeV3;
};

export type EntryDraft = {
  target: BenefitTarget;
  values: EntryValues;
  exceptions: { child?: ExceptionDraft; dependent?: ExceptionDraft };
  caveats: string[];
  mappingInfo: MappingInfoV3[];
};

export const scored = <T>(value: T | null, score: number = SCORE_STATED): Scored<T> => ({ value, score });
/** One formatter for every amount: `toLocaleString` with options builds a new formatter on every call. */
const DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const money = (amount: number): string => `$${DOLLARS.format(amount)}`;
export const round2 = (n: number): number => Math.round(n * 100) / 100;
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Everything one mapping run collects before the documents are assembled. */
export class PlanDraft {
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

export function setEntryValue<K extends keyof EntryValues>(draft: EntryDraft, key: K, value: NonNullable<EntryValues[K]>, where: string): void {
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

export function setExceptionValue<K extends keyof ExceptionDraft>(
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
export type RowScope = { plan: boolean; targets: BenefitTarget[]; unmapped: string[] };

export function addCaveat(draft: PlanDraft, scope: RowScope, text: string): void {
  if (scope.targets.length > 0) {
    for (const target of scope.targets) draft.entry(target).caveats.push(text);
  } else {
    const subject = scope.unmapped.length > 0 ? `${scope.unmapped.join(', ')}: ` : '';
    draft.planCaveats.push(`${subject}${text}`);
  }
}

/** A fact about this patient alone (an amount or visits left): a line of the patient's note, named by its services. */
export function addPatientNote(draft: PlanDraft, scope: RowScope, text: string): void {
  const subjects = scope.targets.length > 0 ? scope.targets.map((target) => target.key) : scope.unmapped;
  draft.patientNotes.push(subjects.length > 0 ? `${subjects.join(', ')}: ${text}` : text);
}

/** Rows the payer marks out of network (EB12 N), unless out-of-network rows are all the 271 has. */
export function isOutOfNetwork(loop: BenefitLoop, outOfNetworkOnly: boolean): boolean {
  return loop.benefit.network === 'N' && !outOfNetworkOnly;
}

export type RowContext = { draft: PlanDraft; invert: boolean; outOfNetworkOnly: boolean };
