/**
 * The patient's part of a verification (DOCUMENTS.md "Patient"): remaining amounts, effective date, history.
 * Version 3 adds the coverage status (required), the plan end date and the unmapped history.
 */
import { z } from 'zod';
import { CoverageStatus, HistoryStatus, OutOfNetworkFeeSchedule } from '../enums';
import { PatientDateV1, PatientDateV2, PatientDateV3 } from './dates';
import { HistoryRecordV1, HistoryRecordV2, HistoryRecordV3, UnmappedHistoryRecordV3 } from './history-record';
import { scoredV1, scoredV2, scoredV3 } from './scored';

export const PatientV1 = z.looseObject({
  deductibleRemaining: scoredV1(z.number()).optional(),
  insuranceRemaining: scoredV1(z.number()).optional(),
  effectiveDate: scoredV1(PatientDateV1).optional(),
  note: z.string().optional(),
  feeSchedule: OutOfNetworkFeeSchedule.nullable().optional(),
  history: z.array(HistoryRecordV1),
  historyStatus: HistoryStatus,
});

export const PatientV2 = z.looseObject({
  deductibleRemaining: scoredV2(z.number()).optional(),
  insuranceRemaining: scoredV2(z.number()).optional(),
  effectiveDate: scoredV2(PatientDateV2).optional(),
  note: z.string().optional(),
  feeSchedule: OutOfNetworkFeeSchedule.nullable().optional(),
  history: z.array(HistoryRecordV2),
  historyStatus: HistoryStatus,
});

export const PatientV3 = z.strictObject({
  deductibleRemaining: scoredV3(z.number()).optional(),
  insuranceRemaining: scoredV3(z.number()).optional(),
  effectiveDate: scoredV3(PatientDateV3).optional(),
  note: z.string().optional(),
  feeSchedule: OutOfNetworkFeeSchedule.nullable().optional(),
  history: z.array(HistoryRecordV3),
  historyStatus: HistoryStatus,
  unmappedHistory: z.array(UnmappedHistoryRecordV3).optional(),
  coverageStatus: CoverageStatus,
  planEndDate: PatientDateV3.nullable().optional(),
});

export type PatientV1 = z.infer<typeof PatientV1>;
export type PatientV2 = z.infer<typeof PatientV2>;
export type PatientV3 = z.infer<typeof PatientV3>;
