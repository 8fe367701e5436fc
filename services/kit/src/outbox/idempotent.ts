import type { BusEvent, Delivery, EventHandler } from '../bus/bus';
import { DuplicateKey, type BaseDocument, type Store, type Transaction } from '../store/store';

export const APPLIED_EVENTS_COLLECTION = 'applied_events';

/** Proof that a consumer applied an event: `_id` is `{consumer}:{eventId}`. */
export interface AppliedEventDocument extends BaseDocument {
  readonly consumer: string;
  readonly eventId: string;
  readonly type: string;
  readonly appliedAt: string;
}

/** A handler whose store writes go through `tx`, so they commit together with the applied-event record. */
export type TransactionalHandler<P = unknown> = (
  event: BusEvent<P>,
  tx: Transaction,
  delivery: Delivery,
) => Promise<void>;

/**
 * Makes a consumer idempotent: in one store transaction it checks whether `consumer` already applied the event,
 * runs the handler, and records the event id. A redelivered event is acknowledged without running the handler
 * again. Only the handler's writes through `tx` are covered: an outside side effect (an e-mail, an HTTP call)
 * must itself be idempotent or go through an outbox. The records are deleted after a retention window
 * (applied-events-pruner.ts, 7 days unless APPLIED_EVENTS_RETENTION_DAYS says otherwise), far longer than any redelivery.
 */
export function idempotent<P = unknown>(
  store: Pick<Store, 'transaction'>,
  consumer: string,
  handler: TransactionalHandler<P>,
  options: { readonly collection?: string; readonly now?: () => number } = {},
): EventHandler<P> {
  const collection = options.collection ?? APPLIED_EVENTS_COLLECTION;
  const now = options.now ?? Date.now;
  return async (event, delivery) => {
    const recordId = `${consumer}:${event.id}`;
    try {
      await store.transaction(async (tx) => {
        const applied = tx.collection<AppliedEventDocument>(collection);
        if (await applied.findById(recordId)) return;
        await handler(event, tx, delivery);
        await applied.insert({
          _id: recordId,
          consumer,
          eventId: event.id,
          type: event.type,
          appliedAt: new Date(now()).toISOString(),
        });
      });
    } catch (error) {
      // Two deliveries of one event raced; the other one committed it, and this one rolled back.
      if (error instanceof DuplicateKey && error.collection === collection) return;
      throw error;
    }
  };
}
