/**
 * Whether a planned procedure may be done on its day: its frequency limitation, its age limits and its waiting
 * period, each with the sentence the front desk reads ("D1110: 2 per 12 months, last 05/12/2026, next eligible
 * 11/12/2026: not eligible on 10/01/2026"). A check that lacks what it needs (no date of birth, no effective date)
 * is 'unknown': it is said, and it does not stop the plan from paying.
 */
import { compareDays, daysInMonth, utcDayOf, utcMillisOf, writeUsDate, type CalendarDay } from '../../documents/dates';
import { type BenefitYear } from '../../enums';
import {
  ageLimitWording,
  limitationWording,
  NO_AGE_LIMIT,
  waitingPeriodWording,
  type LimitationTerms,
  type WaitingPeriodTerms,
} from '../benefit-wording';
import { nextEligibleDate } from '../next-eligible';
import { type AgeLimits } from './benefit-lookup';
import { type EligibilityCheck, type FrequencyCheck } from './schemas';

// TODO(dates): addMonths and addDays repeat the private helpers of next-eligible.ts; both belong in
// documents/dates.ts (the one date module), which this task does not own.
/** The same day so many months later (or earlier), kept inside shorter months: Aug 31 + 6 months is Feb 28/29. */
export function addMonths(date: CalendarDay, months: number): CalendarDay {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function addDays(date: CalendarDay, days: number): CalendarDay {
  return utcDayOf(new Date(utcMillisOf(date) + days * 86_400_000));
}

/** Whole years of age on a day: a birthday counts from its own day (29 February from 1 March in other years). */
export function ageOn(birth: CalendarDay, on: CalendarDay): number {
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

const verdict = (eligible: boolean, on: CalendarDay): string => `${eligible ? 'eligible' : 'not eligible'} on ${writeUsDate(on)}`;

export interface FrequencyInput {
  /** The code as people read it, 'D1110'. */
  readonly code: string;
  readonly limitation: LimitationTerms;
  /** MM/DD/YYYY days of the code's past services (and of the codes sharing its frequency). */
  readonly history: readonly string[];
  /** MM/DD/YYYY days of the same code's earlier lines of this plan, counted as used services. */
  readonly planned: readonly string[];
  readonly benefitYear: BenefitYear | null;
  readonly on: CalendarDay;
}

/**
 * The frequency limitation on the line's day, by nextEligibleDate: rolling periods ('mo', '12m', 'yr', 'd')
 * count back from the day, benefit years ('/yr') count from the plan's benefit year start. A last service that
 * only the plan holds is marked '(planned)'.
 */
export function checkFrequency(input: FrequencyInput): FrequencyCheck {
  const { code, limitation, history, planned, benefitYear, on } = input;
  const wording = limitationWording(limitation);
  const next = nextEligibleDate({ limitation, serviceDates: [...history, ...planned], benefitYear, today: writeUsDate(on) });
  const last = next.lastService;
  const lastText =
    last === null ? 'no earlier service' : `last ${last}${planned.includes(last) && !history.includes(last) ? ' (planned)' : ''}`;
  const sentence = next.eligibleNow
    ? `${code}: ${wording}, ${lastText}: ${verdict(true, on)}`
    : `${code}: ${wording}, ${lastText}, next eligible ${next.nextEligible}: ${verdict(false, on)}`;
  return {
    status: next.eligibleNow ? 'eligible' : 'notEligible',
    sentence,
    limitation: wording,
    lastService: last,
    nextEligible: next.nextEligible,
  };
}

/**
 * The age limits on the line's day, both ends included ('Ages 14 to 99': 14 and 99 are eligible). A minimum of
 * 0 and a maximum of 1000 (or none) are no limit: null, nothing to check.
 */
export function checkAge(code: string, limits: AgeLimits, birth: CalendarDay | undefined, on: CalendarDay): EligibilityCheck | null {
  const lower = limits.min !== null && limits.min > 0 ? limits.min : undefined;
  const upper = limits.max !== null && limits.max < NO_AGE_LIMIT ? limits.max : undefined;
  if (lower === undefined && upper === undefined) return null;
  const wording = ageLimitWording(lower, upper);
  if (birth === undefined) return { status: 'unknown', sentence: `${code}: ${wording}, date of birth unknown: not checked` };
  const age = ageOn(birth, on);
  const eligible = (lower === undefined || age >= lower) && (upper === undefined || age <= upper);
  return { status: eligible ? 'eligible' : 'notEligible', sentence: `${code}: ${wording}, age ${age}: ${verdict(eligible, on)}` };
}

/** The day a waiting period counted from the effective date is served: years and months first, then days. */
export function waitingPeriodEnd(period: WaitingPeriodTerms, effective: CalendarDay): CalendarDay {
  const months = Math.round((period.years ?? 0) * 12 + (period.months ?? 0));
  const days = Math.round((period.weeks ?? 0) * 7 + (period.days ?? 0));
  return addDays(addMonths(effective, months), days);
}

/**
 * The waiting period on the line's day, counted from the coverage's effective date: eligible from the day it is
 * served. A period of no length is no waiting period: null.
 */
export function checkWaitingPeriod(
  code: string,
  period: WaitingPeriodTerms,
  effective: CalendarDay | undefined,
  on: CalendarDay,
): EligibilityCheck | null {
  const wording = waitingPeriodWording({ ...period, codes: undefined });
  if (wording === 'None') return null;
  if (effective === undefined) {
    return { status: 'unknown', sentence: `${code}: waiting period ${wording}, coverage effective date unknown: not checked` };
  }
  const served = waitingPeriodEnd(period, effective);
  const eligible = compareDays(on, served) >= 0;
  const sentence = `${code}: waiting period ${wording} from ${writeUsDate(effective)}, served ${writeUsDate(served)}: ${verdict(eligible, on)}`;
  return { status: eligible ? 'eligible' : 'notEligible', sentence };
}
