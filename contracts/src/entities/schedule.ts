/**
 * The appointment schedule API (services/schedule, issue 16): an office's day of appointments from its
 * practice-management system, each patient's verification status per coverage, batch verification of a day, the
 * office's schedule settings and fee schedule, and the write-back of verified values to the practice-management
 * system. Pages /schedule and /schedule/{date} (YYYY-MM-DD).
 */
import { z } from 'zod';
import { CoverageStatus, ProcedureStatus, RelationToSubscriber, TreatmentPlanMode } from '../enums';
import { ID_MAX_LENGTH, ID_PATTERN } from '../limits';

/** A schedule day: YYYY-MM-DD, a real day. */
export const ScheduleDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });
export type ScheduleDay = z.infer<typeof ScheduleDay>;

export const ScheduleDayParams = z.object({ date: ScheduleDay });
export type ScheduleDayParams = z.infer<typeof ScheduleDayParams>;

/**
 * An appointment's verification status, per coverage and overall (the primary coverage's): no verification fresh
 * enough; its sources still run; ready (the coverage status says active or not); or something needs the office
 * (a rejection, an error, a portal credential or MFA code, coverage not active), with the reason.
 */
export const SCHEDULE_CHIPS = ['notVerified', 'inProgress', 'ready', 'attention'] as const;
export const ScheduleChip = z.enum(SCHEDULE_CHIPS);
export type ScheduleChip = z.infer<typeof ScheduleChip>;

/** How a secondary plan coordinates with the primary (the estimate's rule, contracts/src/rules/estimate). */
export const COB_RULES = ['standard', 'nonDuplication'] as const;
export const CobRule = z.enum(COB_RULES);
export type CobRule = z.infer<typeof CobRule>;

export const CoverageVerification = z.object({
  verificationId: z.string().nullable(),
  chip: ScheduleChip,
  coverageStatus: CoverageStatus.nullable(),
  /** Why the office should look, for `attention`. */
  attention: z.string().nullable(),
  /** When the verification's sources answered (ISO 8601). */
  verifiedAt: z.string().nullable(),
});
export type CoverageVerification = z.infer<typeof CoverageVerification>;

export const ScheduleCoverage = z.object({
  rank: z.enum(['primary', 'secondary']),
  payerId: z.string(),
  carrierName: z.string(),
  memberId: z.string(),
  relationToSubscriber: RelationToSubscriber,
  subscriber: z
    .object({ firstName: z.string(), lastName: z.string(), dob: z.string(), memberId: z.string() })
    .nullable(),
  /** A secondary coverage's coordination of benefits rule. */
  cob: CobRule.nullable(),
  verification: CoverageVerification,
});
export type ScheduleCoverage = z.infer<typeof ScheduleCoverage>;

/** A procedure line of the patient's treatment plan or history, as the practice-management system has it. */
export const ScheduleLine = z.object({
  id: z.string(),
  procedureCode: z.string(),
  /** MM/DD/YYYY; null for an undated planned line. */
  dateOfService: z.string().nullable(),
  procedureStatus: ProcedureStatus.nullable(),
  /** The practice-management system's words for the status, when it uses others. */
  pmsStatus: z.string().nullable(),
  tooth: z.string().nullable(),
  surfaces: z.string().nullable(),
  /** The office's fee for the line in dollars, when the practice-management system gives one. */
  fee: z.number().nullable(),
  /** The appointment the line is booked on, if any. */
  appointmentId: z.string().nullable(),
});
export type ScheduleLine = z.infer<typeof ScheduleLine>;

export const ScheduleAppointment = z.object({
  id: z.string(),
  officeId: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** HH:MM, the office's local time. */
  start: z.string(),
  durationMinutes: z.number().int().min(0),
  provider: z.string(),
  operatory: z.string().nullable(),
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), dob: z.string(), newPatient: z.boolean() }),
  coverages: z.array(ScheduleCoverage),
  /** The primary coverage's status; notVerified without a coverage. */
  chip: ScheduleChip,
  /** The planned lines booked on this appointment. */
  lines: z.array(ScheduleLine),
});
export type ScheduleAppointment = z.infer<typeof ScheduleAppointment>;

export const BATCH_STATUSES = ['running', 'done'] as const;
export const BATCH_ITEM_STATUSES = ['queued', 'requested', 'ready', 'attention', 'skipped'] as const;

