/**
 * Procedure history of a patient (DOCUMENTS.md "Patient"): what was done, when, on which teeth. Version 3 also
 * keeps the records it could not map to a code ("unmapped history").
 */
import { z } from 'zod';
import { Arch, Quadrant, TeethRegion, Tooth } from '../enums';
import { PatientDateV1, PatientDateV2, PatientDateV3 } from './dates';
import { ProcedureCodeV1, ProcedureCodeV2, ProcedureCodeV3 } from './procedure-codes';
import { ToothSurfaces } from './tooth-surfaces';

const whereShape = {
  notes: z.string().optional(),
  tooth: z.array(Tooth).optional(),
  surfaces: ToothSurfaces.optional(),
  quadrants: z.array(Quadrant).optional(),
  arch: Arch.optional(),
  teethRange: TeethRegion.optional(),
};

export const HistoryRecordV1 = z.looseObject({ code: ProcedureCodeV1, date: PatientDateV1, ...whereShape });
export const HistoryRecordV2 = z.looseObject({ code: ProcedureCodeV2, date: PatientDateV2, ...whereShape });
export const HistoryRecordV3 = z.strictObject({ code: ProcedureCodeV3, date: PatientDateV3, ...whereShape });

/**
 * A history line the mapping could not place. Its code and date are kept as the source wrote them (that is why it
 * is unmapped), so they are plain strings; `isWrongDate` says whether the date could be read.
 */
export const UnmappedHistoryRecordV3 = z.strictObject({
  originalBenefitKey: z.string(),
  code: z.string(),
  date: z.string(),
  isWrongDate: z.boolean(),
});

export type HistoryRecordV1 = z.infer<typeof HistoryRecordV1>;
export type HistoryRecordV2 = z.infer<typeof HistoryRecordV2>;
export type HistoryRecordV3 = z.infer<typeof HistoryRecordV3>;
export type UnmappedHistoryRecordV3 = z.infer<typeof UnmappedHistoryRecordV3>;
