/**
 * A re-verification: a later check of an already verified patient, with one eligibility entry per check
 * (SPEC section 3). DOCUMENTS.md does not fix these shapes; they follow the patient's: the same scored amounts
 * and dates per version, history the same way, and version 3 strict with unmapped history.
 */
import { z } from 'zod';
import { CoverageStatus, HistoryStatus, OutOfNetworkFeeSchedule, Participation } from '../enums';
import { PatientDateV1, PatientDateV2, PatientDateV3 } from './dates';
import { HistoryRecordV1, HistoryRecordV2, HistoryRecordV3, UnmappedHistoryRecordV3 } from './history-record';
import { scoredV1, scoredV2, scoredV3 } from './scored';

/** Unscored fields of an eligibility entry; coverage status is optional because a check may not report it. */
const eligibilityFacts = {
  feeSchedule: OutOfNetworkFeeSchedule.nullable().optional(),
  note: z.string().optional(),
  coverageStatus: CoverageStatus.optional(),
  isActive: z.boolean().optional(),
};

export const EligibilityEntryV1 = z.looseObject({
  ...eligibilityFacts,
  deductibleRemaining: scoredV1(z.number()).optional(),
  insuranceRemaining: scoredV1(z.number()).optional(),
  effectiveDate: scoredV1(PatientDateV1).optional(),
  planEndDate: PatientDateV1.nullable().optional(),
  participationLevel: scoredV1(Participation),
});

export const EligibilityEntryV2 = z.looseObject({
  ...eligibilityFacts,
  deductibleRemaining: scoredV2(z.number()).optional(),
  insuranceRemaining: scoredV2(z.number()).optional(),
  effectiveDate: scoredV2(PatientDateV2).optional(),
  planEndDate: PatientDateV2.nullable().optional(),
  participationLevel: scoredV2(Participation),
});

export const EligibilityEntryV3 = z.strictObject({
  ...eligibilityFacts,
  deductibleRemaining: scoredV3(z.number()).optional(),
  insuranceRemaining: scoredV3(z.number()).optional(),
  effectiveDate: scoredV3(PatientDateV3).optional(),
  planEndDate: PatientDateV3.nullable().optional(),
  participationLevel: scoredV3(Participation),
});

const reverificationFacts = {
  note: z.string().optional(),
  historyStatus: HistoryStatus,
  feeSchedule: OutOfNetworkFeeSchedule.nullable().optional(),
};

export const ReverificationV1 = z.looseObject({
  ...reverificationFacts,
  history: z.array(HistoryRecordV1),
  eligibility: z.array(EligibilityEntryV1),
});

export const ReverificationV2 = z.looseObject({
  ...reverificationFacts,
  history: z.array(HistoryRecordV2),
  eligibility: z.array(EligibilityEntryV2),
});

export const ReverificationV3 = z.strictObject({
  ...reverificationFacts,
  history: z.array(HistoryRecordV3),
  eligibility: z.array(EligibilityEntryV3),
  unmappedHistory: z.array(UnmappedHistoryRecordV3).optional(),
});

export type EligibilityEntryV1 = z.infer<typeof EligibilityEntryV1>;
export type EligibilityEntryV2 = z.infer<typeof EligibilityEntryV2>;
export type EligibilityEntryV3 = z.infer<typeof EligibilityEntryV3>;
export type ReverificationV1 = z.infer<typeof ReverificationV1>;
export type ReverificationV2 = z.infer<typeof ReverificationV2>;
export type ReverificationV3 = z.infer<typeof ReverificationV3>;
