/**
 * Money of the estimate: whole cents, so that sums and differences are exact and the parts of a fee always add up
 * to the fee. Dollars come in (fee schedules, plan and patient amounts) and are turned into cents once, here.
 */
import { formatPrice } from '../price';

/** Dollars to whole cents, half a cent up; what is not a finite number, or is negative, is no money: 0. */
export function toCents(dollars: number | null | undefined): number {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars) || dollars <= 0) return 0;
  return Math.round(dollars * 100);
}

/**
 * The plan's share of an amount: `percent` (0 to 100) of `cents`, to the nearest cent. Never more than the amount
 * and never negative, whatever the percent says.
 */
export function percentOf(cents: number, percent: number): number {
  const share = Math.round((cents * Math.min(100, Math.max(0, percent))) / 100);
  return Math.min(cents, Math.max(0, share));
}

/** 12345 -> '$123.45' (SPEC section 5 price formatting with the dollar sign). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  // Written as text, not divided by 100, so no binary fraction ever reaches the formatting.
  return `${sign}$${formatPrice(`${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`)}`;
}
