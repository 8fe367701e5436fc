/**
 * What one plan does with one planned line, on its own: covered or not, eligible or not, the deductible it
 * applies and the benefit its level gives within what is left of its annual maximum. Coordination with another
 * plan comes after (coordination.ts). The plan's running balance (deductible and maximum left, the lines it
 * already paid) is the caller's, passed in and consumed in line order.
 */
import { stripCodePrefix } from '../../codes/codes';
import { compareDays, writeUsDate, type CalendarDay } from '../../documents/dates';
import { type BenefitYear, type CoverageStatus, type Tooth } from '../../enums';
import { findSubstitution, substitutionSentence } from './alternate-benefit';
import { benefitKeyLabel, codesSharingFrequency, resolveBenefit, type AdaCodes, type ResolvedBenefit } from './benefit-lookup';
import { checkAge, checkFrequency, checkWaitingPeriod } from './eligibility';
import { missingToothClause, type ToothService } from './missing-tooth';
import { formatCents, percentOf } from './money';
import { type EligibilityCheck, type NotCoveredReason, type PlanLineEstimate } from './schemas';

/** A service done or planned: code in 'ADA:' form, day, teeth. */
export interface ServiceRecord extends ToothService {
  readonly date: string;
}

/** A planned line ready to be estimated. */
export interface PreparedLine {
  readonly index: number;
  /** 'ADA:D1110' for a code, else the text as given. */
  readonly code: string;
  readonly isCode: boolean;
  /** 'D1110': the code as people read it. */
  readonly label: string;
  readonly dateOfService: string | null;
  /** The day the checks are made for. */
  readonly on: CalendarDay;
  readonly tooth: Tooth | null;
  readonly feeCents: number;
  readonly feeKnown: boolean;
}

export type FeeOf = (code: string) => { readonly cents: number; readonly known: boolean };

/** What a plan's rules read, fixed for the whole estimate. */
export interface CoverageContext {
  readonly adaCodes: AdaCodes;
  readonly benefitYear: BenefitYear | null;
  readonly missingToothClause: boolean;
  readonly coverageStatus: CoverageStatus;
  readonly effective: CalendarDay | undefined;
  readonly planEnd: CalendarDay | undefined;
  readonly birth: CalendarDay | undefined;
  /** The practice's history and the plan's patient history, together. */
  readonly history: readonly ServiceRecord[];
  readonly feeOf: FeeOf;
}

/** A plan's running balance across the lines. */
export interface PlanState {
  deductibleCents: number;
  /** Null: no annual maximum stated, nothing caps the plan. */
  maximumCents: number | null;
  /** The lines this plan found covered and eligible, counted as used services by the later ones. */
  readonly planned: ServiceRecord[];
}

type Denial = { readonly reason: NotCoveredReason; readonly sentence: string };

/** Why the plan does not cover the line at all, checked in this order, or null when it does. */
function denial(line: PreparedLine, ctx: CoverageContext, benefit: ResolvedBenefit | undefined): Denial | null {
  const { label, on } = line;
  if (benefit === undefined) {
    return { reason: 'notACode', sentence: `${line.code} is not a procedure code: the plan cannot be read for it` };
  }
  if (ctx.coverageStatus === 'inactive' || ctx.coverageStatus === 'terminated') {
    return { reason: 'coverageInactive', sentence: `the coverage is ${ctx.coverageStatus}` };
  }
  if (ctx.effective !== undefined && compareDays(on, ctx.effective) < 0) {
    return { reason: 'beforeCoverage', sentence: `the coverage begins on ${writeUsDate(ctx.effective)}, after ${writeUsDate(on)}` };
  }
  if (ctx.planEnd !== undefined && compareDays(on, ctx.planEnd) > 0) {
    return { reason: 'afterCoverage', sentence: `the coverage ends on ${writeUsDate(ctx.planEnd)}, before ${writeUsDate(on)}` };
  }
  const level = benefit.benefitLevel;
  if (level === undefined) return { reason: 'noBenefitStated', sentence: `the plan states no benefit for ${label}` };
  if (level.value <= 0) return { reason: 'zeroBenefit', sentence: `the plan pays 0% for ${label} (${benefitKeyLabel(level.from)})` };
  const clause = missingToothClause({
    clause: ctx.missingToothClause,
    code: line.code,
    tooth: line.tooth,
    history: ctx.history,
    effective: ctx.effective,
  });
  return clause.applies ? { reason: 'missingToothClause', sentence: clause.sentence } : null;
}

