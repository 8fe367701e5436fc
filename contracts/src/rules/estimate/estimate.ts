/**
 * The treatment plan estimate (issue 16): for each planned procedure, what the patient's plans pay and what the
 * patient pays. Pure: no I/O and no clock, `today` is an input.
 *
 * Input (EstimateInput in schemas.ts): today (MM/DD/YYYY); the patient's date of birth; the planned lines in
 * order (code, optional date of service, optional tooth and surfaces, optional own fee; surfaces are carried for
 * the caller, no rule reads them); the practice's history
 * lines (code, date, teeth, status); the office's fee schedule (dollars by code); the primary coverage (the
 * verification's PlanV3 and PatientV3) and optionally a secondary one with its COB rule.
 *
 * Per planned line, for each plan (plan-line.ts):
 * - covered or not, and why not: not a procedure code; coverage inactive or terminated; the line's day before the
 *   effective date or after the plan end date; no benefit level stated for the code, its subcategory or its
 *   category (benefit-lookup.ts: own entry, then 'SUB:', then 'CAT:', field by field); a 0% level; the missing
 *   tooth clause (missing-tooth.ts).
 * - eligibility on the line's day (its date of service, today when undated; eligibility.ts): the frequency
 *   limitation ("D1110: 2 per 12 months, last 05/12/2026, next eligible 11/12/2026: not eligible on 10/01/2026"),
 *   counting the history (the practice's and the plan's patient history, one service per code and day), the codes
 *   sharing the frequency, and the earlier lines of this estimate the plan pays; the age limits (both ends
 *   included) and the waiting period counted from the effective date. A line not eligible is paid 0 by that plan.
 * - the allowed amount: the fee, or the alternate code's fee when the plan states a substitution
 *   (alternate-benefit.ts), with the alternate code's level.
 * - the deductible applied: the individual deductible left (the patient's deductibleRemaining, else the plan's
 *   individual deductible), consumed in line order; skipped when the benefit says the deductible does not apply.
 * - the benefit: (allowed - deductible applied) x level, capped by the annual maximum left (insuranceRemaining,
 *   else the plan's annual maximum; none stated caps nothing), consumed in line order; a benefit that does not
 *   apply to the annual maximum neither consumes nor is capped by it.
 * With a secondary plan, coordination.ts decides what it pays of the patient part left; each plan's deductible
 * and maximum are consumed by its own lines. The patient part is the fee less both payments.
 *
 * What it cannot know it says instead of guessing: a check without its data (no date of
 * birth, no effective date) is 'unknown' and does not stop payment; a line without a fee (neither its own nor the
 * schedule's) counts as $0.00 with feeKnown false; missing remaining amounts fall back to the plan's amounts, with
 * a note in the plan's balance. Not modelled: the family deductible, lifetime maximums, the per-member-type
 * exceptions of an entry (child, student, dependent).
 *
 * Money is whole cents throughout, so every line's parts add up to its fee and the totals to the sum of the lines.
 */
import { isCodeFormat, normalizeCode, stripCodePrefix } from '../../codes/codes';
import { compareDays, readUsDate, writeUsDate, type CalendarDay } from '../../documents/dates';
import { parseServiceDate } from '../../entities/treatment-plan';
import { isNewPatient } from '../treatment-plan';
import { coordinate } from './coordination';
import { toCents, formatCents } from './money';
import { assessPlanLine, consumeLine, type CoverageContext, type FeeOf, type PlanState, type PreparedLine, type ServiceRecord } from './plan-line';
import {
  type EstimateCoverage,
  type EstimateHistoryLine,
  type EstimateInput,
  type EstimatePlannedLine,
  type EstimateResult,
  type LineEstimate,
  type PlanBalance,
} from './schemas';

