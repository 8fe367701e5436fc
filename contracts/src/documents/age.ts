/**
 * Age limits of a plan or a benefit (DOCUMENTS.md "Benefits"). Version 1 scores the range as one value;
 * version 2 split it into a scored min and a scored max, which version 3 keeps.
 */
import { z } from 'zod';
import { scoredV1, scoredV2, scoredV3 } from './scored';

/** Older validators (SPEC section 5): min 0..359, max up to 360. */
const AgeMinOlder = z.number().min(0).max(359);
const AgeMaxOlder = z.number().max(360);
/** Version 3 (SPEC section 5): min at least 0, max at most 1000. */
const AgeMinV3 = z.number().min(0);
const AgeMaxV3 = z.number().max(1000);

export const AgeV1 = scoredV1(z.looseObject({ min: AgeMinOlder, max: AgeMaxOlder }));
export const AgeV2 = z.looseObject({ min: scoredV2(AgeMinOlder), max: scoredV2(AgeMaxOlder) });
export const AgeV3 = z.strictObject({ min: scoredV3(AgeMinV3), max: scoredV3(AgeMaxV3) });

export type AgeV1 = z.infer<typeof AgeV1>;
export type AgeV2 = z.infer<typeof AgeV2>;
export type AgeV3 = z.infer<typeof AgeV3>;
