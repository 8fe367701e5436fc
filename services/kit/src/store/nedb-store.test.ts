import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
