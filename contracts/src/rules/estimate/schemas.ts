/**
 * The estimate's input and output as zod schemas, for the routes that carry them (the schedule service, the
 * verification page). The estimate's own modules import only the types: the plan and patient schemas hold the
 * procedure-code table, which a page that only computes an estimate need not load.
 */
import { z } from 'zod';
import { compareDays, UsCalendarDate } from '../../documents/dates';
import { PatientV3 } from '../../documents/patient';
import { PlanV3 } from '../../documents/plan';
// The COB rule ('standard' | 'nonDuplication') is the schedule's coverage setting; it lives there once.
import { CobRule } from '../../entities/schedule';
import { parseServiceDate } from '../../entities/treatment-plan';
import { ProcedureStatus, Tooth } from '../../enums';


const ServiceDate = z.string().refine((text) => parseServiceDate(text) !== undefined, {
  error: 'A date of service must be MM/DD/YYYY or ISO 8601',
});
const Dollars = z.number().nonnegative();

/** A planned procedure: no date, today or later (SPEC section 4). */
export const EstimatePlannedLine = z.object({
  code: z.string().min(1),
  dateOfService: ServiceDate.nullable().optional(),
  tooth: Tooth.nullable().optional(),
  surfaces: z.string().nullable().optional(),
  /** The line's own fee in dollars; else the fee schedule's. */
  fee: Dollars.nullable().optional(),
});
export type EstimatePlannedLine = z.infer<typeof EstimatePlannedLine>;

/** A past procedure from the practice-management system (a history record of the patient fits as it is). */
export const EstimateHistoryLine = z.object({
  code: z.string().min(1),
  date: ServiceDate,
  tooth: z.array(Tooth).optional(),
  procedureStatus: ProcedureStatus.nullable().optional(),
});
export type EstimateHistoryLine = z.infer<typeof EstimateHistoryLine>;

/** One plan of the patient: the verification's plan and patient parts. */
export const EstimateCoverage = z.object({ plan: PlanV3, patient: PatientV3 });
export type EstimateCoverage = z.infer<typeof EstimateCoverage>;

export const SecondaryCoverage = EstimateCoverage.extend({ cob: CobRule });
export type SecondaryCoverage = z.infer<typeof SecondaryCoverage>;

const PLANNED_BEFORE_TODAY = 'A planned line dated before today is history (SPEC section 4)';

export const EstimateInput = z
  .object({
    /** MM/DD/YYYY: the office's day. */
    today: UsCalendarDate,
    dateOfBirth: UsCalendarDate.nullable().optional(),
    /** In the order the estimate consumes the deductibles and maximums. */
    planned: z.array(EstimatePlannedLine),
    history: z.array(EstimateHistoryLine),
    /** Dollars by code, 'D1110' or 'ADA:D1110'. */
    fees: z.record(z.string(), Dollars),
    primary: EstimateCoverage,
    secondary: SecondaryCoverage.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    const today = parseServiceDate(input.today);
    if (today === undefined) return;
    input.planned.forEach((line, index) => {
      const day = line.dateOfService ? parseServiceDate(line.dateOfService) : undefined;
      if (day !== undefined && compareDays(day, today) < 0) ctx.addIssue({ code: 'custom', message: PLANNED_BEFORE_TODAY, path: ['planned', index, 'dateOfService'] });
    });
  });
export type EstimateInput = z.infer<typeof EstimateInput>;

const Cents = z.int().nonnegative();

/** 'unknown': the check lacks what it needs (no date of birth, no effective date); it does not stop payment. */
export const EligibilityStatus = z.enum(['eligible', 'notEligible', 'unknown']);
export type EligibilityStatus = z.infer<typeof EligibilityStatus>;
export const EligibilityCheck = z.object({ status: EligibilityStatus, sentence: z.string() });
export type EligibilityCheck = z.infer<typeof EligibilityCheck>;
export const FrequencyCheck = EligibilityCheck.extend({
  /** The limitation in words, '2 per 12 months'. */
  limitation: z.string(),
  /** The latest counted service (MM/DD/YYYY), or null. */
  lastService: UsCalendarDate.nullable(),
  /**
   * MM/DD/YYYY; the day checked when eligible. A plain string: a limitation of absurd length (version 3 bounds
   * none) lands past year 9999, which the estimate reports rather than refuses.
   */
  nextEligible: z.string(),
});
export type FrequencyCheck = z.infer<typeof FrequencyCheck>;

