/**
 * Verifying a schedule day at once ("Verify all", or the office's nightly run), one appointment's coverage, and the
 * sandbox's reset of a day.
 *
 * A batch reads the day from the practice-management system, skips every coverage with a fresh verification
 * (schedule-day.service isFresh: asked within the office's freshDays, or still running) and queues the others,
 * each with the verification id chosen now; the batch runner (batch-runner.ts) sends their requests, at most the
 * office's concurrency at once, and the verification events end them (verification-events.ts). Everything is in
 * the store: a reload shows the same batch, a restart resumes it. One running batch per office and day.
 */
import { randomUUID } from 'node:crypto';
import {
  SCHEDULE_MESSAGES,
  type ScheduleBatch,
  type ScheduleVerifyReply,
} from '@dv/contracts';
import { Conflict, Forbidden, NotFound, type Actor, type Outbox, type Store } from '@dv/kit';
import { patientInfoOf, progressMessage, requestMessage, usDate } from '../events';
import { type PmsCoverage } from '../practice/practice-management';
import { officeContextFor, type OfficeContext, type PracticeAdapters, type ProfileReader } from '../schedule/office-context';
import { APPOINTMENT_NOT_FOUND, coverageKeysOf, isFresh, refreshDay, settingsOf } from '../schedule/schedule-day.service';
import { coverageKey, type AppointmentSnapshot, type ScheduleStore } from '../schedule/schedule.store';
import { batchView, type BatchDocument, type BatchItemDocument, type BatchStore } from './batch.store';

export interface Requester {
  readonly userId: string;
  readonly name: string;
}

export interface BatchServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly schedule: ScheduleStore;
  readonly batches: BatchStore;
  readonly profiles: ProfileReader;
  readonly adapters: PracticeAdapters;
  readonly outbox: Pick<Outbox, 'add'>;
  /** Tells the batch runner the office has queued work. */
  readonly kick: (officeId: string) => void;
  readonly now: () => Date;
}

const NAME_MAX = 120;

export function requesterOf(actor: Actor): Requester {
  const name = typeof actor.claims.name === 'string' && actor.claims.name.trim() !== '' ? actor.claims.name.trim() : (actor.email ?? actor.userId);
  return { userId: actor.userId, name: name.slice(0, NAME_MAX) };
}

/** The request that verifies this coverage of the snapshot's patient under `verificationId`. */
function requestFor(snapshot: AppointmentSnapshot, coverage: PmsCoverage, verificationId: string, requester: Requester) {
  return {
    verificationId,
    orgId: snapshot.orgId,
    officeId: snapshot.officeId,
    patient: patientInfoOf(snapshot.patient, coverage),
    carrier: { payerId: coverage.payerId },
    appointment: { date: usDate(snapshot.date), provider: snapshot.appointment.provider.slice(0, NAME_MAX) },
    requestedBy: requester,
  };
}

