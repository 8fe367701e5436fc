/**
 * Sends the queued items of running batches, at most the office's concurrency setting of them in flight at once
 * (requested, not answered yet), each request through the outbox in the transaction that marks its item requested.
 * A sweep (at start, then every `sweepIntervalMs`) resumes what the store holds after a restart and sends again the
 * requests unanswered for `requestRetryMs` (the same verification id: the verifications service creates nothing new
 * and answers again). `kick(officeId)` pumps an office at once; pumps of one office never overlap.
 */
import { type Logger, type Outbox, type Store } from '@dv/kit';
import { requestMessage } from '../events';
import { settingsOf } from '../schedule/schedule-day.service';
import { type ScheduleStore } from '../schedule/schedule.store';
import { type BatchStore } from './batch.store';

export interface BatchRunnerDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly batches: BatchStore;
  readonly schedule: ScheduleStore;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly now: () => Date;
  readonly sweepIntervalMs: number;
  readonly requestRetryMs: number;
  readonly logger?: Logger;
}

export interface BatchRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  kick(officeId: string): void;
  /** Resolves once every pump started so far ended (tests). */
  idle(): Promise<void>;
}

export function createBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const { store, batches, schedule, outbox, now } = deps;
  const pumps = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  /** Requests the office's next queued items while it has room. */
  async function pump(officeId: string): Promise<void> {
    const { concurrency } = await settingsOf(schedule, officeId);
    await store.transaction(async (tx) => {
      const room = concurrency - (await batches.inFlight(officeId, tx));
      if (room <= 0) return;
      const iso = now().toISOString();
      for (const item of await batches.nextQueued(officeId, room, tx)) {
        if (!(await batches.moveItem(tx, item._id, 'queued', { status: 'requested', requestedAt: iso }))) continue;
        await schedule.saveVerification(tx, {
          _id: item.coverageKey,
          orgId: item.orgId,
          officeId: item.officeId,
          verificationId: item.verificationId,
          chip: 'inProgress',
          coverageStatus: null,
          attention: null,
          requestedAt: iso,
          verifiedAt: null,
        });
        await outbox.add(tx, requestMessage(item.request, iso));
      }
    });
  }

  function kick(officeId: string): void {
    if (stopped) return;
    const previous = pumps.get(officeId) ?? Promise.resolve();
    const next = previous
      .then(() => (stopped ? undefined : pump(officeId)))
      .catch((error: unknown) => deps.logger?.error({ err: error, officeId }, 'the batch runner could not send requests'));
    pumps.set(officeId, next);
    void next.finally(() => {
      if (pumps.get(officeId) === next) pumps.delete(officeId);
    });
  }

  /** Requests answered by nobody for too long are sent again, under the same verification id. */
  async function resend(): Promise<void> {
    const before = new Date(now().getTime() - deps.requestRetryMs).toISOString();
    for (const item of await batches.unanswered(before)) {
      await store.transaction(async (tx) => {
        const iso = now().toISOString();
        if (await batches.moveItem(tx, item._id, 'requested', { requestedAt: iso })) await outbox.add(tx, requestMessage(item.request, iso));
      });
    }
  }

  async function sweep(): Promise<void> {
    try {
      const offices = new Set((await batches.running()).map((batch) => batch.officeId));
      for (const officeId of offices) kick(officeId);
      await resend();
    } catch (error) {
      deps.logger?.error({ err: error }, 'the batch runner sweep failed');
    }
  }

  return {
    async start() {
      stopped = false;
      await sweep();
      timer = setInterval(() => void sweep(), deps.sweepIntervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      await Promise.all(pumps.values());
    },
    kick,
    async idle() {
      while (pumps.size > 0) await Promise.all(pumps.values());
    },
  };
}
