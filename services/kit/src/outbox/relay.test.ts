import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusEvent, EventBus } from '../bus/bus';
import { openNedbStore } from '../store/nedb-store';
import type { Store } from '../store/store';
import { waitFor } from '../testing/wait-for';
import { createOutbox, OUTBOX_COLLECTION, type OutboxDocument } from './outbox';
import { createOutboxRelay } from './relay';

/** A bus that records what it was given; a test can make publish fail or hang. */
function recordingBus() {
  const published: { topic: string; event: BusEvent }[] = [];
  let failuresLeft = 0;
  let gate: Promise<void> | undefined;
  const bus: Pick<EventBus, 'publish'> = {
    async publish(topic, event) {
      if (gate) await gate;
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('broker unavailable');
      }
      published.push({ topic, event });
    },
  };
  return {
    bus,
    published,
    ids: () => published.map((entry) => entry.event.id),
    failNext(times: number) {
      failuresLeft = times;
    },
    /** Makes the next publishes wait until the returned function is called. */
    hold(): () => void {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}

describe('outbox and relay', () => {
  let dir: string;
  let store: Store;
  let clock: number;
  const now = () => clock;
  const outbox = createOutbox({ now });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dv-kit-outbox-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    clock = Date.UTC(2025, 0, 1);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function addEvents(specs: readonly { key: string; id: string }[]): Promise<void> {
    for (const spec of specs) {
      await store.transaction(async (tx) => {
        await outbox.add(tx, {
          topic: 'orders',
          key: spec.key,
          id: spec.id,
          type: 'OrderChanged',
          payload: { id: spec.id },
        });
      });
    }
  }

  const row = (id: string) => store.collection<OutboxDocument>(OUTBOX_COLLECTION).findById(id);

  it('writes the event in the same transaction as the change: both or neither', async () => {
    await store.transaction(async (tx) => {
      await tx.collection('orders').insert({ _id: 'o1', total: 5 });
      await outbox.add(tx, { topic: 'orders', key: 'o1', type: 'OrderPlaced', payload: { total: 5 } });
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.collection('orders').insert({ _id: 'o2', total: 7 });
        await outbox.add(tx, { topic: 'orders', key: 'o2', type: 'OrderPlaced', payload: { total: 7 } });
        throw new Error('validation failed after writing');
      }),
    ).rejects.toThrow('validation failed');
    const rows = await store.collection<OutboxDocument>(OUTBOX_COLLECTION).find();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      key: 'o1',
      type: 'OrderPlaced',
      status: 'pending',
      attempts: 0,
      payloadJson: JSON.stringify({ total: 5 }),
    });
    expect(await store.collection('orders').count()).toBe(1);
  });

  it('carries payloads whose keys a document store would refuse as field names (dots, a leading $)', async () => {
    const payload = { 'demo.localhost': 'development', $where: 'kept', nested: { 'a.b': [1, { 'c.d': true }] } };
    await store.transaction(async (tx) => {
      await outbox.add(tx, { topic: 'flags', key: 'DOMAIN_ENV_MAP', id: 'f1', type: 'FlagUpdated', payload });
    });
    const { bus, published } = recordingBus();
    await createOutboxRelay({ store, bus, now }).runOnce();
    expect(published.map((entry) => entry.event.payload)).toEqual([payload]);
  });

  it('publishes pending events in order, marks them sent, and does not publish them again', async () => {
    await addEvents([
      { key: 'a', id: 'e1' },
      { key: 'b', id: 'e2' },
      { key: 'a', id: 'e3' },
    ]);
    const { bus, ids, published } = recordingBus();
    const relay = createOutboxRelay({ store, bus, now });
    expect(await relay.runOnce()).toEqual({ published: 3, failed: 0 });
    expect(ids()).toEqual(['e1', 'e2', 'e3']);
    expect(published[0]).toEqual({
      topic: 'orders',
      event: {
        key: 'a',
        id: 'e1',
        type: 'OrderChanged',
        payload: { id: 'e1' },
        occurredAt: new Date(clock).toISOString(),
      },
    });
    expect(await row('e1')).toMatchObject({ status: 'sent', sentAt: clock, leaseUntil: 0 });
    expect((await row('e1'))?.leaseOwner).toBeUndefined();
    expect(await relay.runOnce()).toEqual({ published: 0, failed: 0 });
    expect(ids()).toHaveLength(3);
  });

  it("keeps per-key order when a later writer's clock is behind (another replica, a restart)", async () => {
    await addEvents([{ key: 'a', id: 'first' }]);
    // A second replica whose clock runs 5 s behind writes the next events of the same aggregate.
    const behind = createOutbox({ now: () => clock - 5_000 });
    for (const id of ['second', 'third']) {
      await store.transaction(async (tx) => {
        await behind.add(tx, { topic: 'orders', key: 'a', id, type: 'OrderChanged', payload: { id } });
      });
    }
    await store.transaction(async (tx) => {
      await behind.add(tx, { topic: 'orders', key: 'b', id: 'other-key', type: 'OrderChanged', payload: {} });
    });
    const { bus, ids } = recordingBus();
    await createOutboxRelay({ store, bus, now }).runOnce();
    const published = ids();
    expect(published.filter((id) => id !== 'other-key')).toEqual(['first', 'second', 'third']);
    // Another key is not held back by the first key's rows: its own clock decides.
    expect(published[0]).toBe('other-key');
  });

  it('retries a failed publish with exponential backoff and holds later events of that key meanwhile', async () => {
    await addEvents([
      { key: 'a', id: 'e1' },
      { key: 'a', id: 'e2' },
      { key: 'b', id: 'e3' },
    ]);
    const recorder = recordingBus();
    const relay = createOutboxRelay({ store, bus: recorder.bus, now, backoff: { initialMs: 1_000, maxMs: 3_000 } });

    recorder.failNext(1);
    expect(await relay.runOnce()).toEqual({ published: 1, failed: 1 });
    expect(recorder.ids()).toEqual(['e3']);
    expect(await row('e1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      availableAt: clock + 1_000,
      lastError: 'broker unavailable',
    });

    clock += 999;
    expect(await relay.runOnce()).toEqual({ published: 0, failed: 0 });

    clock += 1;
    recorder.failNext(1);
    expect(await relay.runOnce()).toEqual({ published: 0, failed: 1 });
    expect(await row('e1')).toMatchObject({ attempts: 2, availableAt: clock + 2_000 });

    clock += 2_000;
    recorder.failNext(1);
    await relay.runOnce();
    expect(await row('e1')).toMatchObject({ attempts: 3, availableAt: clock + 3_000 });

    clock += 3_000;
    expect(await relay.runOnce()).toEqual({ published: 2, failed: 0 });
    expect(recorder.ids()).toEqual(['e3', 'e1', 'e2']);
    expect((await row('e1'))?.lastError).toBeUndefined();
  });

  it('with two relays, a leased row is published by one relay only; the lease expiry lets the other take over', async () => {
    await addEvents([
      { key: 'a', id: 'e1' },
      { key: 'a', id: 'e2' },
      { key: 'b', id: 'e3' },
    ]);
    const first = recordingBus();
    const second = recordingBus();
    const relayA = createOutboxRelay({ store, bus: first.bus, now, leaseMs: 10_000, relayId: 'relay-a', batchSize: 1 });
    const relayB = createOutboxRelay({ store, bus: second.bus, now, leaseMs: 10_000, relayId: 'relay-b' });

    // Relay A claims e1 and stalls inside publish (a hung broker call, or a process about to die).
    const release = first.hold();
    const stalled = relayA.runOnce();
    await waitFor(async () => (await row('e1'))?.leaseOwner === 'relay-a', 'relay A to claim e1');
    expect(await row('e1')).toMatchObject({ leaseUntil: clock + 10_000 });

    // Relay B must not touch e1, nor e2 behind it (same key), but may publish key b.
    expect(await relayB.runOnce()).toEqual({ published: 1, failed: 0 });
    expect(second.ids()).toEqual(['e3']);

    // Relay A never comes back; once its lease has expired, relay B publishes e1 then e2.
    clock += 10_001;
    expect(await relayB.runOnce()).toEqual({ published: 2, failed: 0 });
    expect(second.ids()).toEqual(['e3', 'e1', 'e2']);
    expect(await row('e1')).toMatchObject({ status: 'sent' });

    // If A wakes up after all, its late publish is a duplicate (at-least-once) but it cannot un-send the row.
    release();
    await stalled;
    expect(await row('e1')).toMatchObject({ status: 'sent', leaseUntil: 0 });
    expect(first.ids()).toEqual(['e1']);
  });

  it('two relays polling at the same time publish each event exactly once, in per-key order', async () => {
    await addEvents(
      Array.from({ length: 40 }, (_, index) => ({ key: `k${index % 4}`, id: `e${String(index).padStart(2, '0')}` })),
    );
    const shared = recordingBus();
    const relays = [
      createOutboxRelay({ store, bus: shared.bus, now, batchSize: 7 }),
      createOutboxRelay({ store, bus: shared.bus, now, batchSize: 7 }),
    ];
    for (let round = 0; round < 20 && shared.published.length < 40; round += 1) {
      await Promise.all(relays.map((relay) => relay.runOnce()));
    }
    expect([...shared.ids()].sort()).toEqual(
      Array.from({ length: 40 }, (_, index) => `e${String(index).padStart(2, '0')}`),
    );
    for (let key = 0; key < 4; key += 1) {
      const ofKey = shared.published.filter((entry) => entry.event.key === `k${key}`).map((entry) => entry.event.id);
      expect(ofKey).toEqual([...ofKey].sort());
    }
  });

  it('runs by itself once started, and stops', async () => {
    const recorder = recordingBus();
    const relay = createOutboxRelay({ store, bus: recorder.bus, pollIntervalMs: 10 });
    await relay.start();
    await addEvents([{ key: 'a', id: 'e1' }]);
    await waitFor(() => recorder.ids().length === 1, 'the relay to publish');
    await relay.stop();
    await addEvents([{ key: 'a', id: 'e2' }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorder.ids()).toEqual(['e1']);
  });

  it('deletes sent rows once they are older than the retention', async () => {
    await addEvents([{ key: 'a', id: 'e1' }]);
    const recorder = recordingBus();
    const relay = createOutboxRelay({ store, bus: recorder.bus, now, retainSentMs: 1_000 });
    await relay.runOnce();
    expect(await row('e1')).not.toBeNull();
    clock += 61_000;
    await relay.runOnce();
    expect(await row('e1')).toBeNull();
  });
});
