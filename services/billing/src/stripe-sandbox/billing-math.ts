/** Billing periods and discount amounts. Pure; times are Unix seconds, amounts are integer cents. */
import { type Coupon } from './wire-types';

const SECONDS_PER_DAY = 86_400;

/**
 * The anchor moved by whole months, clamped to the month's last day (Jan 31 → Feb 28 → Mar 31), as Stripe bills:
 * each boundary is computed from the anchor, so a short month never drags later periods earlier.
 */
export function monthsAfter(anchor: number, months: number): number {
  const start = new Date(anchor * 1000);
  const day = start.getUTCDate();
  const target = new Date(start.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

function monthsBetween(from: number, to: number): number {
  const a = new Date(from * 1000);
  const b = new Date(to * 1000);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

export function intervalMonths(interval: 'month' | 'year', count: number): number {
  return interval === 'year' ? 12 * count : count;
}

/** The end of the period that starts at `periodStart`, for a subscription anchored at `anchor`. */
export function periodEnd(anchor: number, periodStart: number, months: number): number {
  return monthsAfter(anchor, monthsBetween(anchor, periodStart) + months);
}

export function daysLater(time: number, days: number): number {
  return time + days * SECONDS_PER_DAY;
}

export function discountAmount(coupon: Pick<Coupon, 'percent_off' | 'amount_off'>, subtotal: number): number {
  if (coupon.percent_off !== null) return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  if (coupon.amount_off !== null) return Math.min(subtotal, coupon.amount_off);
  return 0;
}

/** When a discount stops applying: only `repeating` coupons end on a date; `once` ends after the first invoice. */
export function discountEnd(coupon: Pick<Coupon, 'duration' | 'duration_in_months'>, start: number): number | null {
  return coupon.duration === 'repeating' ? monthsAfter(start, coupon.duration_in_months ?? 1) : null;
}

export function discountApplies(
  coupon: Pick<Coupon, 'duration'>,
  end: number | null,
  invoice: { periodStart: number; first: boolean },
): boolean {
  if (coupon.duration === 'once') return invoice.first;
  return end === null || invoice.periodStart < end;
}

/** "$99.00": the sandbox's own pages show amounts as Stripe's hosted pages do. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
