/**
 * A benefit entry: what the plan pays for one code, category or subcategory (DOCUMENTS.md "Benefit entry").
 * Version 1 calls the benefit level `coinsurance`, splits nothing and uses old-style categories; version 2
 * renames and splits; version 3 adds the subcategory, drops `wholeCategory`, prefixes codes and is strict.
 */
import { z } from 'zod';
import { Category, CorrelationType, OldCategory, Subcategory } from '../enums';
import { VALIDATION_MESSAGES } from '../validation/messages';
import { AgeV1, AgeV2, AgeV3 } from './age';
import { CaveatV1, CaveatV2, CaveatV3 } from './caveat';
import { CorrelationV1, CorrelationV2, CorrelationV3 } from './correlation';
import { BenefitLevelPercent, ExceptionsV1, ExceptionsV2, ExceptionsV3 } from './exceptions';
import { LimitationV1, LimitationV2, LimitationV3 } from './limitation';
import { MappingInfoListV1, MappingInfoListV2, MappingInfoListV3 } from './mapping-info';
import { ProcedureCodeV1, ProcedureCodeV2, ProcedureCodeV3 } from './procedure-codes';
import { scoredV1, scoredV2, scoredV3 } from './scored';
import { WaitingPeriodV1, WaitingPeriodV2, WaitingPeriodV3 } from './waiting-period';

type CorrelatedEntry = {
  waitingPeriod?: { value: unknown } | undefined;
  correlatedWith?: readonly { how: CorrelationType }[] | undefined;
};

/**
 * An entry correlated with another code by WAITING_PERIOD must state its waiting period; the error sits on the
 * correlation's `how`, the value that promises what the entry lacks.
 */
function requireWaitingPeriodWhenCorrelated<T extends CorrelatedEntry>(entry: T, ctx: z.RefinementCtx<T>): void {
  const hasWaitingPeriod = entry.waitingPeriod !== undefined && entry.waitingPeriod.value !== null;
  if (hasWaitingPeriod) return;
  entry.correlatedWith?.forEach((correlation, index) => {
    if (correlation.how !== CorrelationType.enum.WAITING_PERIOD) return;
    ctx.addIssue({
      code: 'custom',
      message: VALIDATION_MESSAGES.wrongWaitingPeriodCorrelation,
      path: ['correlatedWith', index, 'how'],
    });
  });
}

/**
 * Versions 1 and 2 name the category the old way. A code whose number no old range holds (D5900-D5910) has the
 * category 'unknown', which is what the migration from version 3 writes for it (SPEC section 8).
 */
const OldEntryCategory = z.union([OldCategory, z.literal('unknown')], { error: VALIDATION_MESSAGES.invalidCategory });

export const BenefitEntryV1 = z
  .looseObject({
    category: OldEntryCategory,
    code: ProcedureCodeV1.optional(),
    wholeCategory: z.boolean().optional(),
    appliesToAnnualMax: scoredV1(z.boolean()).optional(),
    annualMax: scoredV1(z.number()).optional(),
    coinsurance: scoredV1(BenefitLevelPercent).optional(),
    deductible: scoredV1(z.boolean()).optional(),
    waitingPeriod: scoredV1(WaitingPeriodV1).optional(),
    lifetimeMaximum: scoredV1(z.number()).optional(),
    limitation: scoredV1(LimitationV1).optional(),
    age: AgeV1.optional(),
    correlatedWith: z.array(CorrelationV1).optional(),
    caveat: CaveatV1.optional(),
    exceptions: ExceptionsV1.optional(),
    mappingInfo: MappingInfoListV1.optional(),
  })
  .superRefine(requireWaitingPeriodWhenCorrelated);

export const BenefitEntryV2 = z
  .looseObject({
    category: OldEntryCategory,
    code: ProcedureCodeV2.optional(),
    wholeCategory: z.boolean().optional(),
    appliesToAnnualMax: scoredV2(z.boolean()).optional(),
    annualMax: scoredV2(z.number()).optional(),
    benefitLevel: scoredV2(BenefitLevelPercent).optional(),
    deductible: scoredV2(z.boolean()).optional(),
    waitingPeriod: scoredV2(WaitingPeriodV2).optional(),
    lifetimeMaximum: scoredV2(z.number()).optional(),
    limitation: scoredV2(LimitationV2).optional(),
    age: AgeV2.optional(),
    correlatedWith: z.array(CorrelationV2).optional(),
    caveat: CaveatV2.optional(),
    exceptions: ExceptionsV2.optional(),
    mappingInfo: MappingInfoListV2.optional(),
  })
  .superRefine(requireWaitingPeriodWhenCorrelated);

export const BenefitEntryV3 = z
  .strictObject({
    category: Category,
    subcategory: Subcategory.optional(),
    code: ProcedureCodeV3.optional(),
    appliesToAnnualMax: scoredV3(z.boolean()).optional(),
    annualMax: scoredV3(z.number()).optional(),
    benefitLevel: scoredV3(BenefitLevelPercent).optional(),
    deductible: scoredV3(z.boolean()).optional(),
    waitingPeriod: scoredV3(WaitingPeriodV3).optional(),
    lifetimeMaximum: scoredV3(z.number()).optional(),
    limitation: scoredV3(LimitationV3).optional(),
    age: AgeV3.optional(),
    correlatedWith: z.array(CorrelationV3).optional(),
    caveat: CaveatV3.optional(),
    exceptions: ExceptionsV3.optional(),
    mappingInfo: MappingInfoListV3.optional(),
  })
  .superRefine(requireWaitingPeriodWhenCorrelated);

export type BenefitEntryV1 = z.infer<typeof BenefitEntryV1>;
export type BenefitEntryV2 = z.infer<typeof BenefitEntryV2>;
export type BenefitEntryV3 = z.infer<typeof BenefitEntryV3>;