function feeSchedule(fees: Readonly<Record<string, number>>): FeeOf {
  const byCode = new Map(Object.entries(fees).map(([code, dollars]) => [stripCodePrefix(code.trim()), toCents(dollars)] as const));
  return (code) => {
    const cents = byCode.get(stripCodePrefix(code));
    return cents === undefined ? { cents: 0, known: false } : { cents, known: true };
  };
}

type HistorySource = Pick<EstimateHistoryLine, 'code' | 'date' | 'tooth'>;

/**
 * The services of both histories, one per code and day (the practice and the payer often hold the same visit;
 * counted twice it would use a frequency up), with the teeth of both.
 */
function mergeHistory(...sources: readonly (readonly HistorySource[])[]): ServiceRecord[] {
  const byKey = new Map<string, ServiceRecord>();
  for (const line of sources.flat()) {
    const day = parseServiceDate(line.date);
    if (day === undefined || !isCodeFormat(line.code)) continue;
    const code = normalizeCode(line.code);
    const date = writeUsDate(day);
    const key = `${code} ${date}`;
    const teeth = [...new Set([...(byKey.get(key)?.teeth ?? []), ...(line.tooth ?? [])])];
    byKey.set(key, { code, date, day, teeth });
  }
  return [...byKey.values()];
}

function prepareLine(line: EstimatePlannedLine, index: number, today: CalendarDay, feeOf: FeeOf): PreparedLine {
  const isCode = isCodeFormat(line.code);
  const code = isCode ? normalizeCode(line.code) : line.code;
  const day = line.dateOfService ? parseServiceDate(line.dateOfService) : undefined;
  if (day !== undefined && compareDays(day, today) < 0) {
    throw new RangeError(`Planned line ${index} is dated before today: it is history (SPEC section 4)`);
  }
  const scheduled = feeOf(code);
  const own = line.fee ?? undefined;
  return {
    index,
    code,
    isCode,
    label: stripCodePrefix(code),
    dateOfService: day === undefined ? null : writeUsDate(day),
    on: day ?? today,
    tooth: line.tooth ?? null,
    feeCents: own === undefined ? scheduled.cents : toCents(own),
    feeKnown: own !== undefined || scheduled.known,
  };
}

interface OpenCoverage {
  readonly context: CoverageContext;
  readonly state: PlanState;
  readonly before: Balance;
  readonly notes: readonly string[];
}

type Balance = { readonly maximumCents: number | null; readonly deductibleCents: number };

/**
 * What is left of the plan's deductible and annual maximum: the patient's remaining amounts, else the plan's
 * whole amounts (as if nothing was used yet), else no deductible and no cap; with a note for each assumption.
 */
function startingBalance({ plan, patient }: EstimateCoverage): { before: Balance; notes: string[] } {
  const notes: string[] = [];
  let deductible = patient.deductibleRemaining?.value;
  if (deductible === null || deductible === undefined) {
    const individual = plan.benefits.deductible?.individual?.value;
    deductible = individual ?? 0;
    notes.push(
      individual === null || individual === undefined
        ? 'no deductible stated: none applied'
        : `deductible remaining unknown: the individual deductible ${formatCents(toCents(individual))} is assumed unmet`,
    );
  }
  let maximum = patient.insuranceRemaining?.value;
  if (maximum === null || maximum === undefined) {
    const annual = plan.benefits.annualMax?.value;
    maximum = annual ?? null;
    notes.push(
      annual === null || annual === undefined
        ? 'no annual maximum stated: payments are not capped'
        : `annual maximum remaining unknown: the annual maximum ${formatCents(toCents(annual))} is assumed unused`,
    );
  }
  if (patient.coverageStatus === 'unknown') notes.push('coverage status unknown: estimated as active');
  return { before: { maximumCents: maximum === null ? null : toCents(maximum), deductibleCents: toCents(deductible) }, notes };
}

