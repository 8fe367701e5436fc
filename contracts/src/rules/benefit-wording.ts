/**
 * Benefit values in the words a front desk reads them, shared by the verification page and its PDF:
 * limitations ('2 per 12 months'), waiting periods ('1 year 6 months'), age limits ('Ages 14 to 99') and money
 * ('$1,500.00', SPEC section 5 price formatting).
 */
import { stripCodePrefix } from '../codes/codes';
import { type TimePeriod } from '../enums';
import { formatPrice } from './price';

/** The parts of a limitation (LimitationV3) the wording reads. */
export interface LimitationTerms {
  readonly quantity: number;
  readonly frequency: number;
  readonly timePeriod: TimePeriod;
}

/** The parts of a waiting period (WaitingPeriodV3) the wording reads. */
export interface WaitingPeriodTerms {
  readonly years?: number | undefined;
  readonly months?: number | undefined;
  readonly weeks?: number | undefined;
  readonly days?: number | undefined;
  readonly codes?: readonly string[] | undefined;
}

/** '1 month', '12 months'; fractions as written ('1.5 years'). */
function countOf(amount: number, singular: string, plural = `${singular}s`): string {
  return `${amount} ${amount === 1 ? singular : plural}`;
}

/** 'year' for one unit, '5 years' for several: '2 per year', '1 per 5 years'. */
function perUnits(frequency: number, singular: string, plural = `${singular}s`): string {
  return frequency === 1 ? singular : countOf(frequency, singular, plural);
}

/**
 * 'per ...' of a time period. `mo`, `yr` and `d` count months, years and days ('per 12 months'); `12m` counts
 * periods of twelve months ('per 24 months' for two); `/yr` is the benefit year and `/d` the calendar day, each
 * per one unless the frequency says more.
 */
function periodWording(frequency: number, timePeriod: TimePeriod): string {
  switch (timePeriod) {
    case 'mo':
      return perUnits(frequency, 'month');
    case '12m':
      return countOf(frequency * 12, 'month');
    case 'yr':
      return perUnits(frequency, 'year');
    case '/yr':
      return perUnits(frequency, 'benefit year');
    case 'd':
      return perUnits(frequency, 'day');
    case '/d':
      return perUnits(frequency, 'day');
  }
}

/** { quantity: 2, frequency: 12, timePeriod: 'mo' } -> '2 per 12 months'; { 1, 1, 'yr' } -> '1 per year'. */
export function limitationWording({ quantity, frequency, timePeriod }: LimitationTerms): string {
  return `${quantity} per ${periodWording(frequency, timePeriod)}`;
}

/**
 * { months: 12 } -> '12 months'; { years: 1, months: 6 } -> '1 year 6 months'; all zero -> 'None'; shared codes
 * follow without their ADA: prefix: '12 months (with D2740)'.
 */
export function waitingPeriodWording(period: WaitingPeriodTerms): string {
  const parts: readonly (readonly [number | undefined, string])[] = [
    [period.years, 'year'],
    [period.months, 'month'],
    [period.weeks, 'week'],
    [period.days, 'day'],
  ];
  const stated = parts.flatMap(([amount, unit]) => (amount !== undefined && amount > 0 ? [countOf(amount, unit)] : []));
  const duration = stated.length === 0 ? 'None' : stated.join(' ');
  const codes = period.codes ?? [];
  return codes.length === 0 ? duration : `${duration} (with ${codes.map(stripCodePrefix).join(', ')})`;
}

/** The highest age version 3 allows (SPEC section 5, 'max at most 1000'): as a maximum it means no upper limit. */
export const NO_AGE_LIMIT = 1000;

/**
 * The ages a benefit is limited to: 14 and 99 -> 'Ages 14 to 99'; 0 and 19 -> 'Up to age 19'; 14 and none ->
 * 'From age 14'; neither (or 0 and 1000) -> 'Any age'.
 */
export function ageLimitWording(min: number | null | undefined, max: number | null | undefined): string {
  const lower = min !== null && min !== undefined && min > 0 ? min : undefined;
  const upper = max !== null && max !== undefined && max < NO_AGE_LIMIT ? max : undefined;
  if (lower !== undefined && upper !== undefined) return `Ages ${lower} to ${upper}`;
  if (upper !== undefined) return `Up to age ${upper}`;
  if (lower !== undefined) return `From age ${lower}`;
  return 'Any age';
}

/** 1500 -> '$1,500.00' (SPEC section 5 price formatting with the dollar sign). */
export function dollarAmount(value: number): string {
  return `$${formatPrice(value)}`;
}
