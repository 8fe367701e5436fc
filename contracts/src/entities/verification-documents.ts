/**
 * The verifications API's replies that carry whole stored documents (documents/: patient, plan, ticket wrapper):
 * a ticket, a plan of the library, and the support tool's 271 preview. Apart from the lighter request and list
 * schemas of verifications.ts, so that a page which only creates or lists verifications does not load the
 * document model and the procedure-code table with them.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants';
import { PatientV3 } from '../documents/patient';
import { PlanV3 } from '../documents/plan';
import { TicketV3 } from '../documents/ticket';
import { InternalWarning, VerificationStatus } from '../enums';
import { FieldSources, PlanLibraryItem, VerificationAppointment, VerificationCarrier, VerificationJobView } from './verifications';

const REQUIRED = { error: MESSAGES.FIELD_REQUIRED };

// ---------- Reading ----------

/**
 * GET /api/verifications/{id}: the ticket wrapper in schema version 3 (patient, plan, ticket, schemaVersion),
 * whatever version it is stored in, and what the service keeps around it.
 */
export const VerificationDetail = z.object({
  id: z.string(),
  officeId: z.string(),
  status: VerificationStatus,
  carrier: VerificationCarrier,
  appointment: VerificationAppointment.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the last source job ended (the last `verification.ready` event). */
  readyAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The plan library entry the plan is shared through (GET /api/plans/{id}). */
  planId: z.string().nullable(),
  warnings: z.array(InternalWarning),
  /** Counts the ticket's writes (0 at creation); an edit names the version it was made on (409 when stale). */
  version: z.number().int().min(0),
  jobs: z.array(VerificationJobView),
  /** Where each scored value came from, and the other values sources stated for it. */
  fieldSources: FieldSources,
  patient: PatientV3,
  plan: PlanV3.nullable(),
  ticket: TicketV3,
  schemaVersion: z.literal(3),
});
export type VerificationDetail = z.infer<typeof VerificationDetail>;

// ---------- Plan library ----------

export const PlanLibraryDetail = PlanLibraryItem.extend({ plan: PlanV3 });
export type PlanLibraryDetail = z.infer<typeof PlanLibraryDetail>;

// ---------- Support tool ----------

/** Longest 271 the preview takes: a large family's answer is well under it, and the JSON body stays within 1 MB. */
export const X271_PREVIEW_MAX_CHARS = 900_000;
/** The preview's body limit: the gateway's default limit, 1 MB. */
export const X271_PREVIEW_MAX_BODY_BYTES = 1_048_576;

/** POST /api/management/x271/preview. */
export const X271PreviewInput = z.strictObject({
  x12: z
    .string(REQUIRED)
    .min(1, REQUIRED)
    .max(X271_PREVIEW_MAX_CHARS, { error: `At most ${X271_PREVIEW_MAX_CHARS} characters` }),
  /** The carrier, for its coinsurance convention; else the payer id the 271 names. */
  payerId: z.string().trim().max(80).optional(),
  invertCoinsurance: z.boolean().optional(),
});
export type X271PreviewInput = z.infer<typeof X271PreviewInput>;

export const X271Rejection = z.object({
  code: z.string(),
  reason: z.string(),
  loop: z.string(),
  followUp: z.string().nullable(),
});
export type X271Rejection = z.infer<typeof X271Rejection>;

export const X271Preview = z.object({
  /** Null when the payer rejected the inquiry (see rejections). */
  plan: PlanV3.nullable(),
  patient: PatientV3.nullable(),
  warnings: z.array(InternalWarning),
  rejections: z.array(X271Rejection),
  /** What the mapping did not carry into the plan, in words. */
  notes: z.array(z.string()),
});
export type X271Preview = z.infer<typeof X271Preview>;
