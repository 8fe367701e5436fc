/**
 * The verifications API (services/verifications): creating a verification, its source jobs, editing, submitting
 * and listing tickets, the plan library's list, the carrier catalogue and the audit record.
 *
 * The replies that carry the stored documents (ticket, plan, 271 preview) are in verification-documents.ts, the
 * portal data request and result in portal-data.ts: this module stays light for the pages that create and list.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants';
import { readUsDate, US_CALENDAR_DATE_LENGTH, UsCalendarDate, utcMillisOf } from '../documents/dates';
import { ClientInfoV3 } from '../documents/client-info';
import { PatientInfoV3 } from '../documents/patient-info';
import {
  PayerKey,
  RELATIONS_TO_SUBSCRIBER,
  SourceJobStatus,
  TicketStatus,
} from '../enums';
import { JsonValue } from '../json-value';
import { VALIDATION_MESSAGES } from '../validation/messages';

const REQUIRED = { error: MESSAGES.FIELD_REQUIRED };

/** A text the user must fill: trimmed, not empty. */
const requiredText = (max: number) =>
  z.string(REQUIRED).trim().min(1, REQUIRED).max(max, { error: `At most ${max} characters` });

/** A text the user may leave empty: trimmed; empty means "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .transform((text) => (text === '' ? undefined : text));

/** A date the user must fill, as typed: trimmed, not empty, not longer than MM/DD/YYYY. */
const RequiredDateText = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(US_CALENDAR_DATE_LENGTH, { error: VALIDATION_MESSAGES.wrongDate });

/** MM/DD/YYYY, a real day, not after today (a birth date). */
const BirthDate = RequiredDateText.pipe(UsCalendarDate)
  .refine(
    (text) => {
      const day = readUsDate(text);
      return day !== undefined && utcMillisOf(day) <= Date.now();
    },
    { error: 'A date of birth cannot be in the future' },
  );

