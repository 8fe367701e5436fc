/**
 * The verifications service's readiness events (TOPICS.verificationReady), consumed idempotently: for a verification
 * this service asked for, the coverage's chip follows (in progress while its sources run; ready, or needing
 * attention with the reason, once they answered), and the batch item waiting for it ends, the batch's count moves
 * and the office's browsers hear of it. When an item ends, its office's batch runner has room for the next request.
 * A later answer (a portal that waited for a credential) updates the chip again; an ended item stays ended.
 */
import { EVENT_TYPES, VerificationReadyPayload } from '@dv/contracts';
import { idempotent, type BusEvent, type EventHandler, type Logger, type Outbox, type Store, type Transaction } from '@dv/kit';
import { type BatchStore } from '../batch/batch.store';
import { progressMessage } from '../events';
import { type ScheduleStore } from './schedule.store';

export const VERIFICATION_EVENTS_CONSUMER = 'schedule.verification-events';

export interface VerificationEventsDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly schedule: ScheduleStore;
  readonly batches: BatchStore;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly kick: (officeId: string) => void;
  readonly logger?: Logger;
}

/** Ends the batch items of the verification; answers the offices whose runner has room now. */
async function endItems(deps: VerificationEventsDeps, tx: Transaction, payload: VerificationReadyPayload, at: string): Promise<string[]> {
  const offices: string[] = [];
  const outcome = payload.attention ? 'attention' : 'ready';
  for (const item of await deps.batches.itemsOf(payload.verificationId, tx)) {
    if (item.orgId !== payload.orgId || item.officeId !== payload.officeId) continue;
    if (!(await deps.batches.moveItem(tx, item._id, 'requested', { status: outcome, endedAt: at }))) continue;
    offices.push(item.officeId);
    const batch = await deps.batches.byId(item.batchId, tx);
    if (batch === null) continue;
    const done = batch.done + 1;
    const finished = done >= batch.total;
    const change = {
      done,
      counts: { ...batch.counts, [outcome]: batch.counts[outcome] + 1 },
      ...(finished ? { status: 'done' as const, finishedAt: at } : {}),
    };
    await deps.batches.update(tx, batch._id, change);
    await deps.outbox.add(tx, progressMessage({ ...batch, ...change }, at));
  }
  return offices;
}

async function apply(deps: VerificationEventsDeps, event: BusEvent, tx: Transaction): Promise<string[]> {
  const ready = event.type === EVENT_TYPES.verificationReady;
  if (!ready && event.type !== EVENT_TYPES.verificationJobChanged) return [];
  const parsed = VerificationReadyPayload.safeParse(event.payload);
  if (!parsed.success) {
    deps.logger?.warn({ eventId: event.id, issues: parsed.error.issues.length }, 'ignoring a malformed verification event');
    return [];
  }
  const payload = parsed.data;
  const records = (await deps.schedule.verificationById(payload.verificationId, tx)).filter(
    (record) => record.orgId === payload.orgId && record.officeId === payload.officeId,
  );
  for (const record of records) {
    await deps.schedule.saveVerification(tx, {
      ...record,
      verificationId: payload.refused ? null : record.verificationId,
      chip: ready ? (payload.attention ? 'attention' : 'ready') : 'inProgress',
      coverageStatus: payload.coverageStatus ?? record.coverageStatus,
      attention: ready ? (payload.attention ?? null) : null,
      verifiedAt: ready ? event.occurredAt : record.verifiedAt,
    });
  }
  return ready ? endItems(deps, tx, payload, event.occurredAt) : [];
}

export function verificationEventsConsumer(deps: VerificationEventsDeps): EventHandler {
  return async (event, delivery) => {
    const offices: string[] = [];
    await idempotent(deps.store, VERIFICATION_EVENTS_CONSUMER, async (applied, tx) => {
      offices.push(...(await apply(deps, applied, tx)));
    })(event, delivery);
    for (const officeId of new Set(offices)) deps.kick(officeId);
  };
}
