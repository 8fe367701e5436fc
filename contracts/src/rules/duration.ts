/** Normalisation of durations and frequencies in plan values (SPEC section 9). */
import { YEARLY_FREQUENCY_CAP } from '../constants';

export const DURATION_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export type Duration = { amount: number; unit: DurationUnit };

/**
 * The canonical form of a duration as plans state it:
 * 180 days -> 6 months; 360 or 365 days, or 1 year -> 12 months; 3 months -> 90 days;
 * 1 month or 30 days -> 31 days; 4 weeks -> 31 days; anything else unchanged.
 * Idempotent: every result is left unchanged by a second pass.
 */
export function normalizeDuration({ amount, unit }: Duration): Duration {
  switch (unit) {
    case 'days':
      if (amount === 180) return { amount: 6, unit: 'months' };
      if (amount === 360 || amount === 365) return { amount: 12, unit: 'months' };
      if (amount === 30) return { amount: 31, unit: 'days' };
      return { amount, unit };
    case 'weeks':
      return amount === 4 ? { amount: 31, unit: 'days' } : { amount, unit };
    case 'months':
      if (amount === 3) return { amount: 90, unit: 'days' };
      if (amount === 1) return { amount: 31, unit: 'days' };
      return { amount, unit };
    case 'years':
      return amount === 1 ? { amount: 12, unit: 'months' } : { amount, unit };
  }
}

/** A yearly frequency never exceeds 99. */
export function capYearlyFrequency(frequency: number): number {
  return Math.min(frequency, YEARLY_FREQUENCY_CAP);
}