interface Checks {
  readonly frequency: PlanLineEstimate['frequency'];
  readonly age: EligibilityCheck | null;
  readonly waitingPeriod: EligibilityCheck | null;
}

function eligibilityChecks(ctx: CoverageContext, state: PlanState, line: PreparedLine, benefit: ResolvedBenefit): Checks {
  const shared = codesSharingFrequency(ctx.adaCodes, line.code);
  const datesOf = (services: readonly ServiceRecord[]) => services.filter((service) => shared.has(service.code)).map((service) => service.date);
  const limitation = benefit.limitation?.value;
  return {
    frequency:
      limitation === undefined
        ? null
        : checkFrequency({
            code: line.label,
            limitation,
            history: datesOf(ctx.history),
            planned: datesOf(state.planned),
            benefitYear: ctx.benefitYear,
            on: line.on,
          }),
    age: benefit.age === undefined ? null : checkAge(line.label, benefit.age.value, ctx.birth, line.on),
    waitingPeriod: benefit.waitingPeriod === undefined ? null : checkWaitingPeriod(line.label, benefit.waitingPeriod.value, ctx.effective, line.on),
  };
}

/** Where each stated value comes from, when it is not the code's own entry: 'benefit level 80% (Restorative)'. */
function inheritedNotes(benefit: ResolvedBenefit): string[] {
  const fields: readonly (readonly [string, { from: string } | undefined])[] = [
    ['benefit level', benefit.benefitLevel],
    ['limitation', benefit.limitation],
    ['waiting period', benefit.waitingPeriod],
    ['age limits', benefit.age],
  ];
  return fields.flatMap(([name, stated]) =>
    stated === undefined || stated.from === benefit.key ? [] : [`${name} as stated for ${benefitKeyLabel(stated.from)}`],
  );
}

interface Pricing {
  readonly allowedCents: number;
  readonly level: number;
  readonly alternate: PlanLineEstimate['alternate'];
  readonly notes: readonly string[];
}

/** The fee the level applies to and the level: the line's own, or the alternate code's when a substitution holds. */
function pricing(ctx: CoverageContext, line: PreparedLine, benefit: ResolvedBenefit, level: number): Pricing {
  const substitution = findSubstitution(benefit.own, line.tooth);
  const own = { allowedCents: line.feeCents, level, alternate: null, notes: [] };
  if (substitution === null) return own;
  const alternateLabel = stripCodePrefix(substitution.code);
  const fee = ctx.feeOf(substitution.code);
  if (!fee.known) {
    const note = `alternate benefit: ${line.label} is paid as ${alternateLabel}, which has no fee: estimated on the line's own fee`;
    return { ...own, notes: [note] };
  }
  const alternateLevel = resolveBenefit(ctx.adaCodes, substitution.code).benefitLevel?.value ?? level;
  const sentence = substitutionSentence(line.code, substitution, formatCents(fee.cents), alternateLevel);
  return {
    allowedCents: Math.min(fee.cents, line.feeCents),
    level: alternateLevel,
    alternate: { code: substitution.code, feeCents: fee.cents, benefitLevel: alternateLevel, sentence },
    notes: [sentence],
  };
}

const NOTHING = { allowedCents: 0, deductibleAppliedCents: 0, cappedByMaximum: false, ownBenefitCents: 0, paysCents: 0, alternate: null };

type Payment = Pick<
  PlanLineEstimate,
  'alternate' | 'allowedCents' | 'deductibleAppliedCents' | 'cappedByMaximum' | 'ownBenefitCents' | 'paysCents' | 'notes'
