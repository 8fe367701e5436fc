import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus/bus';
import type { Logger } from '../logger';
import { backoffDelay, type Backoff } from '../retry';
import type { Store } from '../store/store';
import { ensureOutboxIndexes, OUTBOX_COLLECTION, type OutboxDocument } from './outbox';

/**
 * Publishes outbox rows to the bus and marks them sent.
 *
 * - Lease: a relay claims a row with a compare-and-set (`leaseUntil` in the past -> now + leaseMs) before it
 *   publishes it, so two relays never publish the same row at once. A relay that dies holding a lease only
 *   delays the row until the lease expires; then any relay takes it. The lease must outlast a publish: a relay
 *   stalled longer than `leaseMs` may publish a row another relay also published (at-least-once; consumers
 *   are idempotent).
 * - Order: a row is published only when no earlier row of the same key is still pending, so a key's events
 *   reach the bus in the order they were added, also across retries and relays.
 * - Retry: a failed publish puts the row back with `availableAt = now + backoffDelay(attempts, backoff)`, which is
 *   initialMs after the first failure, doubling up to maxMs.
 * - Crash between publish and marking sent: the row is published again later (at-least-once).
 */
export interface OutboxRelayOptions {
  readonly store: Pick<Store, 'collection' | 'ensureIndex'>;
  readonly bus: Pick<EventBus, 'publish'>;
  readonly collection?: string;
  /** Names this relay in leases; defaults to a fresh UUID. */
  readonly relayId?: string;
  readonly leaseMs?: number;
  readonly batchSize?: number;
  readonly pollIntervalMs?: number;
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number };
  /** Sent rows older than this are deleted; default one day. */
  readonly retainSentMs?: number;
  readonly now?: () => number;
  readonly logger?: Logger;
}

export interface RelayRun {
  readonly published: number;
  readonly failed: number;
}

export interface OutboxRelay {
  readonly relayId: string;
  /** One pass over the rows that are due. Tests drive the relay with it. */
  runOnce(): Promise<RelayRun>;
  /** Creates the indexes, then polls until stopped. */
  start(): Promise<void>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60_000;

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const relayId = options.relayId ?? randomUUID();
  const collectionName = options.collection ?? OUTBOX_COLLECTION;
  const rows = () => options.store.collection<OutboxDocument>(collectionName);
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const publishBackoff: Backoff = { baseMs: options.backoff?.initialMs ?? 1_000, maxMs: options.backoff?.maxMs ?? 60_000 };
  // A pass that failed (the store is down) waits twice the poll interval, doubling up to the same longest wait.
  const passBackoff: Backoff = { baseMs: 2 * pollIntervalMs, maxMs: publishBackoff.maxMs };
  const retainSentMs = options.retainSentMs ?? 86_400_000;
  const log = options.logger?.child({ component: 'outbox-relay', relayId });

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let lastPurge = 0;

  async function earlierPendingExists(row: OutboxDocument): Promise<boolean> {
    return (await rows().count({ key: row.key, status: 'pending', position: { $lt: row.position } })) > 0;
  }

  async function claim(row: OutboxDocument, at: number): Promise<boolean> {
    const claimed = await rows().update(
      { _id: row._id, status: 'pending', leaseUntil: { $lte: at } },
      { set: { leaseOwner: relayId, leaseUntil: at + leaseMs } },
    );
    return claimed === 1;
  }

  async function publishRow(row: OutboxDocument): Promise<boolean> {
    try {
      await options.bus.publish(row.topic, {
        key: row.key,
        id: row._id,
        type: row.type,
        payload: JSON.parse(row.payloadJson) as unknown,
        occurredAt: row.occurredAt,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = backoffDelay(attempts, publishBackoff);
      log?.warn({ err: error, eventId: row._id, topic: row.topic, attempts, retryInMs: delay }, 'publish failed');
      await rows().update(
        { _id: row._id, leaseOwner: relayId },
        {
          set: {
            attempts,
            availableAt: now() + delay,
            leaseUntil: 0,
            lastError: error instanceof Error ? error.message : String(error),
          },
          unset: ['leaseOwner'],
        },
      );
      return false;
    }
    // If the lease was lost meanwhile this matches nothing, and the new holder publishes again: at-least-once.
    await rows().update(
      { _id: row._id, leaseOwner: relayId },
      { set: { status: 'sent', sentAt: now(), leaseUntil: 0 }, unset: ['leaseOwner', 'lastError'] },
    );
    return true;
  }

  async function purge(at: number): Promise<void> {
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    await rows().delete({ status: 'sent', sentAt: { $lt: at - retainSentMs } }, { multi: true });
  }

  async function runOnce(): Promise<RelayRun> {
    const at = now();
    const due = await rows().find(
      { status: 'pending', availableAt: { $lte: at }, leaseUntil: { $lte: at } },
      { sort: { position: 1 }, limit: batchSize },
    );
    const blockedKeys = new Set<string>();
    let published = 0;
    let failed = 0;
    for (const row of due) {
      if (blockedKeys.has(row.key)) continue;
      if ((await earlierPendingExists(row)) || !(await claim(row, now()))) {
        blockedKeys.add(row.key);
        continue;
      }
      if (await publishRow(row)) {
        published += 1;
      } else {
        failed += 1;
        blockedKeys.add(row.key);
      }
    }
    await purge(at);
    return { published, failed };
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    });
  }

  async function poll(): Promise<void> {
    let idleFailures = 0;
    while (running) {
      try {
        const run = await runOnce();
        idleFailures = 0;
        // A full batch means more is waiting: go on at once.
        if (run.published + run.failed < batchSize) await pause(pollIntervalMs);
      } catch (error) {
        idleFailures += 1;
        log?.error({ err: error }, 'outbox relay pass failed');
        await pause(backoffDelay(idleFailures, passBackoff));
      }
    }
  }

  return {
    relayId,
    runOnce,
    async start() {
      if (running) return;
      await ensureOutboxIndexes(options.store, collectionName);
      running = true;
      loop = poll();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
  };
}