/** The plan's rules and its starting balance, with notes on what had to be assumed. */
function openCoverage(
  coverage: EstimateCoverage,
  practiceHistory: readonly HistorySource[],
  birth: CalendarDay | undefined,
  feeOf: FeeOf,
): OpenCoverage {
  const { plan, patient } = coverage;
  const { before, notes } = startingBalance(coverage);
  const effectiveText = patient.effectiveDate?.value;
  const context: CoverageContext = {
    adaCodes: plan.benefits.adaCodes,
    benefitYear: plan.details.benefitYear.value,
    missingToothClause: plan.benefits.missingToothClause?.value === true,
    coverageStatus: patient.coverageStatus,
    effective: effectiveText ? readUsDate(effectiveText) : undefined,
    planEnd: patient.planEndDate ? readUsDate(patient.planEndDate) : undefined,
    birth,
    history: mergeHistory(practiceHistory, patient.history),
    feeOf,
  };
  return { context, state: { ...before, planned: [] }, before, notes };
}

function balance(open: OpenCoverage): PlanBalance {
  return {
    annualMaximum: { beforeCents: open.before.maximumCents, afterCents: open.state.maximumCents },
    deductible: { beforeCents: open.before.deductibleCents, afterCents: open.state.deductibleCents },
    notes: [...open.notes],
  };
}

/** The date at the office's wall calendar, as the treatment-plan rules read `today`. */
const localDate = (day: CalendarDay): Date => new Date(day.year, day.month - 1, day.day);

/** The estimate of the planned lines, in their order. Throws RangeError for an unreadable today or a line dated before it. */
export function estimateTreatmentPlan(input: EstimateInput): EstimateResult {
  const today = readUsDate(input.today);
  if (today === undefined) throw new RangeError('today is not a MM/DD/YYYY date');
  const birth = input.dateOfBirth ? readUsDate(input.dateOfBirth) : undefined;
  const feeOf = feeSchedule(input.fees);
  const lines = input.planned.map((line, index) => prepareLine(line, index, today, feeOf));
  const primary = openCoverage(input.primary, input.history, birth, feeOf);
  const secondary = input.secondary ? { ...openCoverage(input.secondary, input.history, birth, feeOf), cob: input.secondary.cob } : null;

  const estimates = lines.map((line): LineEstimate => {
    const primaryLine = assessPlanLine(primary.context, primary.state, line);
    consumeLine(primary.state, primaryLine, line);
    let secondaryLine = null;
    if (secondary !== null) {
      const own = assessPlanLine(secondary.context, secondary.state, line);
      secondaryLine = coordinate(secondary.cob, line.feeCents, primaryLine.paysCents, own);
      consumeLine(secondary.state, secondaryLine, line);
    }
    const secondaryPaysCents = secondaryLine?.paysCents ?? 0;
    return {
      index: line.index,
      code: line.code,
      dateOfService: line.dateOfService,
      evaluatedOn: writeUsDate(line.on),
      tooth: line.tooth,
      feeCents: line.feeCents,
      feeKnown: line.feeKnown,
      primary: primaryLine,
      secondary: secondaryLine,
      primaryPaysCents: primaryLine.paysCents,
      secondaryPaysCents,
      patientPaysCents: line.feeCents - primaryLine.paysCents - secondaryPaysCents,
    };
  });

  const sum = (pick: (line: LineEstimate) => number) => estimates.reduce((total, line) => total + pick(line), 0);
  const history = input.history.map((line) => ({ dateOfService: line.date, procedureStatus: line.procedureStatus ?? null }));
  return {
    today: writeUsDate(today),
    newPatient: isNewPatient(history, localDate(today)),
    lines: estimates,
    totals: {
      feesCents: sum((line) => line.feeCents),
      primaryPaysCents: sum((line) => line.primaryPaysCents),
      secondaryPaysCents: sum((line) => line.secondaryPaysCents),
      patientPaysCents: sum((line) => line.patientPaysCents),
    },
    primary: balance(primary),
    secondary: secondary === null ? null : { ...balance(secondary), cob: secondary.cob },
  };
}