export function batchService(deps: BatchServiceDeps) {
  const { store, schedule, batches, now } = deps;

  /** The items of a new batch: the coverages without a fresh verification, in appointment order. */
  async function plan(context: OfficeContext, batchId: string, snapshots: readonly AppointmentSnapshot[], requester: Requester) {
    const { freshDays } = await settingsOf(schedule, context.scope.officeId);
    const records = new Map((await schedule.verificationsOf(snapshots.flatMap(coverageKeysOf))).map((record) => [record._id, record]));
    const at = now();
    const items: BatchItemDocument[] = [];
    const planned = new Set<string>();
    let skipped = 0;
    for (const snapshot of snapshots) {
      for (const coverage of snapshot.patient.coverages) {
        const key = coverageKey(snapshot.officeId, snapshot.patient, coverage);
        const record = records.get(key);
        // A patient twice on the day is verified once.
        if (planned.has(key) || (record !== undefined && record.chip !== 'attention' && isFresh(record, freshDays, at))) {
          skipped += 1;
          continue;
        }
        planned.add(key);
        const verificationId = randomUUID();
        items.push({
          _id: randomUUID(),
          batchId,
          ...context.scope,
          order: items.length,
          appointmentId: snapshot.appointmentId,
          coverage: coverage.rank,
          coverageKey: key,
          verificationId,
          status: 'queued',
          request: requestFor(snapshot, coverage, verificationId, requester),
          requestedAt: null,
          endedAt: null,
        });
      }
    }
    return { items, skipped };
  }

  async function start(context: OfficeContext, date: string, trigger: ScheduleBatch['trigger'], requester: Requester): Promise<ScheduleBatch> {
    const latest = await batches.latestOn(context.scope.officeId, date);
    if (latest?.status === 'running') throw new Conflict(SCHEDULE_MESSAGES.batchRunning);
    const snapshots = await refreshDay(deps, context, date);
    const id = randomUUID();
    const { items, skipped } = await plan(context, id, snapshots, requester);
    const iso = now().toISOString();
    const batch: BatchDocument = {
      _id: id,
      ...context.scope,
      date,
      status: items.length === 0 ? 'done' : 'running',
      trigger,
      total: items.length,
      done: 0,
      counts: { ready: 0, attention: 0, skipped },
      startedAt: iso,
      finishedAt: items.length === 0 ? iso : null,
      startedBy: requester.name,
    };
    await store.transaction(async (tx) => {
      const again = await batches.latestOn(context.scope.officeId, date, tx);
      if (again?.status === 'running') throw new Conflict(SCHEDULE_MESSAGES.batchRunning);
      await batches.insert(tx, batch, items);
      await deps.outbox.add(tx, progressMessage(batch, iso));
    });
    deps.kick(context.scope.officeId);
    return batchView(batch);
  }

  return {
    start,

    async startForUser(actor: Actor, date: string): Promise<ScheduleBatch> {
      return start(await officeContextFor(actor, deps.profiles, deps.adapters), date, 'user', requesterOf(actor));
    },

    /** Verifies one coverage of an appointment now, unless a fresh verification of it exists (then answers that). */
    async verifyOne(actor: Actor, appointmentId: string, rank: 'primary' | 'secondary'): Promise<ScheduleVerifyReply> {
      const context = await officeContextFor(actor, deps.profiles, deps.adapters);
      const snapshot = await schedule.snapshot(context.scope, appointmentId);
      if (snapshot === null) throw new NotFound(APPOINTMENT_NOT_FOUND);
      const coverage = snapshot.patient.coverages.find((candidate) => candidate.rank === rank);
      if (coverage === undefined) throw new Conflict(rank === 'primary' ? SCHEDULE_MESSAGES.noCoverage : SCHEDULE_MESSAGES.noSecondary);
      const key = coverageKey(snapshot.officeId, snapshot.patient, coverage);
      const { freshDays } = await settingsOf(schedule, context.scope.officeId);
      const at = now();
      return store.transaction(async (tx) => {
        const [record] = await schedule.verificationsOf([key], tx);
        if (record?.verificationId && record.chip !== 'attention' && isFresh(record, freshDays, at)) {
          return { verificationId: record.verificationId, started: false };
        }
        const verificationId = randomUUID();
        const iso = at.toISOString();
        await schedule.saveVerification(tx, { _id: key, ...context.scope, verificationId, chip: 'inProgress', coverageStatus: null, attention: null, requestedAt: iso, verifiedAt: null });
        await deps.outbox.add(tx, requestMessage(requestFor(snapshot, coverage, verificationId, requesterOf(actor)), iso));
        return { verificationId, started: true };
      });
    },

    /** The sandbox's reset of a day: its batches and its patients' verification statuses are forgotten. */
    async resetSandboxDay(actor: Actor, date: string): Promise<void> {
      const context = await officeContextFor(actor, deps.profiles, deps.adapters);
      if (context.practice.kind !== 'sandbox') throw new Forbidden(SCHEDULE_MESSAGES.notSandbox);
      const snapshots = await schedule.snapshotsOn(context.scope, date);
      await store.transaction(async (tx) => {
        await batches.remove(tx, (await batches.batchesOn(context.scope.officeId, date, tx)).map((batch) => batch._id));
        await schedule.forgetVerifications(tx, snapshots.flatMap(coverageKeysOf));
      });
    },
  };
}

export type BatchService = ReturnType<typeof batchService>;
