import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusEvent, Delivery } from '../bus/bus';
import { openNedbStore } from '../store/nedb-store';
import type { Store } from '../store/store';
import { APPLIED_EVENTS_COLLECTION, idempotent } from './idempotent';

describe('idempotent consumer', () => {
  let dir: string;
  let store: Store;
  const delivery: Delivery = { topic: 'orders', group: 'billing', attempt: 1 };
  const event: BusEvent = {
    key: 'o1',
    id: 'evt-1',
    type: 'OrderPlaced',
    payload: {},
    occurredAt: '2025-01-01T00:00:00.000Z',
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dv-kit-idem-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies an event once however often it is delivered, and records the event id', async () => {
    let runs = 0;
    const handler = idempotent(
      store,
      'billing',
      async (e, tx) => {
        runs += 1;
        await tx.collection('invoices').insert({ orderId: e.key });
      },
      { now: () => Date.UTC(2025, 0, 2) },
    );
    await handler(event, delivery);
    await handler(event, { ...delivery, attempt: 2 });
    await handler({ ...event }, delivery);
    expect(runs).toBe(1);
    expect(await store.collection('invoices').count()).toBe(1);
    expect(await store.collection(APPLIED_EVENTS_COLLECTION).findById('billing:evt-1')).toEqual({
      _id: 'billing:evt-1',
      consumer: 'billing',
      eventId: 'evt-1',
      type: 'OrderPlaced',
      appliedAt: '2025-01-02T00:00:00.000Z',
    });
  });

  it('keeps consumers apart: each applies the event once', async () => {
    const effects: string[] = [];
    const effect = (name: string) => () => {
      effects.push(name);
      return Promise.resolve();
    };
    const billing = idempotent(store, 'billing', effect('billing'));
    const mailing = idempotent(store, 'mailing', effect('mailing'));
    await billing(event, delivery);
    await mailing(event, delivery);
    await billing(event, delivery);
    expect(effects).toEqual(['billing', 'mailing']);
  });

  it('records nothing when the handler fails, so the redelivery applies it', async () => {
    let fail = true;
    const handler = idempotent(store, 'billing', async (e, tx) => {
      await tx.collection('invoices').insert({ orderId: e.key });
      if (fail) throw new Error('downstream refused');
    });
    await expect(handler(event, delivery)).rejects.toThrow('downstream refused');
    expect(await store.collection('invoices').count()).toBe(0);
    expect(await store.collection(APPLIED_EVENTS_COLLECTION).count()).toBe(0);
    fail = false;
    await handler(event, { ...delivery, attempt: 2 });
    expect(await store.collection('invoices').count()).toBe(1);
  });

  it('applies concurrent duplicate deliveries once', async () => {
    const handler = idempotent(store, 'billing', async (e, tx) => {
      await tx.collection('invoices').insert({ orderId: e.key });
    });
    await Promise.all(Array.from({ length: 5 }, () => handler(event, delivery)));
    expect(await store.collection('invoices').count()).toBe(1);
  });
});
