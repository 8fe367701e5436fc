/**
 * The office's schedule: a day's appointments from its practice-management system (each saved as a snapshot, which
 * an appointment's page, a batch and a restart read) with each coverage's verification status, and one
 * appointment with the patient's history, treatment plan, next appointments and write-back log.
 *
 * A coverage's chip is its latest verification's (schedule.store PatientVerification) while that verification is
 * fresh (asked for within the office's freshDays setting) or still running; otherwise 'notVerified'.
 */
import {
  classifyTreatmentLine,
  isNewPatient,
  ScheduleSettings,
  SCHEDULE_FRESH_DAYS_DEFAULT,
  type CoverageVerification,
  type ScheduleAppointment,
  type ScheduleAppointmentDetail,
  type ScheduleDayView,
  type ScheduleLine,
} from '@dv/contracts';
import { NotFound, ServiceUnavailable, type Actor, type Store } from '@dv/kit';
import { batchView, type BatchStore } from '../batch/batch.store';
import { PracticeManagementError, type PmsProcedure, type PracticeDay } from '../practice/practice-management';
import { officeContextFor, type OfficeContext, type PracticeAdapters, type ProfileReader } from './office-context';
import { coverageKey, snapshotId, type AppointmentSnapshot, type PatientVerification, type ScheduleStore } from './schedule.store';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const PRACTICE_UNAVAILABLE = 'The practice-management system could not be reached: try again in a moment';
/** How long a day's read waits for the practice-management system. */
const DAY_TIMEOUT_MS = 20_000;
const DAY_MS = 86_400_000;

export interface ScheduleDayDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly schedule: ScheduleStore;
  readonly batches: Pick<BatchStore, 'latestOn'>;
  readonly profiles: ProfileReader;
  readonly adapters: PracticeAdapters;
  readonly now: () => Date;
}

export function lineOf(procedure: PmsProcedure): ScheduleLine {
  return {
    id: procedure.id,
    procedureCode: procedure.procedureCode,
    dateOfService: procedure.dateOfService,
    procedureStatus: procedure.status,
    pmsStatus: procedure.pmsStatus,
    tooth: procedure.tooth,
    surfaces: procedure.surfaces,
    fee: procedure.fee,
    appointmentId: procedure.appointmentId,
  };
}

/** A procedure as SPEC's treatment plan rules read it. */
const treatmentLineOf = (procedure: PmsProcedure) => ({ dateOfService: procedure.dateOfService, procedureStatus: procedure.status });

/** The office's settings, its defaults where it saved none. */
export async function settingsOf(schedule: Pick<ScheduleStore, 'settingsOf'>, officeId: string): Promise<ScheduleSettings> {
  return (await schedule.settingsOf(officeId))?.settings ?? ScheduleSettings.parse({});
}

/** Whether a verification asked for at `requestedAt` is still fresh `freshDays` later. */
export function isFresh(record: Pick<PatientVerification, 'requestedAt' | 'chip'>, freshDays: number, now: Date): boolean {
  if (record.chip === 'inProgress') return true;
  return now.getTime() - Date.parse(record.requestedAt) < freshDays * DAY_MS;
}

function verificationOf(record: PatientVerification | undefined, freshDays: number, now: Date): CoverageVerification {
  if (record === undefined) return { verificationId: null, chip: 'notVerified', coverageStatus: null, attention: null, verifiedAt: null };
  const fresh = isFresh(record, freshDays, now);
  return {
    verificationId: record.verificationId,
    chip: fresh ? record.chip : 'notVerified',
    coverageStatus: record.coverageStatus,
    attention: fresh ? record.attention : null,
    verifiedAt: record.verifiedAt,
  };
}

/** The keys of the snapshot's coverages, primary first. */
export function coverageKeysOf(snapshot: Pick<AppointmentSnapshot, 'officeId' | 'patient'>): string[] {
  return snapshot.patient.coverages.map((coverage) => coverageKey(snapshot.officeId, snapshot.patient, coverage));
}

export function appointmentOf(snapshot: AppointmentSnapshot, records: ReadonlyMap<string, PatientVerification>, freshDays: number, now: Date): ScheduleAppointment {
  const { appointment, patient } = snapshot;
  const coverages = patient.coverages.map((coverage) => ({
    rank: coverage.rank,
    payerId: coverage.payerId,
    carrierName: coverage.carrierName,
    memberId: coverage.memberId,
    relationToSubscriber: coverage.relationToSubscriber,
    subscriber: coverage.subscriber,
    cob: coverage.cob,
    verification: verificationOf(records.get(coverageKey(snapshot.officeId, patient, coverage)), freshDays, now),
  }));
  return {
    id: appointment.id,
    officeId: snapshot.officeId,
    date: appointment.date,
    start: appointment.start,
    durationMinutes: appointment.durationMinutes,
    provider: appointment.provider,
    operatory: appointment.operatory,
    patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob, newPatient: isNewPatient(snapshot.procedures.map(treatmentLineOf), now) },
    coverages,
    chip: coverages[0]?.verification.chip ?? 'notVerified',
    lines: snapshot.procedures.filter((procedure) => procedure.appointmentId === appointment.id).map(lineOf),
  };
}

