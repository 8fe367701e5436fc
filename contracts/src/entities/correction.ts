/**
 * /correction (goduser, issue 18 item 8): a data correction tool for a ticket's raw document. The stored ticket
 * wrapper is read as it is (any schema version) with what the contracts' validators say of it; a correction is a
 * whole version 3 wrapper (the strict one: unknown keys refused), checked with the same validators before it is
 * stored, and saved with an audit record: who, when, which ticket, and a note saying why.
 */
import { z } from 'zod';
import { VerificationStatus } from '../enums';
import { JsonObject } from '../json-value';

export const CORRECTION_NOTE_MAX_LENGTH = 1000;
/** How many changed paths a correction record lists; the count says how many there were in all. */
export const CORRECTION_FIELDS_MAX = 50;

export const CORRECTION_MESSAGES = {
  notFound: 'No ticket with this id in your organization',
  noteRequired: 'Say why the ticket is corrected',
  unchanged: 'The document is the same as the stored one: nothing to correct',
  stale: 'The ticket changed since you opened it: read it again before correcting it',
  idChanged: "The ticket's internal id must stay the ticket's id",
  invalid: 'The document is not a valid version 3 ticket',
} as const;

/** One problem a validator found: where in the document ('plan.benefits.annualMax.value') and why. */
export const DocumentProblem = z.object({ path: z.string(), message: z.string() });
export type DocumentProblem = z.infer<typeof DocumentProblem>;

/** A correction as the audit keeps it: who, when, which ticket, why, and which paths changed (never their values). */
export const CorrectionRecord = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  userId: z.string(),
  /** The user's e-mail as their token gave it, when it gave one. */
  userEmail: z.string().optional(),
  ticketId: z.string(),
  note: z.string(),
  /** The ticket's version before and after. */
  fromVersion: z.number().int().min(0),
  toVersion: z.number().int().min(1),
  /** Changed paths in the version 3 wrapper, at most CORRECTION_FIELDS_MAX of them. */
  fields: z.array(z.string()),
  fieldCount: z.number().int().min(0),
});
export type CorrectionRecord = z.infer<typeof CorrectionRecord>;

/**
 * GET /api/correction/tickets/{id}: the stored document exactly as stored, its schema version (null when it names
 * none it knows), what the validator of that version says of it, the ticket's version (a correction names the one
 * it was made on) and the corrections made so far, newest first.
 */
export const CorrectionTicket = z.object({
  id: z.string(),
  officeId: z.string(),
  status: VerificationStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(0),
  schemaVersion: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  document: z.unknown(),
  problems: z.array(DocumentProblem),
  corrections: z.array(CorrectionRecord),
});
export type CorrectionTicket = z.infer<typeof CorrectionTicket>;

/** PUT /api/correction/tickets/{id}: the corrected wrapper (version 3), why, and the version it was made on. */
export const TicketCorrectionInput = z.strictObject({
  document: JsonObject,
  note: z
    .string()
    .trim()
    .min(1, { error: CORRECTION_MESSAGES.noteRequired })
    .max(CORRECTION_NOTE_MAX_LENGTH, { error: `At most ${CORRECTION_NOTE_MAX_LENGTH} characters` }),
  expectedVersion: z.number().int().min(0),
});
export type TicketCorrectionInput = z.infer<typeof TicketCorrectionInput>;
