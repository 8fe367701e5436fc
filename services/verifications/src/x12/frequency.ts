/**
 * HSD (health care services delivery) to a version 3 limitation: HSD02 services (HSD01 VS visits or FL units)
 * per HSD06 periods of HSD05; an EB row's own EB09 VS / EB10 / EB06 is read the same way (deliveryOfBenefit).
 * "1 per 6 months" (HSD*VS*1***34*6) stays { quantity 1, frequency 6, 'mo' }.
 *
 * Rolling periods (7 day, 35 week, 34 month, 21 years) go through contracts' normalizeDuration, so 180 days is
 * 6 months, 1 year or 365 days is 12 months, 3 months is 90 days and 1 month is 31 days (SPEC section 9);
 * weeks, which no time period names, are counted in days. Benefit periods (22 service year, 23 calendar year,
 * 25 contract) are per HSD06 (default 1) years. Lifetime (32) is the yearly frequency cap, 99 years.
 * Anything else (remaining, exceeded, per visit, per episode, per hour) is no frequency and comes back as text.
 */
import {
  capYearlyFrequency,
  normalizeDuration,
  ownValue,
  type DurationUnit,
  type LimitationV3,
  type TimePeriod,
} from '@dv/contracts';
import { type EligibilityBenefit, type ServiceDelivery } from './parse-271';

export type DeliveryReading = { readonly limitation: LimitationV3 } | { readonly text: string };

const ROLLING_PERIODS: Readonly<Record<string, DurationUnit>> = { '7': 'days', '35': 'weeks', '34': 'months', '21': 'years' };
/** HSD03 units, for carriers that state "per N units" as HSD03 + HSD04 without HSD05. */
const UNIT_PERIODS: Readonly<Record<string, DurationUnit>> = { DA: 'days', WK: 'weeks', MO: 'months', YR: 'years' };
const BENEFIT_PERIODS = new Set(['22', '23', '25']);
const LIFETIME = '32';
/** HSD01 (and EB09) qualifiers that count services: VS visits, FL units, P6 number of services or procedures. */
const COUNTED_QUALIFIERS = new Set(['VS', 'FL', 'P6', '']);
/** Periods that read as 'per <period>' when HSD06 does not count them. */
const PER_PERIODS = new Set(['6', '7', '21', '22', '23', '25', '26', '27', '32', '34', '35']);

const PERIOD_WORDS: Readonly<Record<string, string>> = {
  '6': 'hour',
  '7': 'day',
  '21': 'years',
  '22': 'service year',
  '23': 'calendar year',
  '24': 'year to date',
  '25': 'contract',
  '26': 'episode',
  '27': 'visit',
  '28': 'outlier',
  '29': 'remaining',
  '30': 'exceeded',
  '31': 'not exceeded',
  '32': 'lifetime',
  '33': 'lifetime remaining',
  '34': 'month',
  '35': 'week',
};

const TIME_PERIOD_OF_UNIT: Readonly<Record<DurationUnit, TimePeriod>> = { days: 'd', weeks: 'd', months: 'mo', years: 'yr' };

/** A time period qualifier (EB06, HSD05) in words: '23' -> 'calendar year'. */
export function describePeriod(qualifier: string): string {
  return ownValue(PERIOD_WORDS, qualifier) ?? qualifier;
}

/** The HSD as words, for caveats and notes: '2 visits per calendar year', '1 visit remaining'. */
export function describeDelivery(hsd: ServiceDelivery): string {
  const noun = hsd.quantityQualifier === 'VS' ? 'visit' : 'service';
  const quantity = hsd.quantity === undefined ? '' : `${hsd.quantity} ${noun}${hsd.quantity === 1 ? '' : 's'}`;
  const periods = hsd.periods !== undefined ? ` per ${hsd.periods}` : PER_PERIODS.has(hsd.periodQualifier) ? ' per' : '';
  const period = describePeriod(hsd.periodQualifier);
  return `${quantity}${periods}${period === '' ? '' : ` ${period}`}`.trim() || 'HSD without quantity';
}

/**
 * The frequency an EB row states itself, as an HSD would: EB10 services (EB09 VS, P6 or FL) per EB06
 * (`EB*F*IND*23***23***VS*2**Y*AD:D0120` is 2 visits per calendar year). Undefined when EB09 counts no services.
 */
export function deliveryOfBenefit(benefit: EligibilityBenefit): ServiceDelivery | undefined {
  if (benefit.quantityQualifier === '' || !COUNTED_QUALIFIERS.has(benefit.quantityQualifier) || benefit.quantity === undefined) {
    return undefined;
  }
  return {
    quantityQualifier: benefit.quantityQualifier,
    quantity: benefit.quantity,
    unit: '',
    modulus: undefined,
    periodQualifier: benefit.period,
    periods: undefined,
    segmentIndex: benefit.segmentIndex,
  };
}

function rolling(quantity: number, amount: number, unit: DurationUnit): LimitationV3 {
  const normalized = normalizeDuration({ amount, unit });
  const frequency = normalized.unit === 'weeks' ? normalized.amount * 7 : normalized.amount;
  const timePeriod = TIME_PERIOD_OF_UNIT[normalized.unit];
  return { quantity, frequency: timePeriod === 'yr' ? capYearlyFrequency(frequency) : frequency, timePeriod };
}

export function readDelivery(hsd: ServiceDelivery): DeliveryReading {
  const { quantity, periods } = hsd;
  const text = { text: describeDelivery(hsd) };
  if (!COUNTED_QUALIFIERS.has(hsd.quantityQualifier) || quantity === undefined || !(quantity > 0)) return text;
  if (periods !== undefined && !(periods > 0)) return text;
  const rollingUnit = ownValue(ROLLING_PERIODS, hsd.periodQualifier);
  if (rollingUnit !== undefined) return { limitation: rolling(quantity, periods ?? 1, rollingUnit) };
  if (BENEFIT_PERIODS.has(hsd.periodQualifier)) {
    return { limitation: { quantity, frequency: capYearlyFrequency(periods ?? 1), timePeriod: 'yr' } };
  }
  if (hsd.periodQualifier === LIFETIME) {
    return { limitation: { quantity, frequency: capYearlyFrequency(Number.POSITIVE_INFINITY), timePeriod: 'yr' } };
  }
  const unit = ownValue(UNIT_PERIODS, hsd.unit);
  if (hsd.periodQualifier === '' && unit !== undefined && hsd.modulus !== undefined && hsd.modulus > 0) {
    return { limitation: rolling(quantity, hsd.modulus, unit) };
  }
  return text;
}
