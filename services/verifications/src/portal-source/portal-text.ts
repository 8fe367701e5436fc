/**
 * How the words of a portal's benefit rows read: frequencies, waiting periods and age limits (the rules are
 * listed in map-portal-data.ts). Each reader returns undefined for a text it cannot read; the mapping keeps that
 * text as a caveat.
 */
import { capYearlyFrequency, normalizeDuration, ownValue, type DurationUnit, type LimitationV3, type WaitingPeriodV3 } from '@dv/contracts';

const UNITS: Readonly<Record<string, DurationUnit>> = {
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  wk: 'weeks',
  wks: 'weeks',
  month: 'months',
  months: 'months',
  mo: 'months',
  mos: 'months',
  year: 'years',
  years: 'years',
  yr: 'years',
  yrs: 'years',
};
const UNIT_PATTERN = '(days?|weeks?|wks?|months?|mos?|years?|yrs?)';
const BENEFIT_PERIOD = /^(?:calendar|benefit|plan|contract|policy)\s+year$|^year$/;
const FREQUENCY = /^(\d+)\s*(?:x|times?)?\s*(?:per|every|\/|each|in)\s*(.+)$/;

/** '2 per calendar year' / '1 per 6 months' / '1 per lifetime' -> a limitation; undefined when not readable. */
export function readFrequency(text: string): LimitationV3 | undefined {
  const match = FREQUENCY.exec(text.trim().toLowerCase().replace(/\s+/g, ' '));
  if (match === null) return undefined;
  const quantity = Number(match[1]);
  const period = (match[2] ?? '').trim().replace(/^an?\s+|^one\s+/, '');
  if (!(quantity > 0)) return undefined;
  if (BENEFIT_PERIOD.test(period)) return { quantity, frequency: 1, timePeriod: 'yr' };
  if (period === 'lifetime') return { quantity, frequency: capYearlyFrequency(Number.POSITIVE_INFINITY), timePeriod: 'yr' };
  const rolling = new RegExp(`^(\\d+)?\\s*${UNIT_PATTERN}$`).exec(period);
  const unit = rolling === null ? undefined : ownValue(UNITS, rolling[2] ?? '');
  if (rolling === null || unit === undefined) return undefined;
  const amount = rolling[1] === undefined ? 1 : Number(rolling[1]);
  if (!(amount > 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  if (normalized.unit === 'years') return { quantity, frequency: capYearlyFrequency(normalized.amount), timePeriod: 'yr' };
  if (normalized.unit === 'months') return { quantity, frequency: normalized.amount, timePeriod: 'mo' };
  const days = normalized.unit === 'weeks' ? normalized.amount * 7 : normalized.amount;
  return { quantity, frequency: days, timePeriod: 'd' };
}

/** '12 months' -> { months: 12 }; 'None' -> { months: 0 }; undefined when not readable. */
export function readWaitingPeriod(text: string): WaitingPeriodV3 | undefined {
  const words = text.trim().toLowerCase();
  if (/^(none|no waiting period|n\/a|waived|0)$/.test(words)) return { months: 0 };
  const match = new RegExp(`^(\\d+)\\s*-?\\s*${UNIT_PATTERN}$`).exec(words);
  if (match === null) return undefined;
  const unit = ownValue(UNITS, match[2] ?? '');
  const amount = Number(match[1]);
  if (unit === undefined || !(amount >= 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  return { [normalized.unit]: normalized.amount };
}

/** 'Up to age 19' -> { max: 19 }, 'Under 16' -> { max: 15 }, 'Age 16 and over' -> { min: 16 }. */
export function readAgeLimit(text: string): { min?: number; max?: number } | undefined {
  const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const under = /\bunder\s+(?:age\s+)?(\d{1,3})\b/.exec(words);
  if (under) return { max: Number(under[1]) - 1 };
  const through = /\b(?:up to|through|thru|to|until)\s+(?:age\s+)?(\d{1,3})\b/.exec(words);
  if (through) return { max: Number(through[1]) };
  const over = /\bages?\s+(\d{1,3})\s*(?:and\s+(?:over|older|up)|\+)|^(\d{1,3})\s*\+$/.exec(words);
  if (over) return { min: Number(over[1] ?? over[2]) };
  return undefined;
}
