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
  VerificationStatus,
} from '../enums';
import { JsonValue } from '../json-value';
import { TIMESTAMP_MAX_LENGTH } from '../limits';
import { VALIDATION_MESSAGES } from '../validation/messages';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';

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
 * VerificationDetail.fieldSources: per scored field (wrapper path 'plan.benefits.annualMax'), the sources that
 * state the kept value and those that state another value (with it). Fields no source stated are absent.
 */
export const FieldSources = z.record(
  z.string(),
  z.object({ stated: z.array(SourceRef), disputed: z.array(SourceRef.extend({ value: JsonValue })) }),
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

export const VERIFICATION_SORT_FIELDS = ['createdAt', 'updatedAt', 'patientName', 'dob', 'status', 'carrier'] as const;
export type VerificationSortField = (typeof VERIFICATION_SORT_FIELDS)[number];

/** A day (YYYY-MM-DD, a whole UTC day) or an instant (ISO 8601 with zone). */
const DayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true }).max(TIMESTAMP_MAX_LENGTH)], {
  error: 'Use YYYY-MM-DD or an ISO 8601 date and time',
});

/**
 * GET /api/verifications: the current office's verifications (a company user without an office: the
 * organization's). Filters: patient name (part of first or last name, any case), date of birth, member id,
 * carrier (payer id), status, creation date range (`from`, `to`, inclusive). Other query parameters are ignored.
 */
export const VerificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  patientName: z.string().trim().max(100).optional(),
  dob: UsCalendarDate.optional(),
  memberId: z.string().trim().max(80).optional(),
  carrier: z.string().trim().max(80).optional(),
  status: VerificationStatus.optional(),
  from: DayOrInstant.optional(),
  to: DayOrInstant.optional(),
  sort: z.enum(VERIFICATION_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type VerificationListQuery = z.infer<typeof VerificationListQuery>;

export const VerificationListItem = z.object({
  id: z.string(),
  officeId: z.string(),
  status: VerificationStatus,
  ticketStatus: TicketStatus,
  patient: z.object({ firstName: z.string(), lastName: z.string(), dob: z.string(), memberId: z.string() }),
  carrier: VerificationCarrier,
  createdAt: z.string(),
  updatedAt: z.string(),
  readyAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  planScore: z.number().nullable(),
  jobs: z.array(VerificationJobView.pick({ id: true, source: true, status: true, outcome: true })),
});
export type VerificationListItem = z.infer<typeof VerificationListItem>;

// ---------- Plan library ----------

/** GET /api/plans: the organization's plan library. Texts match a part, any case; the group number whole. */
export const PlanSearchQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  /** A payer id, or part of the carrier's name. */
  carrier: z.string().trim().max(100).optional(),
  groupNumber: z.string().trim().max(80).optional(),
  groupName: z.string().trim().max(100).optional(),
  employer: z.string().trim().max(100).optional(),
});
export type PlanSearchQuery = z.infer<typeof PlanSearchQuery>;

export const PlanLibraryItem = z.object({
  id: z.string(),
  planHash: z.string(),
  carrier: z.object({ payerId: z.string(), name: z.string() }),
  groupNumber: z.string().nullable(),
  groupName: z.string().nullable(),
  employer: z.string().nullable(),
  /** The plan score, 1 to 10. */
  score: z.number(),
  /** How many verifications of the organization share this plan. */
  verifications: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanLibraryItem = z.infer<typeof PlanLibraryItem>;

// ---------- Audit ----------

export const AUDIT_ACTIONS = ['create', 'read', 'list', 'update', 'submit', 'source-update'] as const;
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
});
export type AuditRecord = z.infer<typeof AuditRecord>;
