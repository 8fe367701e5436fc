/**
 * Writing verified values back to the office's practice-management system, per field the user chose: what was sent,
 * when, by whom and whether the system took it is logged (the appointment's page lists it). A refusal or an outage
 * is logged as failed and answered 502 with the reason, so the user knows nothing was written.
 */
import { randomUUID } from 'node:crypto';
import { SCHEDULE_MESSAGES, type WriteBackInput, type WriteBackRecord } from '@dv/contracts';
import { Conflict, HttpError, NotFound, type Actor, type Store } from '@dv/kit';
import { requesterOf } from '../batch/batch.service';
import { PracticeManagementError } from '../practice/practice-management';
import { officeContextFor, type PracticeAdapters, type ProfileReader } from '../schedule/office-context';
import { APPOINTMENT_NOT_FOUND } from '../schedule/schedule-day.service';
import { coverageKey, type ScheduleStore } from '../schedule/schedule.store';

export const WRITE_BACK_FAILED = 'The practice-management system did not take the values';
const WRITE_BACK_TIMEOUT_MS = 20_000;

export interface WriteBackDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly schedule: ScheduleStore;
  readonly profiles: ProfileReader;
  readonly adapters: PracticeAdapters;
  readonly now: () => Date;
}

export function writeBackService(deps: WriteBackDeps) {
  return {
    async writeBack(actor: Actor, appointmentId: string, input: WriteBackInput): Promise<WriteBackRecord> {
      const context = await officeContextFor(actor, deps.profiles, deps.adapters);
      const snapshot = await deps.schedule.snapshot(context.scope, appointmentId);
      if (snapshot === null) throw new NotFound(APPOINTMENT_NOT_FOUND);
      const coverage = snapshot.patient.coverages.find((candidate) => candidate.rank === input.coverage);
      if (coverage === undefined) throw new Conflict(input.coverage === 'primary' ? SCHEDULE_MESSAGES.noCoverage : SCHEDULE_MESSAGES.noSecondary);
      const [record] = await deps.schedule.verificationsOf([coverageKey(snapshot.officeId, snapshot.patient, coverage)]);
      let reason: string | null = null;
      try {
        await context.practice.writeBack(context.office, { patientId: snapshot.patient.id, coverage: input.coverage }, input.fields, {
          signal: AbortSignal.timeout(WRITE_BACK_TIMEOUT_MS),
        });
      } catch (error) {
        if (!(error instanceof PracticeManagementError) && !(error instanceof Error && error.name === 'TimeoutError')) throw error;
        reason = error instanceof PracticeManagementError ? error.message : 'The practice-management system did not answer in time';
      }
      const written: WriteBackRecord = {
        id: randomUUID(),
        appointmentId,
        patientId: snapshot.patient.id,
        coverage: input.coverage,
        verificationId: record?.verificationId ?? null,
        fields: input.fields.map((field) => ({ field: field.field, value: field.value })),
        writtenAt: deps.now().toISOString(),
        writtenBy: requesterOf(actor).name,
        status: reason === null ? 'written' : 'failed',
        reason,
      };
      const { id, ...rest } = written;
      await deps.store.transaction((tx) => deps.schedule.addWriteBack(tx, { _id: id, ...rest, ...context.scope }));
      if (reason !== null) throw new HttpError(502, `${WRITE_BACK_FAILED}: ${reason}`);
      return written;
    },
  };
}

export type WriteBackService = ReturnType<typeof writeBackService>;
