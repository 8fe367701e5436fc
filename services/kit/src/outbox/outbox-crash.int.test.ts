import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '../bus/in-process-bus';
import { openNedbStore } from '../store/nedb-store';
import type { Store } from '../store/store';
import { BILLING_GROUP, invoiceOnOrderPlaced, ORDERS_TOPIC } from '../testing/fixtures/billing-consumer';
import { exited, forkTs, messageOfType, nextMessage } from '../testing/fork-ts';
import { waitFor } from '../testing/wait-for';
import { APPLIED_EVENTS_COLLECTION } from './idempotent';
import { OUTBOX_COLLECTION, type OutboxDocument } from './outbox';
import { createOutboxRelay } from './relay';

const CHILD = path.join(__dirname, '../testing/fixtures/outbox-crash-child.ts');

/** Runs the child in `mode` until it reports `message`, then kills it with SIGKILL (no cleanup of any kind). */
async function crashChildAt(mode: 'write' | 'publish', message: string, dir: string): Promise<void> {
  const child = forkTs(CHILD, [mode, dir]);
  await nextMessage(child, messageOfType(message));
  child.kill('SIGKILL');
  expect(await exited(child)).toEqual({ code: null, signal: 'SIGKILL' });
}

describe('transactional outbox across a process crash (real child process, SIGKILL)', () => {
  let dir: string;
  let store: Store | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dv-kit-outbox-crash-'));
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function inspect<T>(look: (opened: Store) => Promise<T>): Promise<T> {
    const opened = await openNedbStore({ dir, compactionIntervalMs: 0 });
    try {
      return await look(opened);
    } finally {
      await opened.close();
    }
  }

  /** The restarted service: store, bus, the idempotent consumer, and one relay pass once leases ran out. */
  async function restartAndRelay(): Promise<{ store: Store; deliveries: number }> {
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    const opened = store;
    const bus = createInProcessBus();
    const consumer = invoiceOnOrderPlaced(opened);
    let deliveries = 0;
    await bus.subscribe(ORDERS_TOPIC, BILLING_GROUP, async (event, delivery) => {
      await consumer(event, delivery);
      deliveries += 1;
    });
    const pending = await opened.collection<OutboxDocument>(OUTBOX_COLLECTION).findOne({ status: 'pending' });
    expect(pending).not.toBeNull();
    // A lease left by a dead relay must run out before another relay may publish the row.
    await waitFor(() => Date.now() > (pending?.leaseUntil ?? 0), 'the dead relay’s lease to expire');
    expect(await createOutboxRelay({ store: opened, bus }).runOnce()).toEqual({ published: 1, failed: 0 });
    await waitFor(() => deliveries === 1, 'the consumer to get the event');
    await bus.close();
    return { store: opened, deliveries };
  }

  it('loses no event when the process dies after the write and before the publish', async () => {
    await crashChildAt('write', 'written', dir);
    expect(await inspect((s) => s.collection('orders').findById('order-1'))).toEqual({ _id: 'order-1', total: 120 });

    const { store: restarted } = await restartAndRelay();

    const invoices = await restarted.collection('invoices').find();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ orderId: 'order-1' });
    expect(await restarted.collection<OutboxDocument>(OUTBOX_COLLECTION).count({ status: 'sent' })).toBe(1);
  });

  it('duplicates no side effect when the process dies after the consumer applied the event and before the row was marked sent', async () => {
    await crashChildAt('write', 'written', dir);
    await crashChildAt('publish', 'consumed', dir);
    expect(
      await inspect(async (s) => ({
        invoices: await s.collection('invoices').count(),
        applied: await s.collection(APPLIED_EVENTS_COLLECTION).count(),
        pending: await s.collection(OUTBOX_COLLECTION).count({ status: 'pending' }),
      })),
    ).toEqual({ invoices: 1, applied: 1, pending: 1 });

    // The restarted relay publishes the row again (at-least-once); the idempotent consumer skips it.
    const { store: restarted, deliveries } = await restartAndRelay();

    expect(deliveries).toBe(1);
    expect(await restarted.collection('invoices').count()).toBe(1);
    expect(await restarted.collection<OutboxDocument>(OUTBOX_COLLECTION).count({ status: 'sent' })).toBe(1);
  });
});