/** A batch verification of a day's appointments. */
export const ScheduleBatch = z.object({
  id: z.string(),
  date: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** 'user': "Verify all"; 'nightly': the office's nightly run for the next business day. */
  trigger: z.enum(['user', 'nightly']),
  /** Coverages to verify (those without a fresh verification). */
  total: z.number().int().min(0),
  /** Coverages whose verification ended (ready or needing attention). */
  done: z.number().int().min(0),
  counts: z.object({ ready: z.number().int().min(0), attention: z.number().int().min(0), skipped: z.number().int().min(0) }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string(),
});
export type ScheduleBatch = z.infer<typeof ScheduleBatch>;

/** GET /api/schedule/{date}. */
export const ScheduleDayView = z.object({
  date: z.string(),
  /** 'sandbox' while the embedded practice-management sandbox feeds the schedule (the UI shows a badge). */
  source: z.enum(['sandbox', 'nexHealth']),
  appointments: z.array(ScheduleAppointment),
  /** The day's latest batch, if any. */
  batch: ScheduleBatch.nullable(),
});
export type ScheduleDayView = z.infer<typeof ScheduleDayView>;

export const WRITE_BACK_FIELDS = [
  'coverageStatus',
  'effectiveDate',
  'planEndDate',
  'insuranceRemaining',
  'deductibleRemaining',
  'annualMaximum',
  'deductible',
  'groupNumber',
  'verifiedOn',
] as const;
export const WriteBackField = z.enum(WRITE_BACK_FIELDS);
export type WriteBackField = z.infer<typeof WriteBackField>;

/** POST /api/schedule/appointments/{id}/write-back: the chosen verified values, each sent as the page shows it. */
export const WriteBackInput = z.strictObject({
  coverage: z.enum(['primary', 'secondary']).default('primary'),
  fields: z
    .array(z.strictObject({ field: WriteBackField, value: z.string().trim().min(1).max(200) }))
    .min(1, { error: 'Choose at least one value to write back' })
    .max(WRITE_BACK_FIELDS.length),
});
export type WriteBackInput = z.infer<typeof WriteBackInput>;

export const WriteBackRecord = z.object({
  id: z.string(),
  appointmentId: z.string(),
  patientId: z.string(),
  coverage: z.enum(['primary', 'secondary']),
  verificationId: z.string().nullable(),
  fields: z.array(z.object({ field: WriteBackField, value: z.string() })),
  writtenAt: z.string(),
  writtenBy: z.string(),
  /** 'written': the practice-management system took it; 'failed' with its reason. */
  status: z.enum(['written', 'failed']),
  reason: z.string().nullable(),
});
export type WriteBackRecord = z.infer<typeof WriteBackRecord>;

/** GET /api/schedule/appointments/{id}: the appointment with the patient's history and whole treatment plan. */
export const ScheduleAppointmentDetail = ScheduleAppointment.extend({
  /** The patient's completed procedures (history lines). */
  history: z.array(ScheduleLine),
  /** Every planned line of the patient, on this appointment or later ones, or undated. */
  treatmentPlan: z.array(ScheduleLine),
  /** The patient's other appointments from today on (id and date), for the treatment plan modes. */
  upcoming: z.array(z.object({ id: z.string(), date: z.string(), start: z.string() })),
  writeBacks: z.array(WriteBackRecord),
});
export type ScheduleAppointmentDetail = z.infer<typeof ScheduleAppointmentDetail>;

/** POST /api/schedule/appointments/{id}/verify: 201 with the verification started (or the fresh one). */
export const ScheduleVerifyInput = z.strictObject({ coverage: z.enum(['primary', 'secondary']).default('primary') });
export const ScheduleVerifyReply = z.object({ verificationId: z.string(), started: z.boolean() });
export type ScheduleVerifyReply = z.infer<typeof ScheduleVerifyReply>;

export const SCHEDULE_FRESH_DAYS_DEFAULT = 7;
export const SCHEDULE_CONCURRENCY_DEFAULT = 3;
export const SCHEDULE_CONCURRENCY_MAX = 10;

/** GET/PUT /api/schedule/settings: the office's schedule settings. */
export const ScheduleSettings = z.strictObject({
  /** A verification younger than this many days counts as fresh: "Verify all" skips its patient. */
  freshDays: z.number().int().min(0).max(365).default(SCHEDULE_FRESH_DAYS_DEFAULT),
  /** Verify the next business day's schedule every evening. */
  nightlyRun: z.boolean().default(false),
  /** The office's local hour (0-23) of the nightly run. */
  nightlyHour: z.number().int().min(0).max(23).default(19),
  /** The office's IANA time zone, for the nightly run and "today". */
  timeZone: z.string().min(1).max(64).default('America/New_York'),
  /** How many of the office's verifications a batch runs at once. */
  concurrency: z.number().int().min(1).max(SCHEDULE_CONCURRENCY_MAX).default(SCHEDULE_CONCURRENCY_DEFAULT),
  /** Which planned lines the treatment plan estimate covers. */
  treatmentPlanMode: TreatmentPlanMode.default('nextAppointment'),
});
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;

/** PUT /api/schedule/fees: the office's fee per procedure code (ADA:Dxxxx or Dxxxx), in dollars. */
export const FeeSchedule = z.strictObject({
  fees: z
    .record(z.string().max(9).regex(/^(ADA:)?D\d{4}$/, { error: 'Use a procedure code like D1110' }), z.number().min(0).max(100_000))
    .refine((fees) => Object.keys(fees).length <= 1000, { error: 'At most 1000 fees' }),
});
export type FeeSchedule = z.infer<typeof FeeSchedule>;

export const AppointmentIdParams = z.object({
  id: z.string().max(ID_MAX_LENGTH, { error: `At most ${ID_MAX_LENGTH} characters` }).regex(ID_PATTERN, { error: 'Not an appointment id' }),
});

/** The sandbox's controls (the developer drawer's schedule test): reset a day's verifications. */
export const ScheduleSandboxResetInput = z.strictObject({ date: ScheduleDay });

export const SCHEDULE_MESSAGES = {
  batchRunning: 'A batch verification of this day is already running',
  noCoverage: 'This appointment has no insurance coverage to verify',
  noSecondary: 'This appointment has no secondary coverage',
  notSandbox: 'Only the sandbox practice-management system can be reset',
} as const;
