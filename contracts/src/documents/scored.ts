/**
 * Scored fields (DOCUMENTS.md "Scored field"): a value, its confidence score and the history of its changes.
 * One factory per schema version. The caller passes the value's schema, so a scored field enforces the value's
 * own rules (enumeration messages, bounds) on the value and on every value of its change history.
 */
import { z } from 'zod';
import { TimestampV1, TimestampV2, TimestampV3 } from './dates';

/** Versions 1 and 2 score 1 to 3 (SPEC section 5: "the older validators accept an integer up to 3"). */
export const ScoreV1 = z.int().min(1).max(3);
export const ScoreV2 = ScoreV1;
/** Version 3 added a fourth level. */
export const ScoreV3 = z.int().min(1).max(4);

export function scoredV1<T extends z.ZodType>(value: T) {
  const valueOrNull = value.nullable();
  const change = z.looseObject({ userHash: z.string(), timestamp: TimestampV1, value: valueOrNull });
  return z.looseObject({ value: valueOrNull, score: ScoreV1, changeHistory: z.array(change).optional() });
}

/** Version 2 renamed the change time `timestamp` to `updatedAt` and made it an ISO string. */
export function scoredV2<T extends z.ZodType>(value: T) {
  const valueOrNull = value.nullable();
  const change = z.looseObject({ userHash: z.string(), updatedAt: TimestampV2, value: valueOrNull });
  return z.looseObject({ value: valueOrNull, score: ScoreV2, changeHistory: z.array(change).optional() });
}

/** Version 3 records what a change replaced (old and new value and score) and is strict. */
export function scoredV3<T extends z.ZodType>(value: T) {
  const valueOrNull = value.nullable();
  const change = z.strictObject({
    userHash: z.string(),
    updatedAt: TimestampV3,
    value: valueOrNull,
    oldValue: valueOrNull.optional(),
    newValue: valueOrNull.optional(),
    oldScore: ScoreV3.optional(),
    newScore: ScoreV3.optional(),
  });
  return z.strictObject({ value: valueOrNull, score: ScoreV3, changeHistory: z.array(change).optional() });
}

/** The type of a scored field of a given value schema, e.g. `ScoredV3Of<typeof PlanType>`. */
export type ScoredV1Of<T extends z.ZodType> = z.infer<ReturnType<typeof scoredV1<T>>>;
export type ScoredV2Of<T extends z.ZodType> = z.infer<ReturnType<typeof scoredV2<T>>>;
export type ScoredV3Of<T extends z.ZodType> = z.infer<ReturnType<typeof scoredV3<T>>>;
