import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exited, forkTs, messageOfType, nextMessage } from '../testing/fork-ts';
import { openNedbStore } from './nedb-store';
import { storeContract } from './store-contract';

async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'dv-kit-nedb-'));
}

describe('nedb store contract', () => {
  storeContract(async () => {
    const dir = await tempDir();
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    return {
      store,
      async dispose() {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  });
});

describe('nedb store, embedded specifics', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('persists each collection to its own file and reads it back after reopening', async () => {
    const first = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await first.collection('offices').insert({ _id: 'o1', name: 'Smile' });
    await first.transaction(async (tx) => {
      await tx.collection('groups').insert({ _id: 'g1', offices: ['o1'] });
    });
    await first.close();
    expect((await readdir(dir)).sort()).toEqual(['groups.db', 'offices.db']);

    const second = await openNedbStore({ dir, compactionIntervalMs: 0 });
    expect(await second.collection('offices').findById('o1')).toEqual({ _id: 'o1', name: 'Smile' });
    expect(await second.collection('groups').findById('g1')).toEqual({ _id: 'g1', offices: ['o1'] });
    await second.close();
  });

  it('writes nothing to the files for a transaction that rolled back, and everything for one that committed', async () => {
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await store.collection('accounts').insert({ _id: 'alice', balance: 100 });
    await expect(
      store.transaction(async (tx) => {
        await tx.collection('accounts').update({ _id: 'alice' }, { set: { balance: 0 } });
        await tx.collection('accounts').insert({ _id: 'bob', balance: 100 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const afterRollback = await readFile(path.join(dir, 'accounts.db'), 'utf8');
    expect(afterRollback).not.toContain('bob');
    expect(afterRollback).not.toContain('"balance":0');

    await store.transaction(async (tx) => {
      await tx.collection('accounts').update({ _id: 'alice' }, { set: { balance: 0 } });
      await tx.collection('accounts').insert({ _id: 'bob', balance: 100 });
    });
    expect(await readFile(path.join(dir, 'transaction.journal'), 'utf8')).toBe('');
    await store.close();
    const reopened = await openNedbStore({ dir, compactionIntervalMs: 0 });
    expect(await reopened.collection('accounts').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'alice', balance: 0 },
      { _id: 'bob', balance: 100 },
    ]);
    await reopened.close();
  });

  it('answers an operation, a read included, only once the writes before it are in the files', async () => {
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    const file = path.join(dir, 'visits.db');
    const inFile = async (id: string) => (await readFile(file, 'utf8')).includes(`"_id":"${id}"`);
    // Started together, the writes share batches (a few appends for all); each answers when its own line is written.
    const probe = await open(path.join(dir, 'probe'), 'w');
    const fileHandle = Object.getPrototypeOf(probe) as { appendFile: typeof probe.appendFile };
    await probe.close();
    const appends = jest.spyOn(fileHandle, 'appendFile');
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store
          .collection('visits')
          .insert({ _id: `v${index}` })
          .then(() => inFile(`v${index}`)),
      ),
    );
    expect(written).toEqual(Array.from({ length: 20 }, () => true));
    expect(appends.mock.calls.length).toBeGreaterThan(0);
    expect(appends.mock.calls.length).toBeLessThan(20);
    appends.mockRestore();

    const insert = store.transaction(async (tx) => {
      await tx.collection('visits').insert({ _id: 'late' });
    });
    // Runs on the documents in memory right after the transaction, but answers once its change is in the file.
    const seen = await store.collection('visits').findById('late');
    expect(seen).toEqual({ _id: 'late' });
    expect(await inFile('late')).toBe(true);
    await insert;
    await store.close();
  });

  it('keeps appending to a collection file that compaction rewrote', async () => {
    const store = await openNedbStore({ dir, compactionIntervalMs: 20 });
    await store.collection('offices').insert({ _id: 'o1', name: 'Smile' });
    await store.collection('offices').update({ _id: 'o1' }, { set: { name: 'Smile Dental' } });
    // Compaction rewrites the file as one line per document; appends after it must land in the new file.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await store.collection('offices').insert({ _id: 'o2', name: 'Bright' });
    await store.transaction(async (tx) => {
      await tx.collection('offices').update({ _id: 'o1' }, { set: { name: 'Smile Family Dental' } });
    });
    await store.close();

    const reopened = await openNedbStore({ dir, compactionIntervalMs: 0 });
    expect(await reopened.collection('offices').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'o1', name: 'Smile Family Dental' },
      { _id: 'o2', name: 'Bright' },
    ]);
    await reopened.close();
  });

  it('leaves out a compound index whose last field is ranged, and drops one a data file still declares', async () => {
    const first = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await first.ensureIndex('outbox', { fields: ['key', 'position'] });
    await first.ensureIndex('outbox', { fields: ['status', 'position'], lastFieldRanged: true });
    await first.close();
    const before = await readFile(path.join(dir, 'outbox.db'), 'utf8');
    expect(before).toContain('"fieldName":"key,position"');
    expect(before).not.toContain('"fieldName":"status,position"');

    const second = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await second.ensureIndex('outbox', { fields: ['key', 'position'], lastFieldRanged: true });
    await second.collection('outbox').insert({ _id: 'e1', key: 'k1', status: 'pending', position: '1' });
    await second.collection('outbox').insert({ _id: 'e2', key: 'k1', status: 'pending', position: '2' });
    expect(await second.collection('outbox').find({ key: 'k1', position: { $lt: '2' } })).toEqual([
      { _id: 'e1', key: 'k1', status: 'pending', position: '1' },
    ]);
    await second.close();
    expect(await readFile(path.join(dir, 'outbox.db'), 'utf8')).toContain('"$$indexRemoved":"key,position"');
  });

  it('refuses the store handle inside a transaction instead of deadlocking', async () => {
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await expect(
      store.transaction(async () => {
        await store.collection('offices').count();
      }),
    ).rejects.toThrow(/transaction handle/);
    await expect(store.transaction(() => store.transaction(() => Promise.resolve(1)))).rejects.toThrow(
      /transaction handle/,
    );
    await store.close();
  });

  it('rejects bad collection names and use after close', async () => {
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    expect(() => store.collection('../escape')).toThrow(RangeError);
    await store.close();
    await expect(store.collection('offices').count()).rejects.toThrow(/closed/);
    await expect(store.ping()).rejects.toThrow(/closed/);
  });

  async function seedAccounts(): Promise<void> {
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await store.collection('accounts').insert({ _id: 'alice', balance: 100 });
    await store.collection('accounts').insert({ _id: 'carol', balance: 5 });
    await store.close();
  }

  it('undoes a transaction whose process was killed half way (SIGKILL), on the next open', async () => {
    await seedAccounts();
    const child = forkTs(path.join(__dirname, '../testing/fixtures/nedb-mid-transaction.ts'), [dir, 'hold']);
    await nextMessage(child, messageOfType('mid-transaction'));
    child.kill('SIGKILL');
    expect(await exited(child)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await readdir(dir)).toContain('transaction.journal');

    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    const accounts = await store.collection('accounts').find({}, { sort: { _id: 1 } });
    expect(accounts).toEqual([
      { _id: 'alice', balance: 100 },
      { _id: 'carol', balance: 5 },
    ]);
    expect(await store.collection('ledger').count()).toBe(0);
    expect(await readdir(dir)).not.toContain('transaction.journal');
    await store.close();
  });

  it('keeps a committed transaction when the process is killed right after', async () => {
    await seedAccounts();
    const child = forkTs(path.join(__dirname, '../testing/fixtures/nedb-mid-transaction.ts'), [dir, 'commit']);
    await nextMessage(child, messageOfType('committed'));
    child.kill('SIGKILL');
    await exited(child);

    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    expect(await store.collection('accounts').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'alice', balance: 0 },
      { _id: 'bob', balance: 100 },
    ]);
    expect(await store.collection('ledger').findById('transfer-1')).toEqual({
      _id: 'transfer-1',
      from: 'alice',
      to: 'bob',
      amount: 100,
    });
    await store.close();
  });
});
