import { randomUUID } from 'node:crypto';
import { assertBusEvent, assertTopicName, type BusEvent } from '../bus/bus';
import { eventHeadersOf } from '../observability/trace-context';
import type { BaseDocument, Store, Transaction } from '../store/store';
import { markOutboxRowAdded } from './commit-wake';

export const OUTBOX_COLLECTION = 'outbox';

/** What a service hands to the outbox: the event and the topic it goes to. */
export interface OutboxMessage<P = unknown> {
  readonly topic: string;
  /** The aggregate id: events of one key are published in the order they were added. */
  readonly key: string;
  readonly type: string;
  readonly payload: P;
  /** Defaults to a new UUID. */
  readonly id?: string;
  /** Defaults to now. */
  readonly occurredAt?: string;
  /** Defaults to the trace context and request id of the work writing it (observability/trace-context.ts). */
  readonly headers?: Readonly<Record<string, string>>;
}

export type OutboxStatus = 'pending' | 'sent';

/** One outbox row. The event id is the document id, so adding the same event twice fails the transaction. */
export interface OutboxDocument extends BaseDocument {
  readonly topic: string;
  readonly key: string;
  readonly type: string;
  /**
   * The payload as JSON text: document stores restrict field names (nedb and MongoDB refuse keys with '.' or a
   * leading '$'), and an event payload may carry any keys, host names for one.
   */
  readonly payloadJson: string;
  readonly occurredAt: string;
  /** The event's headers (the writer's trace context and request id), published with it. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Sort key that keeps insertion order: zero-padded epoch ms, then a per-process counter; per key always after
   * the key's rows already written, whatever the writer's clock says.
   */
  readonly position: string;
  readonly status: OutboxStatus;
  /** Failed publish attempts so far. */
  readonly attempts: number;
  /** Epoch ms before which the relay leaves the row alone (retry backoff). */
  readonly availableAt: number;
  /** Epoch ms until which the relay named `leaseOwner` holds the row; 0 when nobody does. */
  readonly leaseUntil: number;
  readonly leaseOwner?: string;
  readonly lastError?: string;
  readonly sentAt?: number;
}

export interface Outbox {
  /**
   * Writes the event in the caller's transaction, next to the change it announces. Once that transaction commits,
   * the relay of a store the host watches is woken (commit-wake.ts); elsewhere the relay's poll finds the row.
   */
  add<P>(tx: Transaction, message: OutboxMessage<P>): Promise<BusEvent<P>>;
}

export interface OutboxOptions {
  readonly collection?: string;
  readonly now?: () => number;
}

let counter = 0;

function nextPosition(now: number): string {
  counter = (counter + 1) % 1_000_000_000;
  return `${String(now).padStart(15, '0')}-${String(counter).padStart(9, '0')}`;
}

/** The first position of the millisecond after the one `position` is in. */
function positionAfter(position: string): string {
  const ms = Number(position.split('-', 1)[0]);
  return `${String(ms + 1).padStart(15, '0')}-${'0'.repeat(9)}`;
}

/**
 * A position after every row of the key already written: the clock orders events of one process, but replicas'
 * clocks differ, and a process restarted within the same millisecond starts its counter again. Taking the last
 * row of the key into account keeps the order per key whoever writes.
 */
async function positionFor(tx: Transaction, collection: string, key: string, now: number): Promise<string> {
  const candidate = nextPosition(now);
  const last = await tx.collection<OutboxDocument>(collection).findOne({ key }, { sort: { position: -1 } });
  return last === null || last.position < candidate ? candidate : positionAfter(last.position);
}

export function createOutbox(options: OutboxOptions = {}): Outbox {
  const collection = options.collection ?? OUTBOX_COLLECTION;
  const now = options.now ?? Date.now;
  return {
    async add<P>(tx: Transaction, message: OutboxMessage<P>): Promise<BusEvent<P>> {
      assertTopicName(message.topic);
      const at = now();
      const headers = message.headers ?? eventHeadersOf();
      const event: BusEvent<P> = {
        key: message.key,
        id: message.id ?? randomUUID(),
        type: message.type,
        payload: message.payload,
        occurredAt: message.occurredAt ?? new Date(at).toISOString(),
        ...(headers === undefined ? {} : { headers }),
      };
      assertBusEvent(event);
      await tx.collection<OutboxDocument>(collection).insert({
        _id: event.id,
        topic: message.topic,
        key: event.key,
        type: event.type,
        payloadJson: JSON.stringify(event.payload ?? null),
        occurredAt: event.occurredAt,
        ...(headers === undefined ? {} : { headers }),
        position: await positionFor(tx, collection, event.key, at),
        status: 'pending',
        attempts: 0,
        availableAt: at,
        leaseUntil: 0,
      });
      markOutboxRowAdded(tx);
      return event;
    },
  };
}

/**
 * Indexes the relay's queries use. Idempotent; call at start-up. The single-field ones are for the embedded
 * store, which uses a compound index only when a query gives every one of its fields by equality: without them,
 * each `add` (the key's last position) and each row the relay publishes (an earlier pending row of its key?) read
 * every row the outbox holds, the day of sent rows included. The compound ones end in `position`, which the
 * queries sort or range on: the embedded store leaves them out (`lastFieldRanged`), where maintaining them made
 * each of the relay's writes (claim, sent) several times slower and served no query.
 */
export async function ensureOutboxIndexes(
  store: Pick<Store, 'ensureIndex'>,
  collection = OUTBOX_COLLECTION,
): Promise<void> {
  await store.ensureIndex(collection, { fields: ['status', 'position'], lastFieldRanged: true });
  await store.ensureIndex(collection, { fields: ['key', 'status', 'position'], lastFieldRanged: true });
  await store.ensureIndex(collection, { fields: ['key', 'position'], lastFieldRanged: true });
  await store.ensureIndex(collection, { fields: ['status'] });
  await store.ensureIndex(collection, { fields: ['key'] });
}
