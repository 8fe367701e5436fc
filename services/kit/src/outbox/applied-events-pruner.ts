/**
 * Deletes the records of idempotent consumers (idempotent.ts, `applied_events`) once they are older than the
 * retention window. A record only has to outlive every redelivery of its event: the bus redelivers within minutes
 * (a retry, a rebalance, a member that died) and the outbox republishes within its lease, so days are plenty; a
 * record pruned earlier than an event's last redelivery would let that event apply twice. Default: 7 days
 * (APPLIED_EVENTS_RETENTION_DAYS). The host runs one pruner per service that keeps documents, like the relay's
 * purge of sent outbox rows.
 */
import type { Logger } from '../logger';
import type { Store } from '../store/store';
import { APPLIED_EVENTS_COLLECTION, type AppliedEventDocument } from './idempotent';

export const DEFAULT_APPLIED_EVENTS_RETENTION_MS = 7 * 86_400_000;

export interface AppliedEventsPrunerOptions {
  readonly store: Pick<Store, 'collection' | 'ensureIndex'>;
  /** Records applied longer ago than this are deleted. */
  readonly retainMs?: number;
  /** How often to prune; default hourly. */
  readonly intervalMs?: number;
  readonly collection?: string;
  readonly now?: () => number;
  readonly logger?: Logger;
}

export interface AppliedEventsPruner {
  /** Deletes what is past the window now; answers how many records went. */
  runOnce(): Promise<number>;
  /** Creates the index, prunes once, then every interval until stopped. */
  start(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export function createAppliedEventsPruner(options: AppliedEventsPrunerOptions): AppliedEventsPruner {
  const collection = options.collection ?? APPLIED_EVENTS_COLLECTION;
  const retainMs = options.retainMs ?? DEFAULT_APPLIED_EVENTS_RETENTION_MS;
  if (!(retainMs > 0)) throw new RangeError('The retention of applied events must be positive');
  const intervalMs = options.intervalMs ?? 3_600_000;
  const now = options.now ?? Date.now;
  const log = options.logger?.child({ component: 'applied-events-pruner' });
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  let running = false;

  async function runOnce(): Promise<number> {
    // appliedAt is ISO 8601 in UTC, so the strings order as the instants do.
    const cutoff = new Date(now() - retainMs).toISOString();
    const deleted = await options.store
      .collection<AppliedEventDocument>(collection)
      .delete({ appliedAt: { $lt: cutoff } }, { multi: true });
    if (deleted > 0) log?.info({ deleted, cutoff }, 'pruned applied-event records');
    return deleted;
  }

  function tick(): void {
    pass = runOnce()
      .catch((error: unknown) => log?.warn({ err: error }, 'pruning applied-event records failed; next pass later'))
      .finally(() => {
        if (running) schedule();
      });
  }

  function schedule(): void {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    async start() {
      if (running) return;
      await options.store.ensureIndex(collection, { fields: ['appliedAt'] });
      running = true;
      tick();
      await pass;
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await pass;
    },
  };
}
