import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusEvent, Delivery } from '../bus/bus';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openNedbStore } from '../store/nedb-store';
import type { Store } from '../store/store';
import { notesService } from '../testing/fixtures/notes/app';
import { createTestIssuer } from '../testing/test-issuer';
import { startService } from '../host/service-host';
import { createAppliedEventsPruner, DEFAULT_APPLIED_EVENTS_RETENTION_MS } from './applied-events-pruner';
import { APPLIED_EVENTS_COLLECTION, idempotent } from './idempotent';

const DAY = 86_400_000;
const delivery: Delivery = { topic: 'orders', group: 'billing', attempt: 1 };
const event = (id: string): BusEvent => ({ key: 'o1', id, type: 'OrderPlaced', payload: {}, occurredAt: '2025-01-01T00:00:00.000Z' });

describe('applied-events pruner', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dv-kit-prune-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Applies each event at its own time through an idempotent consumer; answers how often the handler ran. */
  async function applyAt(applications: readonly [id: string, at: number][]): Promise<() => number> {
    let clock = 0;
    let runs = 0;
    const handler = idempotent(store, 'billing', () => Promise.resolve(void (runs += 1)), { now: () => clock });
    for (const [id, at] of applications) {
      clock = at;
      await handler(event(id), delivery);
    }
    return () => runs;
  }

  it('deletes the records older than the window and keeps the newer ones', async () => {
    const now = Date.UTC(2025, 5, 30);
    await applyAt([
      ['old', now - 8 * DAY],
      ['just-past', now - 7 * DAY - 1],
      ['just-inside', now - 7 * DAY + 1],
      ['new', now - DAY],
    ]);
    const pruner = createAppliedEventsPruner({ store, now: () => now });
    expect(await pruner.runOnce()).toBe(2);
    const left = await store.collection(APPLIED_EVENTS_COLLECTION).find({});
    expect(left.map((record) => record._id).sort()).toEqual(['billing:just-inside', 'billing:new']);
    expect(DEFAULT_APPLIED_EVENTS_RETENTION_MS).toBe(7 * DAY);
  });

  it('still drops a redelivery inside the window; only past it would the event apply again', async () => {
    const appliedAt = Date.UTC(2025, 0, 1);
    const runs = await applyAt([['e1', appliedAt]]);
    await createAppliedEventsPruner({ store, retainMs: 2 * DAY, now: () => appliedAt + DAY }).runOnce();
    await idempotent(store, 'billing', () => Promise.reject(new Error('must not run')))(event('e1'), delivery);
    expect(runs()).toBe(1);
    await createAppliedEventsPruner({ store, retainMs: 2 * DAY, now: () => appliedAt + 3 * DAY }).runOnce();
    expect(await store.collection(APPLIED_EVENTS_COLLECTION).count({})).toBe(0);
  });

  it('prunes at start and then every interval until stopped', async () => {
    let now = Date.UTC(2025, 0, 10);
    await applyAt([['a', now - 2 * DAY], ['b', now]]);
    const pruner = createAppliedEventsPruner({ store, retainMs: DAY, intervalMs: 20, now: () => now });
    await pruner.start();
    expect(await store.collection(APPLIED_EVENTS_COLLECTION).count({})).toBe(1);
    now += 2 * DAY;
    const deadline = Date.now() + 5_000;
    while ((await store.collection(APPLIED_EVENTS_COLLECTION).count({})) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await store.collection(APPLIED_EVENTS_COLLECTION).count({})).toBe(0);
    await pruner.stop();
  });

  it('refuses a window that is not positive', () => {
    expect(() => createAppliedEventsPruner({ store, retainMs: 0 })).toThrow(/positive/);
  });
});

describe('the host prunes applied events of a service that keeps documents', () => {
  it('reads APPLIED_EVENTS_RETENTION_DAYS and prunes when the service starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dv-kit-prune-host-'));
    const seeded = await openNedbStore({ dir: path.join(dataDir, 'notes'), compactionIntervalMs: 0 });
    const longAgo = new Date(Date.now() - 3 * DAY).toISOString();
    const recent = new Date(Date.now() - DAY / 2).toISOString();
    await seeded.collection(APPLIED_EVENTS_COLLECTION).insert({ _id: 'c:old', consumer: 'c', eventId: 'old', type: 't', appliedAt: longAgo });
    await seeded.collection(APPLIED_EVENTS_COLLECTION).insert({ _id: 'c:new', consumer: 'c', eventId: 'new', type: 't', appliedAt: recent });
    await seeded.close();
    const issuer = await createTestIssuer({ audience: 'notes-api' });
    const config = loadConfig(notesService.env, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: 'notes-api',
      DATA_DIR: dataDir,
      PORT: '0',
      APPLIED_EVENTS_RETENTION_DAYS: '1',
    });
    expect(config.appliedEventsRetentionMs).toBe(DAY);
    const running = await startService(notesService, { config, keys: { jwks: issuer.jwks }, logger: createLogger({ name: 'notes', level: 'silent' }) });
    await running.close();
    await issuer.close();
    const reopened = await openNedbStore({ dir: path.join(dataDir, 'notes'), compactionIntervalMs: 0 });
    const left = await reopened.collection(APPLIED_EVENTS_COLLECTION).find({});
    await reopened.close();
    await rm(dataDir, { recursive: true, force: true });
    expect(left.map((record) => record._id)).toEqual(['c:new']);
  });
});
