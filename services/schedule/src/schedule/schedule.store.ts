/**
 * The schedule's own documents (the only place that names their collections):
 * - appointment snapshots: each appointment as the practice-management system last gave it, with its patient, the
 *   patient's procedures and next appointments (an appointment's page, a batch and a restart read these, not the
 *   system again);
 * - patient verifications: per office, the latest verification of each patient's coverage (the chips), keyed by a
 *   hash of the coverage's identity (payer, member id, date of birth, first name), never by the values themselves;
 * - settings and fee schedules, per office; the write-back log.
 * These documents hold patient data: never log them.
 */
import { createHash } from 'node:crypto';
import {
  type CoverageStatus,
  type FeeSchedule,
  type ScheduleChip,
  type ScheduleSettings,
  type WriteBackRecord,
} from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';
import { type PmsAppointment, type PmsCoverage, type PmsPatient, type PmsProcedure } from '../practice/practice-management';

export const SNAPSHOTS_COLLECTION = 'appointmentSnapshots';
export const PATIENT_VERIFICATIONS_COLLECTION = 'patientVerifications';
export const SETTINGS_COLLECTION = 'scheduleSettings';
export const FEES_COLLECTION = 'feeSchedules';
export const WRITE_BACKS_COLLECTION = 'writeBacks';

export interface AppointmentSnapshot extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly appointmentId: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly source: 'sandbox' | 'nexHealth';
  readonly appointment: PmsAppointment;
  readonly patient: PmsPatient;
  /** Every procedure of the patient (history and treatment plan). */
  readonly procedures: readonly PmsProcedure[];
  /** The patient's appointments from this day on. */
  readonly upcoming: readonly PmsAppointment[];
  readonly savedAt: string;
}

export interface PatientVerification extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly verificationId: string | null;
  readonly chip: ScheduleChip;
  readonly coverageStatus: CoverageStatus | null;
  readonly attention: string | null;
  /** When the verification was asked for (ISO 8601). */
  readonly requestedAt: string;
  readonly verifiedAt: string | null;
}

export interface SettingsDocument extends BaseDocument {
  readonly orgId: string;
  readonly settings: ScheduleSettings;
  /** The day (YYYY-MM-DD) the last nightly run verified. */
  readonly lastNightlyFor?: string;
}

export interface FeesDocument extends BaseDocument {
  readonly orgId: string;
  readonly fees: FeeSchedule['fees'];
  readonly updatedAt: string;
}

export type WriteBackDocument = BaseDocument & Omit<WriteBackRecord, 'id'> & { readonly orgId: string; readonly officeId: string };

/** The patient-verification key of a coverage: a hash, so no patient value is ever an id. */
export function coverageKey(officeId: string, patient: Pick<PmsPatient, 'dob' | 'firstName'>, coverage: Pick<PmsCoverage, 'payerId' | 'memberId'>): string {
  const identity = [coverage.payerId.trim().toUpperCase(), coverage.memberId.trim().toUpperCase(), patient.dob.trim(), patient.firstName.trim().toLowerCase()].join('|');
  return `${officeId}:${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

export const snapshotId = (officeId: string, appointmentId: string): string => `${officeId}|${appointmentId}`;

export async function ensureScheduleIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(SNAPSHOTS_COLLECTION, { fields: ['officeId', 'date'] });
  await store.ensureIndex(PATIENT_VERIFICATIONS_COLLECTION, { fields: ['verificationId'] });
  await store.ensureIndex(WRITE_BACKS_COLLECTION, { fields: ['officeId', 'appointmentId'] });
}

type Scope = { readonly orgId: string; readonly officeId: string };
const within = (tx: Transaction | undefined, store: Pick<Store, 'collection'>) => tx ?? store;

export function scheduleStore(store: Pick<Store, 'collection'>) {
  const snapshots = (tx?: Transaction) => within(tx, store).collection<AppointmentSnapshot>(SNAPSHOTS_COLLECTION);
  const verifications = (tx?: Transaction) => within(tx, store).collection<PatientVerification>(PATIENT_VERIFICATIONS_COLLECTION);
  const settings = (tx?: Transaction) => within(tx, store).collection<SettingsDocument>(SETTINGS_COLLECTION);
  const fees = (tx?: Transaction) => within(tx, store).collection<FeesDocument>(FEES_COLLECTION);
  const writeBacks = (tx?: Transaction) => within(tx, store).collection<WriteBackDocument>(WRITE_BACKS_COLLECTION);
  return {
    async saveSnapshot(tx: Transaction, snapshot: AppointmentSnapshot): Promise<void> {
      const { _id, ...rest } = snapshot;
      await snapshots(tx).upsert({ _id }, { set: rest });
    },
    snapshot(scope: Scope, appointmentId: string, tx?: Transaction): Promise<AppointmentSnapshot | null> {
      return snapshots(tx).findOne({ _id: snapshotId(scope.officeId, appointmentId), orgId: scope.orgId });
    },
    snapshotsOn(scope: Scope, date: string): Promise<AppointmentSnapshot[]> {
      return snapshots().find({ officeId: scope.officeId, orgId: scope.orgId, date });
    },
    verificationsOf(keys: readonly string[], tx?: Transaction): Promise<PatientVerification[]> {
      return keys.length === 0 ? Promise.resolve([]) : verifications(tx).find({ _id: { $in: [...keys] } });
    },
    verificationById(verificationId: string, tx?: Transaction): Promise<PatientVerification[]> {
      return verifications(tx).find({ verificationId });
    },
    async saveVerification(tx: Transaction, record: PatientVerification): Promise<void> {
      const { _id, ...rest } = record;
      await verifications(tx).upsert({ _id }, { set: rest });
    },
    async forgetVerifications(tx: Transaction, keys: readonly string[]): Promise<number> {
      return keys.length === 0 ? 0 : verifications(tx).delete({ _id: { $in: [...keys] } }, { multi: true });
    },
    settingsOf(officeId: string, tx?: Transaction): Promise<SettingsDocument | null> {
      return settings(tx).findById(officeId);
    },
    settingsWithNightlyRuns(): Promise<SettingsDocument[]> {
      return settings().find({ 'settings.nightlyRun': true });
    },
    async saveSettings(tx: Transaction, doc: SettingsDocument): Promise<void> {
      const { _id, ...rest } = doc;
      await settings(tx).upsert({ _id }, { set: rest });
    },
    feesOf(officeId: string): Promise<FeesDocument | null> {
      return fees().findById(officeId);
    },
    async saveFees(tx: Transaction, doc: FeesDocument): Promise<void> {
      const { _id, ...rest } = doc;
      await fees(tx).upsert({ _id }, { set: rest });
    },
    async addWriteBack(tx: Transaction, doc: WriteBackDocument): Promise<void> {
      await writeBacks(tx).insert(doc);
    },
    writeBacksOf(scope: Scope, appointmentId: string): Promise<WriteBackDocument[]> {
      return writeBacks().find({ officeId: scope.officeId, orgId: scope.orgId, appointmentId }, { sort: { writtenAt: -1 } });
    },
  };
}

export type ScheduleStore = ReturnType<typeof scheduleStore>;
