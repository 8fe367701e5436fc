/**
 * The re-verification API (services/verifications/src/reverification, issue 15): an earlier verification's
 * eligibility checked again against its sources, the plan kept. Pages /reverification and /reverification/{id}.
 *
 * One re-verification per verification: its checks accumulate. The first entry is what the verification itself
 * found (kind 'verification'), each later one a re-check (kind 'reverification'); the Reverification document of
 * SPEC section 3 holds one eligibility entry per check that a source answered, oldest first, and each check lists
 * what changed since the check before it.
 */
import { z } from 'zod';
import { ReverificationV3 } from '../documents/reverification';
import { CoverageStatus } from '../enums';
import { ID_MAX_LENGTH, ID_PATTERN } from '../limits';
import { ReverificationCheckStatus } from './socket-events';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';
import { VERIFICATION_LIST_PAGE_MAX, VERIFICATION_SEARCH_MAX_LENGTH } from './verification-history';
import { VerificationCarrier, VerificationJobView } from './verifications';


/** What a re-check compares with the check before it, in the order a change list names them. */
export const ELIGIBILITY_CHANGE_FIELDS = [
  'coverageStatus',
  'effectiveDate',
  'planEndDate',
  'insuranceRemaining',
  'deductibleRemaining',
  'participationLevel',
  'historyStatus',
  'history',
] as const;
export const EligibilityChangeField = z.enum(ELIGIBILITY_CHANGE_FIELDS);
export type EligibilityChangeField = z.infer<typeof EligibilityChangeField>;

/** How a change names each field ("Remaining maximum went from $1,200.00 to $950.00"). */
export const ELIGIBILITY_CHANGE_LABELS: Readonly<Record<EligibilityChangeField, string>> = {
  coverageStatus: 'Coverage',
  effectiveDate: 'Effective date',
  planEndDate: 'Plan end date',
  insuranceRemaining: 'Remaining maximum',
  deductibleRemaining: 'Remaining deductible',
  participationLevel: 'Participation',
  historyStatus: 'History',
  history: 'History records',
};

/** One difference between two checks, as values shown to the office ('$1,200.00', '01/01/2026', 'active'). */
export const EligibilityChange = z.object({
  field: EligibilityChangeField,
  /** The previous check's value; null when it did not state one. */
  from: z.string().nullable(),
  /** This check's value; null when it does not state one. */
  to: z.string().nullable(),
  /** The sentence the page and the PDF print. */
  text: z.string(),
});
export type EligibilityChange = z.infer<typeof EligibilityChange>;

export const ReverificationCheck = z.object({
  id: z.string(),
  /** 'verification': what the verification itself found; 'reverification': a re-check. */
  kind: z.enum(['verification', 'reverification']),
  status: ReverificationCheckStatus,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who started it: their name or email as their sign-in gave it. */
  startedBy: z.string(),
  /** The re-check's source jobs (none for the verification's own entry: its jobs are on its page). */
  jobs: z.array(VerificationJobView),
  /** Which entry of the document's eligibility list this check found; null while it runs or when no source answered. */
  eligibilityIndex: z.number().int().min(0).nullable(),
  /** What changed since the previous check a source answered; empty for the first and for a check without an answer. */
  changes: z.array(EligibilityChange),
});
export type ReverificationCheck = z.infer<typeof ReverificationCheck>;

/** POST /api/reverifications: check this verification's eligibility again (201 with the ReverificationDetail). */
export const ReverificationStartInput = z.strictObject({
  verificationId: z
    .string()
    .max(ID_MAX_LENGTH, { error: `At most ${ID_MAX_LENGTH} characters` })
    .regex(ID_PATTERN, { error: 'Not a verification id' }),
});
export type ReverificationStartInput = z.infer<typeof ReverificationStartInput>;

export const REVERIFICATION_SORT_FIELDS = ['lastCheckedAt', 'patientName'] as const;

/** GET /api/reverifications: the office's re-verifications (a company user without an office: the organization's). */
export const ReverificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(VERIFICATION_LIST_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  /** Part of the patient's name (any case and word order) or of the member id. */
  q: z.string().trim().max(VERIFICATION_SEARCH_MAX_LENGTH).optional(),
  /** The re-verification of this verification (none or one). */
  verificationId: z.string().max(ID_MAX_LENGTH).regex(ID_PATTERN, { error: 'Not a verification id' }).optional(),
  sort: z.enum(REVERIFICATION_SORT_FIELDS).default('lastCheckedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ReverificationListQuery = z.infer<typeof ReverificationListQuery>;

export const ReverificationListItem = z.object({
  id: z.string(),
  verificationId: z.string(),
  officeId: z.string(),
  patient: z.object({ firstName: z.string(), lastName: z.string(), dob: z.string(), memberId: z.string() }),
  carrier: VerificationCarrier,
  /** The latest check's status. */
  status: ReverificationCheckStatus,
  /** When the latest check started. */
  lastCheckedAt: z.string(),
  /** The coverage status the latest answered check found. */
  coverageStatus: CoverageStatus,
  /** Re-checks so far (the verification's own entry not counted). */
  rechecks: z.number().int().min(0),
  /** How many values the latest answered re-check found changed. */
  changes: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReverificationListItem = z.infer<typeof ReverificationListItem>;

/** The plan the verification found, kept as it was: what the page names of it (no patient data). */
export const ReverificationPlanSummary = z.object({
  /** The plan library's id, when the plan is in the library. */
  planId: z.string().nullable(),
  groupNumber: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The sponsor: the employer, or the subscriber of an individual plan. */
  employer: z.string().nullable(),
  score: z.number().nullable(),
});
export type ReverificationPlanSummary = z.infer<typeof ReverificationPlanSummary>;

/** GET /api/reverifications/{id} and the reply of POST /api/reverifications. */
export const ReverificationDetail = ReverificationListItem.extend({
  plan: ReverificationPlanSummary.nullable(),
  /** SPEC section 3's Reverification document: one eligibility entry per answered check, oldest first. */
  document: ReverificationV3,
  /** Every check, oldest first. */
  checks: z.array(ReverificationCheck),
});
export type ReverificationDetail = z.infer<typeof ReverificationDetail>;

/** GET /api/reverifications/{id}/pdf?paper=letter|a4: the Re-verification PDF, as application/pdf. */
export const ReverificationPdfQuery = z.object({
  paper: z.enum(['letter', 'a4']).default('letter'),
});
export type ReverificationPdfQuery = z.infer<typeof ReverificationPdfQuery>;

/** Refusals of POST /api/reverifications (409), word for word. */
export const REVERIFICATION_MESSAGES = {
  alreadyRunning: 'A re-check of this verification is already running: wait for its answer',
  notReady: 'The verification is still waiting for its sources: re-verify it once they answered',
  noSource: 'No source can check this carrier again: no clearinghouse or portal serves it',
} as const;
