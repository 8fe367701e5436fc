import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus/bus';
import type { Logger } from '../logger';
import { backoffDelay, type Backoff } from '../retry';
import type { Store } from '../store/store';
import { ensureOutboxIndexes, OUTBOX_COLLECTION, type OutboxDocument } from './outbox';

/**
 * Publishes outbox rows to the bus and marks them sent.
 *
 * - Lease: a relay claims the rows of a pass with one compare-and-set (`leaseUntil` in the past -> now + leaseMs)
 *   before it publishes them, so two relays never publish the same row at once. A relay that dies holding a lease
 *   only delays its rows until the lease expires; then any relay takes them. The lease must outlast a pass's
 *   publishes: a relay stops publishing once its lease ran out, but one stalled in a publish longer than `leaseMs`
 *   may publish a row another relay also published (at-least-once; consumers are idempotent).
 * - Order: a row is published only when no earlier row of the same key is still pending, so a key's events
 *   reach the bus in the order they were added, also across retries and relays. Within a pass, rows go out in
 *   position order, and a key stops at its first row that is not published (failed, or held by another relay);
 *   the rows of that key claimed behind it are released at once.
 * - Retry: a failed publish puts the row back with `availableAt = now + backoffDelay(attempts, backoff)`, which is
 *   initialMs after the first failure, doubling up to maxMs.
 * - Sent: the rows a pass published are marked sent together at its end. A crash before that publishes them again
 *   later (at-least-once).
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
  /**
   * Rows were committed: a started relay runs a pass now instead of at its next poll, or right after the pass in
   * progress (which may have looked before they were there). Many calls during one pass make one more pass.
   */
  wake(): void;
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
  /** Ends the current pause (stop does; a wake-up does when the pause is idle). */
  let wakeUp: (() => void) | undefined;
  let pauseIsIdle = false;
  /** A wake-up came since the current pass started: the next idle pause is skipped. */
  let woken = false;
  let loop: Promise<void> | undefined;
  let lastPurge = 0;

  /**
   * Keys with a pending row before their first due one (a row waiting for its retry, or one another relay holds):
   * their rows wait. One read for the pass, not one per row.
   */
  async function keysBehindEarlierRows(due: readonly OutboxDocument[]): Promise<Set<string>> {
    const firstDue = new Map<string, string>();
    for (const row of due) if (!firstDue.has(row.key)) firstDue.set(row.key, row.position);
    const earlier = await rows().find({
      status: 'pending',
      key: { $in: [...firstDue.keys()] },
      position: { $lt: due[due.length - 1]!.position },
    });
    return new Set(earlier.filter((row) => row.position < firstDue.get(row.key)!).map((row) => row.key));
  }

  /** Leases the rows in one write; the ids this relay now holds (another relay may have taken some first). */
  async function claim(candidates: readonly OutboxDocument[], leaseUntil: number, at: number): Promise<Set<string>> {
    const ids = candidates.map((row) => row._id);
    if (ids.length === 0) return new Set();
    const claimed = await rows().update(
      { _id: { $in: ids }, status: 'pending', leaseUntil: { $lte: at } },
      { set: { leaseOwner: relayId, leaseUntil } },
      { multi: true },
    );
    if (claimed === ids.length) return new Set(ids);
    const held = await rows().find({ _id: { $in: ids }, status: 'pending', leaseOwner: relayId, leaseUntil });
    return new Set(held.map((row) => row._id));
  }

  /** Ends this relay's lease on rows it holds (published, released): one write for many rows. */
  async function settle(ids: readonly string[], set: Partial<OutboxDocument>, unset: readonly (keyof OutboxDocument)[]): Promise<void> {
    if (ids.length === 0) return;
    // A row whose lease was lost meanwhile matches nothing, and its new holder publishes it again: at-least-once.
    await rows().update({ _id: { $in: [...ids] }, leaseOwner: relayId }, { set: { ...set, leaseUntil: 0 }, unset }, { multi: true });
  }

  /** Publishes a held row; a failure puts it back for its retry. True when the bus took it. */
  async function publishRow(row: OutboxDocument): Promise<boolean> {
    try {
      await options.bus.publish(row.topic, {
        key: row.key,
        id: row._id,
        type: row.type,
        payload: JSON.parse(row.payloadJson) as unknown,
        occurredAt: row.occurredAt,
        ...(row.headers === undefined ? {} : { headers: row.headers }),
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
    if (due.length === 0) {
      await purge(at);
      return { published: 0, failed: 0 };
    }
    const blockedKeys = await keysBehindEarlierRows(due);
    const claimedAt = now();
    const leaseUntil = claimedAt + leaseMs;
    const held = await claim(
      due.filter((row) => !blockedKeys.has(row.key)),
      leaseUntil,
      claimedAt,
    );
    const sent: string[] = [];
    const released: string[] = [];
    let failed = 0;
    for (const row of due) {
      if (!held.has(row._id)) {
        blockedKeys.add(row.key);
      } else if (blockedKeys.has(row.key) || now() >= leaseUntil) {
        released.push(row._id);
      } else if (await publishRow(row)) {
        sent.push(row._id);
      } else {
        failed += 1;
        blockedKeys.add(row.key);
      }
    }
    await settle(sent, { status: 'sent', sentAt: now() }, ['leaseOwner', 'lastError']);
    await settle(released, {}, ['leaseOwner']);
    await purge(at);
    return { published: sent.length, failed };
  }

  /** Waits `ms`; a wake-up (or stop) ends an idle wait early, never the backoff after a failed pass. */
  function pause(ms: number, { idle }: { idle: boolean }): Promise<void> {
    if (!running || (idle && woken)) return Promise.resolve();
    pauseIsIdle = idle;
    return new Promise((resolve) => {
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
      timer = setTimeout(wakeUp, ms);
    });
  }

  async function poll(): Promise<void> {
    let idleFailures = 0;
    while (running) {
      try {
        woken = false;
        const run = await runOnce();
        idleFailures = 0;
        // A full batch means more is waiting: go on at once.
        if (run.published + run.failed < batchSize) await pause(pollIntervalMs, { idle: true });
      } catch (error) {
        idleFailures += 1;
        log?.error({ err: error }, 'outbox relay pass failed');
        await pause(backoffDelay(idleFailures, passBackoff), { idle: false });
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
    wake() {
      if (!running) return;
      woken = true;
      if (pauseIsIdle) wakeUp?.();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
  };
}
