/**
 * What the verification workspace (the /verification/{id} and /verification/{id}/source pages) asks of the
 * verifications service beyond reading and editing a ticket: retrying a source job, the sources' raw answers
 * beside what was mapped from them, the PDF of a ticket, and the optimistic-concurrency rule of edits.
 */
import { z } from 'zod';
import { PatientV3 } from '../documents/patient';
import { PlanV3 } from '../documents/plan';
import { type VERIFICATION_PDF_TYPES } from '../enums';
import { JsonValue } from '../json-value';
import { PortalData } from './portal-data';
import { VerificationJobView } from './verifications';

// ---------- Editing with a version ----------

/**
 * A ticket's version counts its writes (creation is 0): GET /api/verifications/{id} returns it, PATCH sends the
 * version the user saw, and a PATCH naming an older version is refused with 409 and this message, so a save from
 * a stale tab never overwrites what another tab or user saved in between.
 */
export const VERIFICATION_EDIT_CONFLICT =
  'Someone changed this verification in the meantime (another tab or user). The current value is shown: check it and save again.';

/** The 409's details: the current version and, per edited path, the value stored now. */
export const EditConflictDetails = z.object({
  version: z.number().int().min(0),
  current: z.array(z.object({ path: z.string(), value: JsonValue.nullable() })),
});
export type EditConflictDetails = z.infer<typeof EditConflictDetails>;

// ---------- Source jobs ----------

/** POST /api/verifications/{id}/jobs/{jobId}/retry: a finished or waiting job runs again; the reply is the ticket. */
export const RETRYABLE_JOB_MESSAGE = 'This source is still working: wait for it to finish before retrying';

// ---------- Source view ----------

/** One element of an X12 segment: its position ('EB03'), name, value and, for coded values, what the code means. */
export const X12ElementView = z.object({
  position: z.string(),
  name: z.string(),
  value: z.string(),
  meaning: z.string().nullable(),
});
export type X12ElementView = z.infer<typeof X12ElementView>;

/** One segment of a 271 as the source view shows it: its text, the loop it belongs to, its elements. */
export const X12SegmentView = z.object({
  /** 0-based position in the interchange. */
  index: z.number().int().min(0),
  /** Segment id: 'ISA', 'EB', 'MSG' ... */
  id: z.string(),
  /** The segment as received, without its terminator. */
  text: z.string(),
  /** The loop id ('2110C') and its name ('Subscriber Eligibility or Benefit Information'), null in the envelope. */
  loop: z.string().nullable(),
  loopName: z.string().nullable(),
  elements: z.array(X12ElementView),
  /** An EB, AAA or MSG row in words: 'EB*A*IND*23 ... = coinsurance, Diagnostic, patient pays 0%'. */
  explanation: z.string().nullable(),
});
export type X12SegmentView = z.infer<typeof X12SegmentView>;

/** A source's raw answer: the clearinghouse's 271 (with its segments read) or the portal's data. */
export const SourceRawAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('x12'), text: z.string(), segments: z.array(X12SegmentView) }),
  z.object({ kind: z.literal('portal'), data: PortalData }),
]);
export type SourceRawAnswer = z.infer<typeof SourceRawAnswer>;

export const VerificationSourceView = z.object({
  job: VerificationJobView,
  /** Null while the job has no answer yet, or when it failed before one came. */
  raw: SourceRawAnswer.nullable(),
  /** What was mapped from the answer (null when nothing was). */
  mapped: z.object({ plan: PlanV3, patient: PatientV3 }).nullable(),
  /** What the mapping did not carry into the plan, in words. */
  notes: z.array(z.string()),
});
export type VerificationSourceView = z.infer<typeof VerificationSourceView>;

/** GET /api/verifications/{id}/sources. */
export const VerificationSources = z.object({
  verificationId: z.string(),
  sources: z.array(VerificationSourceView),
});
export type VerificationSources = z.infer<typeof VerificationSources>;

// ---------- PDF ----------

/** The PDF types the verification page prints (SPEC: Breakdown, Re-verification, Plan; re-verification has its own page). */
export const VERIFICATION_PAGE_PDF_TYPES = ['Breakdown', 'Plan'] as const satisfies readonly (typeof VERIFICATION_PDF_TYPES)[number][];

/** GET /api/verifications/{id}/pdf?type=Breakdown|Plan&paper=letter|a4: application/pdf. */
export const VerificationPdfQuery = z.object({
  type: z.enum(VERIFICATION_PAGE_PDF_TYPES).default('Breakdown'),
  paper: z.enum(['letter', 'a4']).default('letter'),
});
export type VerificationPdfQuery = z.infer<typeof VerificationPdfQuery>;
