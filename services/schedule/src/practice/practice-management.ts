/**
 * The practice-management port: what the schedule reads from an office's practice-management system (its
 * appointments of a day, their patients with their insurance coverages, and the patients' procedures: history and
 * treatment plan) and what it writes back (verified values, per patient). Adapters: the deterministic sandbox
 * (sandbox-practice.ts, the embedded default for the demo offices) and NexHealth's REST API (nexhealth/).
 *
 * Dates of birth and dates of service are MM/DD/YYYY (the product's patient dates); a day is YYYY-MM-DD; times are
 * the office's local HH:MM. Patient data passes through here: never log it.
 */
import { type PmsType, type ProcedureStatus, type RelationToSubscriber, type WriteBackField } from '@dv/contracts';

/** The office whose system is asked, with what its integration settings say. */
export interface PracticeOffice {
  readonly orgId: string;
  readonly officeId: string;
  /** The integration's subdomain (NexHealth's institution subdomain). */
  readonly subdomain: string | null;
  /** NexHealth's location id in that institution, when the integration names one. */
  readonly locationId: string | null;
  /** Which practice-management system's vocabulary the procedures use. */
  readonly pmsType: PmsType | null;
}

export interface PmsSubscriber {
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY. */
  readonly dob: string;
  readonly memberId: string;
}

export interface PmsCoverage {
  readonly rank: 'primary' | 'secondary';
  /** The electronic payer id (the carrier catalogue's). */
  readonly payerId: string;
  readonly carrierName: string;
  readonly memberId: string;
  readonly relationToSubscriber: RelationToSubscriber;
  /** The subscriber when the patient is not. */
  readonly subscriber: PmsSubscriber | null;
  /** A secondary coverage's coordination of benefits: standard unless the plan says non-duplication. */
  readonly cob: 'standard' | 'nonDuplication' | null;
}

export interface PmsPatient {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY. */
  readonly dob: string;
  /** Primary first. */
  readonly coverages: readonly PmsCoverage[];
}

export interface PmsProcedure {
  readonly id: string;
  readonly patientId: string;
  /** The appointment the procedure is booked on, if any. */
  readonly appointmentId: string | null;
  /** D followed by 4 digits. */
  readonly procedureCode: string;
  /** MM/DD/YYYY; null for an undated planned procedure. */
  readonly dateOfService: string | null;
  /** The status in SPEC's vocabulary of the office's system (PROCEDURE_STATUSES_BY_PMS), when it maps. */
  readonly status: ProcedureStatus | null;
  /** The system's own word for the status. */
  readonly pmsStatus: string | null;
  readonly tooth: string | null;
  readonly surfaces: string | null;
  /** The office's fee in dollars, when the system gives one. */
  readonly fee: number | null;
}

export interface PmsAppointment {
  readonly id: string;
  readonly patientId: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  /** HH:MM, the office's local time. */
  readonly start: string;
  readonly durationMinutes: number;
  readonly provider: string;
  readonly operatory: string | null;
  readonly cancelled: boolean;
}

/** A day of the schedule: its appointments, their patients, and every procedure of those patients. */
export interface PracticeDay {
  readonly appointments: readonly PmsAppointment[];
  readonly patients: readonly PmsPatient[];
  readonly procedures: readonly PmsProcedure[];
  /** Each patient's appointments from the day on (for the treatment plan modes). */
  readonly upcoming: readonly PmsAppointment[];
}

export interface WriteBackEntry {
  readonly field: WriteBackField;
  readonly value: string;
}

/** The system refused or could not be reached; `retryable` when trying later may work. */
export class PracticeManagementError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PracticeManagementError';
  }
}

export interface PracticeManagement {
  /** 'sandbox' while the embedded sandbox answers (the UI shows a badge). */
  readonly kind: 'sandbox' | 'nexHealth';
  /** The day's appointments (cancelled ones included, flagged), with their patients and procedures. */
  day(office: PracticeOffice, date: string, options?: { readonly signal?: AbortSignal }): Promise<PracticeDay>;
  /** Writes verified values onto the patient's coverage in the system. */
  writeBack(
    office: PracticeOffice,
    target: { readonly patientId: string; readonly coverage: 'primary' | 'secondary' },
    entries: readonly WriteBackEntry[],
    options?: { readonly signal?: AbortSignal },
  ): Promise<void>;
}
