/** Comparison of plan values as users and sources write them (SPEC section 9). */
import { normalizeDuration, type Duration, type DurationUnit } from './duration';
import { ownValue } from './own-value';

export type PlanValue = string | number | boolean | null | undefined;

const CLAIM_FILING_DEADLINE = /claim\s+filing\s+deadline\s*[:=-]?\s*/i;
const DURATION_TEXT = /^(\d+(?:\.\d+)?)\s*(days?|d|weeks?|wks?|w|months?|mos?|m|years?|yrs?|y)\.?$/i;

const UNIT_BY_WORD: Record<string, DurationUnit> = {
  d: 'days',
  day: 'days',
  days: 'days',
  w: 'weeks',
  wk: 'weeks',
  wks: 'weeks',
  week: 'weeks',
  weeks: 'weeks',
  m: 'months',
  mo: 'months',
  mos: 'months',
  month: 'months',
  months: 'months',
  y: 'years',
  yr: 'years',
  yrs: 'years',
  year: 'years',
  years: 'years',
};

/** Lower case, trimmed, inner runs of whitespace collapsed to one space. */
function normalizeText(value: PlanValue): string {
  if (value === null || value === undefined) return '';
  return String(value).trim().replace(/\s+/g, ' ').toLowerCase();
}

/** '90 days', '90 Days', '6 mo', '1 yr' -> a duration; anything else undefined. */
export function parseDuration(text: string): Duration | undefined {
  const match = DURATION_TEXT.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const unit = ownValue(UNIT_BY_WORD, match[2].toLowerCase());
  return unit ? { amount: Number(match[1]), unit } : undefined;
}

/**
 * A duration reduced to a comparable form: the section 9 normalisation, then years counted as months and weeks
 * as days (exact conversions only; days and months are never converted into each other).
 */
function comparableDuration(duration: Duration): Duration {
  const normalized = normalizeDuration(duration);
  if (normalized.unit === 'years') return { amount: normalized.amount * 12, unit: 'months' };
  if (normalized.unit === 'weeks') return { amount: normalized.amount * 7, unit: 'days' };
  return normalized;
}

/**
 * Two plan values are the same when their texts are equal ignoring case and extra whitespace. When either value
 * is a 'Claim Filing Deadline' text, both are read as time periods (the label removed): '90 days' and
 * 'Claim Filing Deadline: 3 months' are the same value, compared by normalized duration. A labelled text whose
 * rest is no duration is compared as text without the label. Empty, null and undefined are the same value.
 */
export function samePlanValue(a: PlanValue, b: PlanValue): boolean {
  let left = normalizeText(a);
  let right = normalizeText(b);
  if (CLAIM_FILING_DEADLINE.test(left) || CLAIM_FILING_DEADLINE.test(right)) {
    left = left.replace(CLAIM_FILING_DEADLINE, '').trim();
    right = right.replace(CLAIM_FILING_DEADLINE, '').trim();
    const leftDuration = parseDuration(left);
    const rightDuration = parseDuration(right);
    if (leftDuration && rightDuration) {
      const l = comparableDuration(leftDuration);
      const r = comparableDuration(rightDuration);
      return l.amount === r.amount && l.unit === r.unit;
    }
  }
  return left === right;
}
