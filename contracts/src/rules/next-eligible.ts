/**
 * When a limited procedure may be done again: from the plan's limitation ('2 per 12 months') and the patient's
 * history of that code. Pure; dates are MM/DD/YYYY (SPEC section 2) and days, not instants.
 *
 * - Rolling periods (`mo`, `12m`, `yr`, `d`): the services of the last period count; with fewer than `quantity`
 *   the procedure is eligible today, else on the date the oldest counted service leaves the period (its date plus
 *   the period).
 * - Benefit years (`/yr`): the services since the current benefit year began (the plan's benefit year month,
 *   January when unknown) count; when they use the quantity up, the next benefit year.
 * - Calendar days (`/d`): today's services count; when used up, tomorrow.
 */
import { compareDays, daysInMonth, readUsDate, utcDayOf, utcMillisOf, writeUsDate, type CalendarDay } from '../documents/dates';
import { BENEFIT_YEARS, type BenefitYear } from '../enums';
import { type LimitationTerms } from './benefit-wording';

type Day = CalendarDay;

export interface NextEligibleInput {
  readonly limitation: LimitationTerms;
  /** Dates of the code's past services, MM/DD/YYYY; unreadable ones are ignored. */
  readonly serviceDates: readonly string[];
  /** The plan's benefit year (the month it starts). */
  readonly benefitYear?: BenefitYear | null;
  /** MM/DD/YYYY. */
  readonly today: string;
}

export interface NextEligible {
  /** The latest service, MM/DD/YYYY, or null without history. */
  readonly lastService: string | null;
  /** MM/DD/YYYY: today when the procedure is eligible now. */
  readonly nextEligible: string;
  readonly eligibleNow: boolean;
}

/** A day written MM/DD/YYYY, blanks around it allowed. */
const parseDay = (text: string): Day | null => readUsDate(text.trim()) ?? null;

/** The same day so many months later (or earlier), kept inside shorter months: Aug 31 + 6 months is Feb 28/29. */
function addMonths(date: Day, months: number): Day {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function addDays(date: Day, days: number): Day {
  return utcDayOf(new Date(utcMillisOf(date) + days * 86_400_000));
}

/** The period of a rolling limitation, as a way to move a date forward by it (negative: back). */
function rollingShift({ frequency, timePeriod }: LimitationTerms): ((date: Day, sign: 1 | -1) => Day) | null {
  switch (timePeriod) {
    case 'mo':
      return (date, sign) => addMonths(date, sign * frequency);
    case '12m':
      return (date, sign) => addMonths(date, sign * 12 * frequency);
    case 'yr':
      return (date, sign) => addMonths(date, sign * 12 * frequency);
    case 'd':
      return (date, sign) => addDays(date, sign * frequency);
    case '/yr':
    case '/d':
      return null;
  }
}

function benefitYearStart(today: Day, benefitYear: BenefitYear | null | undefined): Day {
  const month = benefitYear ? BENEFIT_YEARS.indexOf(benefitYear) + 1 : 1;
  return { year: month <= today.month ? today.year : today.year - 1, month, day: 1 };
}

export function nextEligibleDate({ limitation, serviceDates, benefitYear, today: todayText }: NextEligibleInput): NextEligible {
  const today = parseDay(todayText);
  if (today === null) throw new RangeError(`Not a MM/DD/YYYY date: ${todayText}`);
  const services = serviceDates
    .map(parseDay)
    .filter((date): date is Day => date !== null && compareDays(date, today) <= 0)
    .sort((a, b) => compareDays(b, a));
  const lastService = services[0] === undefined ? null : writeUsDate(services[0]);
  const quantity = Math.max(1, Math.floor(limitation.quantity));
  const now = { lastService, nextEligible: writeUsDate(today), eligibleNow: true };

  const shift = rollingShift(limitation);
  if (shift !== null) {
    const windowStart = shift(today, -1);
    const counted = services.filter((date) => compareDays(date, windowStart) > 0);
    if (counted.length < quantity) return now;
    return { lastService, nextEligible: writeUsDate(shift(counted[quantity - 1]!, 1)), eligibleNow: false };
  }
  if (limitation.timePeriod === '/d') {
    const used = services.filter((date) => compareDays(date, today) === 0).length;
    return used < quantity ? now : { lastService, nextEligible: writeUsDate(addDays(today, 1)), eligibleNow: false };
  }
  const years = Math.max(1, Math.floor(limitation.frequency));
  const start = addMonths(benefitYearStart(today, benefitYear), -12 * (years - 1));
  const used = services.filter((date) => compareDays(date, start) >= 0).length;
  return used < quantity ? now : { lastService, nextEligible: writeUsDate(addMonths(start, 12 * years)), eligibleNow: false };
}
