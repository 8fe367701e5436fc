/**
 * The plan library API (services/verifications/src/plans): an organization's plans, each shared by the verifications
 * of the patients of one group with the same benefits, searched on /plan and printed from /plan/{id}. The reply
 * that carries the plan document itself (PlanLibraryDetail) is in verification-documents.ts, so that the search
 * page does not load the document model.
 */
import { z } from 'zod';
import { PlanType } from '../enums';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';

/** Longest text of a search field (the search box, a carrier, a group or employer name). */
export const PLAN_SEARCH_TEXT_MAX = 100;
/** Longest group number a search names. */
export const PLAN_GROUP_NUMBER_MAX = 80;

const searchText = (max: number) => z.string().trim().max(max, { error: `At most ${max} characters` }).optional();

/**
 * GET /api/plans: the organization's plan library, most recently verified first. Texts match a part, any case;
 * `groupNumber` matches the whole group number (spaces and case aside), `q` a part of it.
 */
export const PlanSearchQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  /** The /plan search box: part of the payer's name or payer id, of the group number, group name or employer. */
  q: searchText(PLAN_SEARCH_TEXT_MAX),
  /** A payer id, or part of the carrier's name. */
  carrier: searchText(PLAN_SEARCH_TEXT_MAX),
  groupNumber: searchText(PLAN_GROUP_NUMBER_MAX),
  groupName: searchText(PLAN_SEARCH_TEXT_MAX),
  employer: searchText(PLAN_SEARCH_TEXT_MAX),
  planType: PlanType.optional(),
});
export type PlanSearchQuery = z.infer<typeof PlanSearchQuery>;

export const PlanLibraryItem = z.object({
  id: z.string(),
  planHash: z.string(),
  carrier: z.object({ payerId: z.string(), name: z.string() }),
  groupNumber: z.string().nullable(),
  groupName: z.string().nullable(),
  employer: z.string().nullable(),
  /** Dental, medical...; null when no source stated it. */
  planType: PlanType.nullable(),
  /** The plan score, 1 to 10. */
  score: z.number(),
  /** How many verifications of the organization share this plan. */
  verifications: z.number().int().min(0),
  /** When a verification last confirmed the plan: its sources answered, or it was submitted (ISO 8601). */
  lastVerifiedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanLibraryItem = z.infer<typeof PlanLibraryItem>;

/**
 * GET /api/plans/{id}/pdf?paper=letter|a4: the plan as the verification's Plan PDF prints it (no patient), as
 * application/pdf. The papers are VerificationPdfQuery's.
 */
export const PlanPdfQuery = z.object({
  paper: z.enum(['letter', 'a4']).default('letter'),
});
export type PlanPdfQuery = z.infer<typeof PlanPdfQuery>;
