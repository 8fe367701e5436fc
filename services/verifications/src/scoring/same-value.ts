/**
 * When two sources state "the same" value. Texts compare as contracts' samePlanValue does (case and extra
 * whitespace ignored, 'Claim Filing Deadline' texts as durations); amounts to the cent; waiting periods by their
 * length (12 months and 1 year agree); frequency limits exactly after the SPEC section 9 normalisation (both
 * mappings normalise, so '1 per 6 months' agrees with HSD 6 months, while '1 per calendar year' and
 * '1 per 12 months' stay different rules); anything else by its canonical JSON.
 */
import { samePlanValue, type WaitingPeriodV3 } from '@dv/contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys: two objects with the same content give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const WAITING_KEYS = new Set(['months', 'days', 'years', 'weeks', 'codes']);

function isWaitingPeriod(value: unknown): value is WaitingPeriodV3 {
  return isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => WAITING_KEYS.has(key));
}

/** A waiting period as months and days (years are 12 months, weeks 7 days), plus its codes. */
function waitingLength(period: WaitingPeriodV3): string {
  const months = (period.months ?? 0) + 12 * (period.years ?? 0);
  const days = (period.days ?? 0) + 7 * (period.weeks ?? 0);
  return canonicalJson({ months, days, codes: [...(period.codes ?? [])].sort() });
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  if (typeof a === 'string' && typeof b === 'string') return samePlanValue(a, b);
  if (isWaitingPeriod(a) && isWaitingPeriod(b)) return waitingLength(a) === waitingLength(b);
  return canonicalJson(a) === canonicalJson(b);
}

/** A value as it goes into a conflict's detail text. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return canonicalJson(value);
}
