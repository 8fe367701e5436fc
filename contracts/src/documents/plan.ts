/**
 * The insurance plan (DOCUMENTS.md "Plan"). Version 1 spells the last submission `lastSubmition` and may lack
 * `schemaVersion`; version 3 adds plan notes and is strict.
 */
import { z } from 'zod';
import { PayerPlanType } from '../enums';
import { BenefitsV1, BenefitsV2, BenefitsV3 } from './benefits';
import { CaveatV1, CaveatV2, CaveatV3 } from './caveat';
import { TimestampV1, TimestampV2, TimestampV3 } from './dates';
import { PayerV1, PayerV2, PayerV3 } from './payer';
import { PlanDetailsV1, PlanDetailsV2, PlanDetailsV3 } from './plan-details';
import { SponsorV1, SponsorV2, SponsorV3 } from './sponsor';

/** The validator's plan score range (SPEC section 5: "0 to 10 in the validator, 1 to 10 elsewhere"). */
export const PlanScore = z.number().min(0).max(10);

const payerSpecificPlanTypeShape = { matchedValue: PayerPlanType, originalValue: z.string() };

export const PlanMetadataV1 = z.looseObject({ payerSpecificPlanType: z.looseObject(payerSpecificPlanTypeShape) });
export const PlanMetadataV2 = PlanMetadataV1;
export const PlanMetadataV3 = z.strictObject({ payerSpecificPlanType: z.strictObject(payerSpecificPlanTypeShape) });

/** Keys every version shares with the same schema. */
const sharedPlanShape = {
  score: PlanScore,
  scoringEngineVersion: z.string().optional(),
  userHashes: z.array(z.string()).optional(),
  planHash: z.string().optional(),
};

export const PlanV1 = z.looseObject({
  ...sharedPlanShape,
  details: PlanDetailsV1,
  payer: PayerV1,
  sponsor: SponsorV1,
  benefits: BenefitsV1,
  lastSubmition: TimestampV1.nullable().optional(),
  planMetadata: PlanMetadataV1.optional(),
  caveat: CaveatV1.optional(),
  schemaVersion: z.literal(1).optional(),
});

export const PlanV2 = z.looseObject({
  ...sharedPlanShape,
  details: PlanDetailsV2,
  payer: PayerV2,
  sponsor: SponsorV2,
  benefits: BenefitsV2,
  lastSubmission: TimestampV2.nullable().optional(),
  planMetadata: PlanMetadataV2.optional(),
  caveat: CaveatV2.optional(),
  schemaVersion: z.literal(2),
});

export const PlanV3 = z.strictObject({
  ...sharedPlanShape,
  details: PlanDetailsV3,
  payer: PayerV3,
  sponsor: SponsorV3,
  benefits: BenefitsV3,
  lastSubmission: TimestampV3.nullable().optional(),
  planNotes: z.string().optional(),
  planMetadata: PlanMetadataV3.optional(),
  caveat: CaveatV3.optional(),
  schemaVersion: z.literal(3),
});

export type PlanMetadataV1 = z.infer<typeof PlanMetadataV1>;
export type PlanMetadataV2 = PlanMetadataV1;
export type PlanMetadataV3 = z.infer<typeof PlanMetadataV3>;
export type PlanV1 = z.infer<typeof PlanV1>;
export type PlanV2 = z.infer<typeof PlanV2>;
export type PlanV3 = z.infer<typeof PlanV3>;
