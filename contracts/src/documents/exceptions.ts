/**
 * Benefit levels and the per-member-type exceptions to a benefit (DOCUMENTS.md "Benefit entry"): a child,
 * dependent or student may get another benefit level, limitation or deductible. Version 1 calls the benefit
 * level `coinsurance`.
 */
import { z } from 'zod';
import { LimitationV1, LimitationV2, LimitationV3 } from './limitation';
import { scoredV1, scoredV2, scoredV3 } from './scored';

/** The share of the fee the plan pays, in percent. */
export const BenefitLevelPercent = z.number().min(0).max(100);

export const ExceptionV1 = z.looseObject({
  coinsurance: scoredV1(BenefitLevelPercent).optional(),
  limitation: scoredV1(LimitationV1).optional(),
  deductible: scoredV1(z.boolean()).optional(),
});
export const ExceptionV2 = z.looseObject({
  benefitLevel: scoredV2(BenefitLevelPercent).optional(),
  limitation: scoredV2(LimitationV2).optional(),
  deductible: scoredV2(z.boolean()).optional(),
});
export const ExceptionV3 = z.strictObject({
  benefitLevel: scoredV3(BenefitLevelPercent).optional(),
  limitation: scoredV3(LimitationV3).optional(),
  deductible: scoredV3(z.boolean()).optional(),
});

export const ExceptionsV1 = z.looseObject({
  child: ExceptionV1.optional(),
  dependent: ExceptionV1.optional(),
  student: ExceptionV1.optional(),
});
export const ExceptionsV2 = z.looseObject({
  child: ExceptionV2.optional(),
  dependent: ExceptionV2.optional(),
  student: ExceptionV2.optional(),
});
export const ExceptionsV3 = z.strictObject({
  child: ExceptionV3.optional(),
  dependent: ExceptionV3.optional(),
  student: ExceptionV3.optional(),
});

export type ExceptionV1 = z.infer<typeof ExceptionV1>;
export type ExceptionV2 = z.infer<typeof ExceptionV2>;
export type ExceptionV3 = z.infer<typeof ExceptionV3>;
export type ExceptionsV1 = z.infer<typeof ExceptionsV1>;
export type ExceptionsV2 = z.infer<typeof ExceptionsV2>;
export type ExceptionsV3 = z.infer<typeof ExceptionsV3>;
