/**
 * Wakes the outbox relay once a transaction that added outbox rows has committed, so that an event reaches the bus
 * right after the change it announces instead of at the relay's next poll (up to `pollIntervalMs` later, for each
 * hop of a request that crosses services through the bus).
 *
 * `outbox.add` marks the transaction handle it wrote through; the store the host hands the service calls `wake`
 * after such a transaction's `transaction()` resolved, which is after its commit: never before, when a relay
 * pass could miss the row, and never for a transaction that rolled back. The relay's poll stays as it was for what
 * the wake-up cannot reach: rows written by another process or replica of the service, and a wake-up lost to a
 * crash. Delivery (at-least-once) and per-key order are the relay's, untouched: a wake-up only runs a pass sooner.
 */
import type { AnyDocument, BaseDocument, Store, Transaction } from '../store/store';

/** Transaction handles through which outbox rows were added; a handle is one transaction's (or its retries'). */
const withOutboxRows = new WeakSet<Transaction>();

/** Called by `outbox.add`: this transaction writes an outbox row. */
export function markOutboxRowAdded(tx: Transaction): void {
  withOutboxRows.add(tx);
}

/**
 * The store with its transactions watched: after one that added outbox rows committed, `wake` is called (once per
 * transaction, however many rows it added). Everything else goes to the store as it is.
 */
export function wakeOnOutboxCommit(store: Store, wake: () => void): Store {
  return {
    collection: <T extends BaseDocument = AnyDocument>(name: string) => store.collection<T>(name),
    ensureIndex: (collection, index) => store.ensureIndex(collection, index),
    ping: () => store.ping(),
    close: () => store.close(),
    async transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
      let handle: Transaction | undefined;
      const result = await store.transaction((tx) => {
        handle = tx;
        return work(tx);
      });
      if (handle !== undefined && withOutboxRows.has(handle)) wake();
      return result;
    },
  };
}