export const NotCoveredReason = z.enum([
  'notACode',
  'coverageInactive',
  'beforeCoverage',
  'afterCoverage',
  'noBenefitStated',
  'zeroBenefit',
  'missingToothClause',
]);
export type NotCoveredReason = z.infer<typeof NotCoveredReason>;

/** What one plan does with one line. */
export const PlanLineEstimate = z.object({
  covered: z.boolean(),
  notCovered: z.object({ reason: NotCoveredReason, sentence: z.string() }).nullable(),
  /** Percent the plan pays, and the adaCodes key that says so. */
  benefitLevel: z.number().min(0).max(100).nullable(),
  benefitFrom: z.string().nullable(),
  frequency: FrequencyCheck.nullable(),
  age: EligibilityCheck.nullable(),
  waitingPeriod: EligibilityCheck.nullable(),
  /** Covered and no check says 'notEligible': the plan pays its benefit. */
  eligible: z.boolean(),
  alternate: z.object({ code: z.string(), feeCents: Cents, benefitLevel: z.number(), sentence: z.string() }).nullable(),
  /** The amount the level applies to: the fee, or the alternate code's fee when that is lower. */
  allowedCents: Cents,
  deductibleAppliedCents: Cents,
  appliesToAnnualMax: z.boolean(),
  cappedByMaximum: z.boolean(),
  /** What the plan's own rules pay (its level, deductible and maximum), before coordination. */
  ownBenefitCents: Cents,
  /** What the plan pays after coordination; the primary pays its own benefit. */
  paysCents: Cents,
  notes: z.array(z.string()),
});
export type PlanLineEstimate = z.infer<typeof PlanLineEstimate>;

export const LineEstimate = z.object({
  /** Position of the line in `planned`. */
  index: z.int().nonnegative(),
  /** 'ADA:D1110' for a code; the text as given otherwise. */
  code: z.string(),
  dateOfService: UsCalendarDate.nullable(),
  /** The day the checks are made for: the date of service, or today for an undated line. */
  evaluatedOn: UsCalendarDate,
  tooth: Tooth.nullable(),
  feeCents: Cents,
  /** False when neither the line nor the fee schedule gives a fee: the line is counted at $0.00. */
  feeKnown: z.boolean(),
  primary: PlanLineEstimate,
  secondary: PlanLineEstimate.nullable(),
  primaryPaysCents: Cents,
  secondaryPaysCents: Cents,
  patientPaysCents: Cents,
});
export type LineEstimate = z.infer<typeof LineEstimate>;

/** A plan's annual maximum and deductible before and after the estimate; a null maximum is none stated. */
export const PlanBalance = z.object({
  annualMaximum: z.object({ beforeCents: Cents.nullable(), afterCents: Cents.nullable() }),
  deductible: z.object({ beforeCents: Cents, afterCents: Cents }),
  notes: z.array(z.string()),
});
export type PlanBalance = z.infer<typeof PlanBalance>;

export const EstimateResult = z.object({
  today: UsCalendarDate,
  /** SPEC section 4's new-patient rule over the history lines. */
  newPatient: z.boolean(),
  lines: z.array(LineEstimate),
  totals: z.object({ feesCents: Cents, primaryPaysCents: Cents, secondaryPaysCents: Cents, patientPaysCents: Cents }),
  primary: PlanBalance,
  secondary: PlanBalance.extend({ cob: CobRule }).nullable(),
});
export type EstimateResult = z.infer<typeof EstimateResult>;