/** Member ids as carriers print them: letters, digits, dashes; no spaces. */
const MemberId = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(80, { error: 'At most 80 characters' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { error: 'Use letters, digits and dashes only' });

const Relation = z.enum(RELATIONS_TO_SUBSCRIBER, {
  error: (issue) => (issue.input === undefined ? MESSAGES.FIELD_REQUIRED : VALIDATION_MESSAGES.wrongRelationToSubscriber),
});

// ---------- Carriers ----------

/** GET /api/carriers: one payer of the carrier catalogue and the sources that can verify it. */
export const CarrierCatalogueEntry = z.object({
  /** The electronic payer id (the 270's NM1*PR identifier). */
  payerId: z.string(),
  name: z.string(),
  payerKey: PayerKey,
  /** The clearinghouse answers 270 eligibility inquiries for this payer. */
  eligibility270: z.boolean(),
  /** The insurance portal (portals catalogue id) that serves this payer, if any. */
  portalId: z.string().nullable(),
});
export type CarrierCatalogueEntry = z.infer<typeof CarrierCatalogueEntry>;

export const CarrierCatalogue = z.array(CarrierCatalogueEntry);
export type CarrierCatalogue = z.infer<typeof CarrierCatalogue>;

// ---------- Sandbox patients ----------

/** One patient the sandbox clearinghouse (and, where its carrier has one, the sandbox portal) knows. */
export const SandboxPatient = z.object({
  /** 'Maria Lopez, subscriber', 'Diego Lopez, Children of Maria Lopez'. */
  label: z.string(),
  carrier: z.object({ payerId: z.string(), name: z.string() }),
  /** The portal that serves the carrier, if any (then the verification has a portal source too). */
  portalId: z.string().nullable(),
  /** What the sandbox answers about the coverage. */
  coverage: z.enum(['active', 'inactive', 'terminated']),
  /** Ready to send as POST /api/verifications' `patient`. */
  patient: PatientInfoV3,
});
export type SandboxPatient = z.infer<typeof SandboxPatient>;

/**
 * GET /api/verifications/sandbox/patients: whether verifications go to the sandbox clearinghouse (the UI shows a
 * 'sandbox' badge), and then the patients it knows, with how to try the other cases.
 */
export const SandboxPatients = z.object({
  sandbox: z.boolean(),
  patients: z.array(SandboxPatient),
  /** How to simulate rejections, a missing portal credential or an MFA prompt. */
  hints: z.array(z.string()),
});
export type SandboxPatients = z.infer<typeof SandboxPatients>;

// ---------- Creating a verification ----------

/**
 * The patient and subscriber as the office enters them: the ticket's `integrationPatientInfo` (PatientInfoV3)
 * with the required fields enforced (not empty), dates MM/DD/YYYY and the relation from its enumeration.
 */
export const PatientInfoInput = z.strictObject({
  patientFirstName: requiredText(100),
  patientLastName: requiredText(100),
  patientDOB: BirthDate,
  patientMemberId: MemberId,
  patientAddress: optionalText(500),
  patientRelationToSubscriber: Relation,
  subscriberFirstName: optionalText(100),
  subscriberLastName: optionalText(100),
  subscriberDOB: z
    .string()
    .trim()
    .max(US_CALENDAR_DATE_LENGTH, { error: VALIDATION_MESSAGES.wrongDate })
    .optional()
    .transform((text) => (text === '' ? undefined : text))
    .pipe(UsCalendarDate.optional()),
  subscriberMemberId: MemberId.optional(),
});
export type PatientInfoInput = z.infer<typeof PatientInfoInput>;

export const AppointmentInput = z.strictObject({
  /** MM/DD/YYYY: the date of service the eligibility is asked for. */
  date: RequiredDateText.pipe(UsCalendarDate),
  /** The treating provider's name. */
  provider: optionalText(200),
});
export type AppointmentInput = z.infer<typeof AppointmentInput>;

/** POST /api/verifications. */
export const VerificationCreateInput = z.strictObject({
  patient: PatientInfoInput,
  /** A payer of the carrier catalogue (GET /api/carriers). */
  carrier: z.strictObject({ payerId: requiredText(80) }),
  appointment: AppointmentInput.optional(),
  clientInfo: ClientInfoV3.optional(),
});
export type VerificationCreateInput = z.infer<typeof VerificationCreateInput>;

// ---------- Source jobs ----------

/** Where a source job reads from. */
export const VERIFICATION_SOURCES = ['clearinghouse', 'portal'] as const;
export const VerificationSource = z.enum(VERIFICATION_SOURCES);
export type VerificationSource = z.infer<typeof VerificationSource>;

/** How a finished job ended: data mapped, a failure, or the payer's refusal (an X12 AAA rejection). */
export const JOB_OUTCOMES = ['success', 'error', 'rejected'] as const;
export const JobOutcome = z.enum(JOB_OUTCOMES);
export type JobOutcome = z.infer<typeof JobOutcome>;

/** One source job of a verification as the API shows it. Times are ISO 8601. */
export const VerificationJobView = z.object({
  id: z.string(),
  source: VerificationSource,
  /** The clearinghouse's name, or the portal's id. */
  sourceName: z.string(),
  status: SourceJobStatus,
  /** Set when the status is `done`. */
  outcome: JobOutcome.nullable(),
  /** Why the job failed, was rejected, or waits (credential, MFA); null on success. */
  reason: z.string().nullable(),
  attempts: z.number().int().min(0),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** From creation to the end of the job. */
  durationMs: z.number().int().min(0).nullable(),
});
export type VerificationJobView = z.infer<typeof VerificationJobView>;

/** The 201 reply of POST /api/verifications. */
export const VerificationCreated = z.object({ id: z.string(), jobs: z.array(VerificationJobView) });
export type VerificationCreated = z.infer<typeof VerificationCreated>;

// ---------- Reading ----------

export const VerificationCarrier = z.object({ payerId: z.string(), name: z.string(), payerKey: PayerKey });
export type VerificationCarrier = z.infer<typeof VerificationCarrier>;

export const VerificationAppointment = z.object({ date: z.string(), provider: z.string().optional() });
export type VerificationAppointment = z.infer<typeof VerificationAppointment>;

// ---------- Where values came from ----------

/** A source job's kind and name ('clearinghouse', 'sandbox'), or the user who confirmed a value ('user'). */
export const SourceRef = z.object({ source: z.enum(['clearinghouse', 'portal', 'user']), sourceName: z.string() });
export type SourceRef = z.infer<typeof SourceRef>;

/**
 * The call behind a value an agent entered (issue 15, outsourcing: contracts entities/outsourcing.ts takes it as
 * `CallEvidence`): when the payer was called, who answered, the call's reference number, optionally a screenshot or
 * recording URL, and who entered the value when. What an office shows a payer that later demands a refund.
 */
export const FieldEvidence = z.object({
  /** ISO 8601: the call's date and time. */
  calledAt: z.string(),
  /** The payer representative's name. */
  representative: z.string(),
  callReference: z.string(),
  documentUrl: z.string().optional(),
  /** The agent (email, else user id) and when the value was entered (ISO 8601). */
  enteredBy: z.string(),
  enteredAt: z.string(),
});
export type FieldEvidence = z.infer<typeof FieldEvidence>;

/**
 * VerificationDetail.fieldSources: per scored field (wrapper path 'plan.benefits.annualMax'), the sources that
 * state the kept value and those that state another value (with it). Fields no source stated are absent. A value
 * an agent entered from a payer call carries that call's `evidence` (as long as nobody changed it since).
 */
export const FieldSources = z.record(
  z.string(),
  z.object({
    stated: z.array(SourceRef),
    disputed: z.array(SourceRef.extend({ value: JsonValue })),
    evidence: FieldEvidence.optional(),
  }),
);
export type FieldSources = z.infer<typeof FieldSources>;

// ---------- Editing ----------

/** Where an edit may point: a dotted path into the plan or the patient, e.g. 'plan.benefits.annualMax'. */
export const EditPath = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(300)
  // Keys may hold inner spaces ('SUB:Oral & Maxillofacial Surgery'), never at a segment's ends.
  .regex(/^(plan|patient)(\.[^.\s](?:[^.]*[^.\s])?)+$/, { error: "A dotted path starting with 'plan.' or 'patient.'" });

export const FieldEdit = z.strictObject({
  path: EditPath,
  /** The new value of the field (null clears it), within JSON_MAX_DEPTH and JSON_STRING_MAX_LENGTH. */
  value: JsonValue,
});
export type FieldEdit = z.infer<typeof FieldEdit>;

/** PATCH /api/verifications/{id}. */
export const VerificationEditInput = z.strictObject({
  edits: z.array(FieldEdit).min(1).max(100),
  /** The ticket version the edits were made on (VerificationDetail.version); omitted, the edit applies to any. */
  version: z.number().int().min(0).optional(),
});
export type VerificationEditInput = z.infer<typeof VerificationEditInput>;

// ---------- Lists ----------

// The office's list of verifications (GET /api/verifications): verification-history.ts.

// ---------- Plan library ----------

// The plan library's search and list item (plan-library.ts), re-exported for this module's importers.
export * from './plan-library';

// ---------- Audit ----------

/** The last four are the outsourcing queue's (issue 15): a request, a claim, a status move, a logged payer call. */
export const AUDIT_ACTIONS = [
  'create',
  'read',
  'list',
  'update',
  'submit',
  'source-update',
  'outsource',
  'claim',
  'status-change',
  'call-log',
  'reverify',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * One access to a ticket: who, for which office, which ticket, what, when. Never a patient value: edited
 * fields are named by path only.
 */
export const AuditRecord = z.strictObject({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  orgId: z.string(),
  officeId: z.string().nullable(),
  /** The user's id, or `system:<component>` for the service's own writes (source jobs). */
  userId: z.string(),
  ticketId: z.string(),
  action: AuditAction,
  requestId: z.string().optional(),
  /** Edited field paths ('plan.benefits.annualMax'), or the source job that wrote. */
  fields: z.array(z.string()).optional(),
  /** A ticket status move (outsourcing): from null when the ticket entered the queue. */
  transition: z.strictObject({ from: TicketStatus.nullable(), to: TicketStatus }).optional(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;
