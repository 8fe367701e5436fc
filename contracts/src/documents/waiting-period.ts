/**
 * Waiting period before a benefit applies, optionally shared with other codes (DOCUMENTS.md "Benefit entry"):
 * at least one of months, days, years, weeks; months and years up to 9999, days up to 36000, weeks up to 5400;
 * every listed code known, else 'Wrong waiting period correlation'. DOCUMENTS.md states these rules for every
 * version, so version 3 keeps them too.
 */
import { z } from 'zod';
import { DOCUMENT_RULE_MESSAGES } from '../validation/messages';
import { WaitingPeriodCodeV1, WaitingPeriodCodeV3 } from './procedure-codes';

/** A waiting period cannot be negative; the bounds are the older validators' (SPEC section 5). */
const durationShape = {
  months: z.number().min(0).max(9999).optional(),
  days: z.number().min(0).max(36000).optional(),
  years: z.number().min(0).max(9999).optional(),
  weeks: z.number().min(0).max(5400).optional(),
};

type Duration = { months?: number; days?: number; years?: number; weeks?: number };

function hasDuration(period: Duration): boolean {
  return [period.months, period.days, period.years, period.weeks].some((amount) => amount !== undefined);
}

const NEEDS_DURATION = { error: DOCUMENT_RULE_MESSAGES.waitingPeriodWithoutDuration };

export const WaitingPeriodV1 = z
  .looseObject({ codes: z.array(WaitingPeriodCodeV1).optional(), ...durationShape })
  .refine(hasDuration, NEEDS_DURATION);
export const WaitingPeriodV2 = WaitingPeriodV1;
export const WaitingPeriodV3 = z
  .strictObject({ codes: z.array(WaitingPeriodCodeV3).optional(), ...durationShape })
  .refine(hasDuration, NEEDS_DURATION);

export type WaitingPeriodV1 = z.infer<typeof WaitingPeriodV1>;
export type WaitingPeriodV2 = WaitingPeriodV1;
export type WaitingPeriodV3 = z.infer<typeof WaitingPeriodV3>;
