/**
 * The dates of the member's loops and status rows (DTP): eligibility and plan begin, plan end, the coverage status
 * they decide with the status rows, and the month the benefit year starts in.
 */
import {
  BENEFIT_YEARS,
  readUsDate,
  utcDayOf,
  utcMillisOf,
  type BenefitYear,
  type CoverageStatus,
  type MappingInfoV3,
} from '@dv/contracts';
import { type BenefitLoop } from '../parse-271';
import { dateRange, toUsDate, type X12DateValue } from '../readers';
import { SCORE_INFERRED, SCORE_STATED } from '../scores';
import { ACTIVE, INACTIVE } from './codes';
import { scored, type PlanDraft, type Scored } from './plan-draft';

/** The start of an MM/DD/YYYY day in UTC, epoch milliseconds (the text is one toUsDate wrote). */
const utcMillisOfUsDate = (day: string): number => utcMillisOf(readUsDate(day)!);

/** The first date of the qualifier that reads as a day, MM/DD/YYYY; one that does not is noted and passed over. */
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

export type MemberDates = {
  /** DTP*356 eligibility begin, else DTP*307 eligibility. */
  readonly eligibilityBegin: string | undefined;
  /** DTP*346 plan begin, else DTP*291 plan. */
  readonly planBegin: string | undefined;
  /** DTP*347 plan end, else DTP*357 eligibility end. */
  readonly planEnd: string | undefined;
};

/** The member's dates, in the order the notes name the unreadable ones. */
export function memberDates(dates: readonly X12DateValue[], notes: string[]): MemberDates {
  const eligibilityBegin = firstDate(dates, '356', 'start', notes) ?? firstDate(dates, '307', 'start', notes);
  // The effective date falls back on a plan date; the benefit year weighs them apart (benefitYearOf).
  const planBegin = firstDate(dates, '346', 'start', notes) ?? firstDate(dates, '291', 'start', notes);
  const planEnd = firstDate(dates, '347', 'start', notes) ?? firstDate(dates, '357', 'start', notes);
  return { eligibilityBegin, planBegin, planEnd };
}

/** Active or inactive by the first status row (EB01 1-5, 6-8); inactive with a past plan end is terminated. */
export function coverageStatusOf(statusLoops: readonly BenefitLoop[], planEnd: string | undefined, today: Date): CoverageStatus {
  const firstStatus = statusLoops[0]?.benefit.info;
  if (firstStatus !== undefined && INACTIVE.has(firstStatus)) {
    return planEnd !== undefined && utcMillisOfUsDate(planEnd) < utcMillisOf(utcDayOf(today)) ? 'terminated' : 'inactive';
  }
  return firstStatus !== undefined && ACTIVE.has(firstStatus) ? 'active' : 'unknown';
}

/** The benefit year that starts in the month of an MM/DD/YYYY day. */
const monthOf = (day: string): BenefitYear => BENEFIT_YEARS[readUsDate(day)!.month - 1]!;
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
export function benefitYearOf({
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
  const beginIsCurrent = begin !== undefined && today.getTime() - utcMillisOfUsDate(begin) < CURRENT_PLAN_YEAR_MS;
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