>;

/** The deductible applied and the benefit within the maximum left, on the allowed amount, with their notes. */
function payment(ctx: CoverageContext, state: PlanState, line: PreparedLine, benefit: ResolvedBenefit, level: number): Payment {
  const price = pricing(ctx, line, benefit, level);
  const deductibleApplies = benefit.deductible?.value !== false;
  const deductibleAppliedCents = deductibleApplies ? Math.min(state.deductibleCents, price.allowedCents) : 0;
  const benefitCents = percentOf(price.allowedCents - deductibleAppliedCents, price.level);
  const appliesToAnnualMax = benefit.appliesToAnnualMax?.value !== false;
  const cap = appliesToAnnualMax ? state.maximumCents : null;
  const ownBenefitCents = cap === null ? benefitCents : Math.min(benefitCents, cap);
  const cappedByMaximum = ownBenefitCents < benefitCents;
  const deductibleLeft = formatCents(state.deductibleCents - deductibleAppliedCents);
  const notes = [
    ...price.notes,
    deductibleApplies
      ? `deductible: ${formatCents(deductibleAppliedCents)} applied, ${deductibleLeft} left`
      : `the deductible does not apply to ${line.label}`,
    ...(appliesToAnnualMax ? [] : [`${line.label} does not count toward the annual maximum`]),
    ...(cappedByMaximum && cap !== null
      ? [`annual maximum: ${formatCents(cap)} left, so the plan pays ${formatCents(ownBenefitCents)} of ${formatCents(benefitCents)}`]
      : []),
  ];
  const { alternate, allowedCents } = price;
  return { alternate, allowedCents, deductibleAppliedCents, cappedByMaximum, ownBenefitCents, paysCents: ownBenefitCents, notes };
}

/** The plan's estimate of one line, before coordination (paysCents is its own benefit). The state is only read. */
export function assessPlanLine(ctx: CoverageContext, state: PlanState, line: PreparedLine): PlanLineEstimate {
  const benefit = line.isCode ? resolveBenefit(ctx.adaCodes, line.code) : undefined;
  const notCovered = denial(line, ctx, benefit);
  const level = benefit?.benefitLevel;
  const stated = {
    benefitLevel: level?.value ?? null,
    benefitFrom: level?.from ?? null,
    appliesToAnnualMax: benefit?.appliesToAnnualMax?.value !== false,
  };
  if (benefit === undefined || notCovered !== null || level === undefined) {
    const none = { frequency: null, age: null, waitingPeriod: null };
    const notes = [`not covered: ${notCovered?.sentence ?? ''}`];
    return { ...stated, ...none, ...NOTHING, covered: false, notCovered, eligible: false, notes };
  }
  const checks = eligibilityChecks(ctx, state, line, benefit);
  const inherited = inheritedNotes(benefit);
  const refusals = [checks.frequency, checks.age, checks.waitingPeriod].flatMap((check) =>
    check?.status === 'notEligible' ? [`not paid: ${check.sentence}`] : [],
  );
  if (refusals.length > 0) {
    return { ...stated, ...checks, ...NOTHING, covered: true, notCovered: null, eligible: false, notes: [...inherited, ...refusals] };
  }
  const paid = payment(ctx, state, line, benefit, level.value);
  return { ...stated, ...checks, ...paid, covered: true, notCovered: null, eligible: true, notes: [...inherited, ...paid.notes] };
}

/** Consumes the plan's deductible (as applied), its maximum (by what it pays) and, when it paid the line, a service. */
export function consumeLine(state: PlanState, estimate: PlanLineEstimate, line: PreparedLine): void {
  state.deductibleCents -= estimate.deductibleAppliedCents;
  if (estimate.appliesToAnnualMax && state.maximumCents !== null) state.maximumCents -= estimate.paysCents;
  if (estimate.covered && estimate.eligible) {
    state.planned.push({ code: line.code, date: writeUsDate(line.on), day: line.on, teeth: line.tooth === null ? [] : [line.tooth] });
  }
}
