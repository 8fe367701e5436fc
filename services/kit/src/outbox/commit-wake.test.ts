import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusEvent, EventBus } from '../bus/bus';
import { openNedbStore } from '../store/nedb-store';
import type { Store } from '../store/store';
import { waitFor } from '../testing/wait-for';
import { wakeOnOutboxCommit } from './commit-wake';
import { createOutbox, OUTBOX_COLLECTION, type OutboxDocument } from './outbox';
import { createOutboxRelay, type OutboxRelay } from './relay';

/** Longer than any test: a row these relays publish was published because a commit woke them, not by their poll. */
const NEVER_POLLS_MS = 3_600_000;

describe('the relay woken by commits', () => {
  let dir: string;
  let store: Store;
  let relay: OutboxRelay | undefined;
  const outbox = createOutbox();
  const published: BusEvent[] = [];
  /** While set, publishes wait for it (a slow broker). */
  let gate: Promise<void> | undefined;
  const bus: Pick<EventBus, 'publish'> = {
    async publish(_topic, event) {
      if (gate) await gate;
      published.push(event);
    },
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dv-kit-commit-wake-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    published.length = 0;
    gate = undefined;
  });
  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A relay that never polls, over a store whose commits wake it. */
  async function wokenRelay(): Promise<Store> {
    relay = createOutboxRelay({ store, bus, pollIntervalMs: NEVER_POLLS_MS });
    await relay.start();
    const started = relay;
    return wakeOnOutboxCommit(store, () => started.wake());
  }

  const add = (tx: Parameters<Parameters<Store['transaction']>[0]>[0], key: string, id: string) =>
    outbox.add(tx, { topic: 'orders', key, id, type: 'OrderChanged', payload: { id } });

  it('publishes a row as soon as its transaction commits, without waiting for the next poll', async () => {
    const watched = await wokenRelay();
    await watched.transaction((tx) => add(tx, 'a', 'e1'));
    await waitFor(() => published.length === 1, 'the woken relay to publish e1');
    expect(published.map((event) => event.id)).toEqual(['e1']);
    expect(await store.collection<OutboxDocument>(OUTBOX_COLLECTION).findById('e1')).toMatchObject({ status: 'sent' });
  });

  it('wakes once per committed transaction that added rows, after the commit; not for others', async () => {
    const seen: (OutboxDocument | null)[] = [];
    const watched = wakeOnOutboxCommit(store, () => {
      // The row is there for the relay to read: the wake-up comes after the commit, not before.
      void store.collection<OutboxDocument>(OUTBOX_COLLECTION).findById('e2').then((row) => seen.push(row));
    });
    await watched.transaction(async (tx) => {
      await add(tx, 'a', 'e1');
      await add(tx, 'a', 'e2');
    });
    await waitFor(() => seen.length === 1, 'the wake-up to read the committed row');
    expect(seen[0]).toMatchObject({ _id: 'e2', status: 'pending' });

    await watched.transaction((tx) => tx.collection('orders').insert({ _id: 'o1' }));
    await expect(
      watched.transaction(async (tx) => {
        await add(tx, 'a', 'e3');
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
    expect(await store.collection(OUTBOX_COLLECTION).findById('e3')).toBeNull();
  });

  it('a commit during a pass runs another pass right after it', async () => {
    const watched = await wokenRelay();
    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => (release = resolve));
    await watched.transaction((tx) => add(tx, 'a', 'e1'));
    // The pass publishing e1 is stuck in the broker; e2 commits after that pass read the due rows.
    await waitFor(async () => (await store.collection<OutboxDocument>(OUTBOX_COLLECTION).findById('e1'))?.leaseOwner !== undefined, 'e1 claimed');
    await watched.transaction((tx) => add(tx, 'b', 'e2'));
    release();
    await waitFor(() => published.length === 2, 'e2 published by the pass after');
    expect(published.map((event) => event.id)).toEqual(['e1', 'e2']);
  });

  it('keeps each key in order and publishes every event once when commits come faster than passes', async () => {
    const watched = await wokenRelay();
    const ids = Array.from({ length: 30 }, (_, index) => ({ key: `k${index % 3}`, id: `e${String(index).padStart(2, '0')}` }));
    await Promise.all(ids.map(({ key, id }) => watched.transaction((tx) => add(tx, key, id))));
    await waitFor(() => published.length >= ids.length, 'every event published');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.map((event) => event.id).sort()).toEqual(ids.map(({ id }) => id));
    for (const key of ['k0', 'k1', 'k2']) {
      const ofKey = published.filter((event) => event.key === key).map((event) => event.id);
      const written = ids.filter((entry) => entry.key === key).map(({ id }) => id);
      expect(ofKey).toEqual(written);
    }
  });

  it('a stopped relay ignores wake-ups', async () => {
    const watched = await wokenRelay();
    await relay!.stop();
    await watched.transaction((tx) => add(tx, 'a', 'e1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published).toEqual([]);
  });
});