/** Reads the day from the office's system and saves each appointment as a snapshot; cancelled ones are left out. */
export async function refreshDay(deps: Pick<ScheduleDayDeps, 'store' | 'schedule' | 'now'>, context: OfficeContext, date: string): Promise<AppointmentSnapshot[]> {
  let day: PracticeDay;
  try {
    day = await context.practice.day(context.office, date, { signal: AbortSignal.timeout(DAY_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof PracticeManagementError || (error instanceof Error && error.name === 'TimeoutError')) {
      throw Object.assign(new ServiceUnavailable(PRACTICE_UNAVAILABLE), { cause: error });
    }
    throw error;
  }
  const savedAt = deps.now().toISOString();
  const snapshots = day.appointments
    .filter((appointment) => !appointment.cancelled)
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
    .flatMap((appointment): AppointmentSnapshot[] => {
      const patient = day.patients.find((candidate) => candidate.id === appointment.patientId);
      if (patient === undefined) return [];
      return [
        {
          _id: snapshotId(context.scope.officeId, appointment.id),
          ...context.scope,
          appointmentId: appointment.id,
          date,
          source: context.practice.kind,
          appointment,
          patient,
          procedures: day.procedures.filter((procedure) => procedure.patientId === patient.id),
          upcoming: day.upcoming.filter((other) => other.patientId === patient.id && other.date >= date && !other.cancelled),
          savedAt,
        },
      ];
    });
  await deps.store.transaction(async (tx) => {
    for (const snapshot of snapshots) await deps.schedule.saveSnapshot(tx, snapshot);
  });
  return snapshots;
}

export function scheduleDayService(deps: ScheduleDayDeps) {
  const { schedule, now } = deps;

  async function recordsOf(snapshots: readonly AppointmentSnapshot[]): Promise<Map<string, PatientVerification>> {
    const records = await schedule.verificationsOf(snapshots.flatMap(coverageKeysOf));
    return new Map(records.map((record) => [record._id, record]));
  }

  return {
    async day(actor: Actor, date: string): Promise<ScheduleDayView> {
      const context = await officeContextFor(actor, deps.profiles, deps.adapters);
      const snapshots = await refreshDay(deps, context, date);
      const { freshDays } = await settingsOf(schedule, context.scope.officeId);
      const records = await recordsOf(snapshots);
      const batch = await deps.batches.latestOn(context.scope.officeId, date);
      const at = now();
      return {
        date,
        source: context.practice.kind,
        appointments: snapshots.map((snapshot) => appointmentOf(snapshot, records, freshDays, at)),
        batch: batch === null ? null : batchView(batch),
      };
    },

    async appointment(actor: Actor, id: string): Promise<ScheduleAppointmentDetail> {
      const context = await officeContextFor(actor, deps.profiles, deps.adapters);
      const snapshot = await schedule.snapshot(context.scope, id);
      if (snapshot === null) throw new NotFound(APPOINTMENT_NOT_FOUND);
      const settings = await settingsOf(schedule, context.scope.officeId);
      const at = now();
      const base = appointmentOf(snapshot, await recordsOf([snapshot]), settings.freshDays ?? SCHEDULE_FRESH_DAYS_DEFAULT, at);
      const kinds = snapshot.procedures.map((procedure) => ({ procedure, kind: classifyTreatmentLine(treatmentLineOf(procedure), at) }));
      const writeBacks = await schedule.writeBacksOf(context.scope, id);
      return {
        ...base,
        history: kinds.filter((entry) => entry.kind === 'history').map((entry) => lineOf(entry.procedure)),
        treatmentPlan: kinds.filter((entry) => entry.kind === 'planned').map((entry) => lineOf(entry.procedure)),
        upcoming: snapshot.upcoming.map((other) => ({ id: other.id, date: other.date, start: other.start })),
        writeBacks: writeBacks.map(({ _id, orgId: _org, officeId: _office, ...record }) => ({ id: _id, ...record })),
      };
    },
  };
}

export type ScheduleDayService = ReturnType<typeof scheduleDayService>;
