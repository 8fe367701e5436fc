/* One behaviour for every document-store adapter. Called from each adapter's test file with a factory. */
import { DuplicateKey, type BaseDocument, type Store } from './store';

export interface StoreUnderTest {
  readonly store: Store;
  /** Closes the store and removes what the test wrote. */
  dispose(): Promise<void>;
}

interface Item extends BaseDocument {
  readonly name: string;
  readonly n?: number;
  readonly tags?: string[];
  readonly meta?: { readonly color?: string; readonly size?: number };
}

export interface StoreContractOptions {
  /** Time allowed to open (and dispose of) the store, e.g. to start a container. */
  readonly setupTimeoutMs?: number;
}

export function storeContract(openStore: () => Promise<StoreUnderTest>, options: StoreContractOptions = {}): void {
  let subject: StoreUnderTest;
  let store: Store;
  let sequence = 0;
  /** A fresh collection per test, so adapters that share a server do not see each other's data. */
  const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence += 1)}`;

  beforeAll(async () => {
    subject = await openStore();
    store = subject.store;
  }, options.setupTimeoutMs);
  afterAll(async () => {
    await subject.dispose();
  }, options.setupTimeoutMs);

  async function seeded(): Promise<string> {
    const name = fresh('items');
    const items = store.collection<Item>(name);
    await items.insert({ _id: 'a', name: 'alpha', n: 1, tags: ['x'], meta: { color: 'red', size: 3 } });
    await items.insert({ _id: 'b', name: 'beta', n: 2, meta: { color: 'blue' } });
    await items.insert({ _id: 'c', name: 'gamma', n: 3, tags: ['x', 'y'] });
    await items.insert({ _id: 'd', name: 'delta' });
    return name;
  }

  const ids = (docs: readonly BaseDocument[]) => docs.map((doc) => doc._id).sort();

  describe('documents', () => {
    it('inserts with a generated string id and finds it by id', async () => {
      const items = store.collection<Item>(fresh('items'));
      const inserted = await items.insert({ name: 'one', n: 1 });
      expect(typeof inserted._id).toBe('string');
      expect(inserted._id.length).toBeGreaterThan(0);
      expect(await items.findById(inserted._id)).toEqual({ _id: inserted._id, name: 'one', n: 1 });
      expect(await items.findById('missing')).toBeNull();
    });

    it('keeps a given id and refuses a duplicate with DuplicateKey', async () => {
      const items = store.collection<Item>(fresh('items'));
      await items.insert({ _id: 'k1', name: 'first' });
      await expect(items.insert({ _id: 'k1', name: 'second' })).rejects.toBeInstanceOf(DuplicateKey);
      expect(await items.findById('k1')).toEqual({ _id: 'k1', name: 'first' });
    });

    it('hands out copies: changing a returned document changes nothing stored', async () => {
      const items = store.collection<Item>(fresh('items'));
      await items.insert({ _id: 'c1', name: 'copy', meta: { color: 'red' } });
      const found = await items.findById('c1');
      (found as { name: string }).name = 'changed';
      expect((await items.findById('c1'))?.name).toBe('copy');
    });

    it('round-trips nested objects, arrays, numbers, booleans and null', async () => {
      const docs = store.collection<BaseDocument & Record<string, unknown>>(fresh('json'));
      const value = {
        _id: 'j',
        s: 'text',
        i: 42,
        f: 1.5,
        b: false,
        z: null,
        list: [1, 'two', { three: 3 }],
        nested: { deep: { x: 'y' } },
      };
      await docs.insert(value);
      expect(await docs.findById('j')).toEqual(value);
    });
  });

  describe('queries', () => {
    it('matches equality, dotted fields and array membership', async () => {
      const items = store.collection<Item>(await seeded());
      expect(ids(await items.find({ name: 'beta' }))).toEqual(['b']);
      expect(ids(await items.find({ 'meta.color': 'red' }))).toEqual(['a']);
      expect(ids(await items.find({ tags: 'y' }))).toEqual(['c']);
      expect(ids(await items.find({}))).toEqual(['a', 'b', 'c', 'd']);
      expect(ids(await items.find())).toEqual(['a', 'b', 'c', 'd']);
    });

    it('supports $in, $nin, $ne, $gt, $gte, $lt, $lte and $exists', async () => {
      const items = store.collection<Item>(await seeded());
      expect(ids(await items.find({ name: { $in: ['alpha', 'gamma', 'zeta'] } }))).toEqual(['a', 'c']);
      expect(ids(await items.find({ name: { $nin: ['alpha', 'gamma'] } }))).toEqual(['b', 'd']);
      expect(ids(await items.find({ name: { $ne: 'alpha' } }))).toEqual(['b', 'c', 'd']);
      expect(ids(await items.find({ n: { $gt: 1 } }))).toEqual(['b', 'c']);
      expect(ids(await items.find({ n: { $gte: 2, $lte: 3 } }))).toEqual(['b', 'c']);
      expect(ids(await items.find({ n: { $lt: 2 } }))).toEqual(['a']);
      expect(ids(await items.find({ n: { $exists: false } }))).toEqual(['d']);
      expect(ids(await items.find({ 'meta.color': { $exists: true } }))).toEqual(['a', 'b']);
    });

    it('supports $or and $and', async () => {
      const items = store.collection<Item>(await seeded());
      expect(ids(await items.find({ $or: [{ name: 'alpha' }, { n: 3 }] }))).toEqual(['a', 'c']);
      expect(ids(await items.find({ $and: [{ n: { $gte: 1 } }, { tags: 'x' }] }))).toEqual(['a', 'c']);
    });

    it('sorts, skips and limits', async () => {
      const items = store.collection<Item>(await seeded());
      const page = await items.find({ n: { $exists: true } }, { sort: { n: -1 }, skip: 1, limit: 1 });
      expect(page.map((doc) => doc._id)).toEqual(['b']);
      const byName = await items.find({}, { sort: { name: 1 } });
      expect(byName.map((doc) => doc.name)).toEqual(['alpha', 'beta', 'delta', 'gamma']);
      expect((await items.findOne({ n: { $exists: true } }, { sort: { n: 1 } }))?._id).toBe('a');
      expect(await items.findOne({ name: 'nobody' })).toBeNull();
    });

    it('counts', async () => {
      const items = store.collection<Item>(await seeded());
      expect(await items.count()).toBe(4);
      expect(await items.count({ tags: 'x' })).toBe(2);
      expect(await store.collection(fresh('empty')).count()).toBe(0);
    });

    it('finds text inside string fields with $contains, ignoring case when asked', async () => {
      const items = store.collection<Item>(await seeded());
      const contains = (text: string, caseInsensitive?: boolean) => ({
        $contains: caseInsensitive === undefined ? { text } : { text, caseInsensitive },
      });
      expect(ids(await items.find({ name: contains('ta') }))).toEqual(['b', 'd']);
      expect(ids(await items.find({ name: contains('ALP') }))).toEqual([]);
      expect(ids(await items.find({ name: contains('ALP', false) }))).toEqual([]);
      expect(ids(await items.find({ name: contains('ALP', true) }))).toEqual(['a']);
      expect(ids(await items.find({ 'meta.color': contains('LU', true) }))).toEqual(['b']);
      expect(ids(await items.find({ n: contains('1') }))).toEqual([]);
      expect(ids(await items.find({ name: contains('') }))).toEqual(['a', 'b', 'c', 'd']);
      expect(ids(await items.find({ $or: [{ name: contains('MM', true) }, { 'meta.color': contains('re') }] }))).toEqual(['a', 'c']);
      expect(await items.count({ name: { ...contains('a'), $ne: 'beta' } })).toBe(3);
      const page = await items.find({ name: contains('A', true) }, { sort: { name: -1 }, skip: 1, limit: 2 });
      expect(page.map((doc) => doc.name)).toEqual(['delta', 'beta']);
      expect(await items.update({ name: contains('ELT', true) }, { set: { n: 4 } })).toBe(1);
      expect(await items.findById('d')).toEqual({ _id: 'd', name: 'delta', n: 4 });
      expect(await items.delete({ name: contains('amm') })).toBe(1);
      expect(ids(await items.find())).toEqual(['a', 'b', 'd']);
    });

    it('takes the text of $contains literally, never as a pattern', async () => {
      const texts = store.collection<Item>(fresh('texts'));
      const names = ['a.c', 'abc', 'a+b', '(x)|y', '[sale] 50%', 'x*y?', '^start$', 'c:\\path', 'nul\u0000byte', 'Émile 😀', 'émile'];
      for (const [index, name] of names.entries()) await texts.insert({ _id: `t${String(index).padStart(2, '0')}`, name });
      const found = async (text: string, caseInsensitive = false) =>
        (await texts.find({ name: { $contains: { text, caseInsensitive } } }, { sort: { _id: 1 } })).map((doc) => doc.name);
      expect(await found('.')).toEqual(['a.c']);
      expect(await found('a+')).toEqual(['a+b']);
      expect(await found('(x)|')).toEqual(['(x)|y']);
      expect(await found('[sale]')).toEqual(['[sale] 50%']);
      expect(await found('*y?')).toEqual(['x*y?']);
      expect(await found('^start$')).toEqual(['^start$']);
      expect(await found('$')).toEqual(['^start$']);
      expect(await found('\\')).toEqual(['c:\\path']);
      expect(await found('\u0000')).toEqual(['nul\u0000byte']);
      expect(await found('😀')).toEqual(['Émile 😀']);
      expect(await found('ÉMILE', true)).toEqual(['Émile 😀', 'émile']);
      expect(await found('émile')).toEqual(['émile']);
    });

    it('refuses a $contains that is not { text, caseInsensitive }', async () => {
      const items = store.collection<Item>(await seeded());
      await expect(items.find({ name: { $contains: 'alp' } })).rejects.toThrow(/\$contains/);
      await expect(items.count({ name: { $contains: { text: 1 } } })).rejects.toThrow(/\$contains/);
      await expect(items.find({ name: { $contains: { text: 'a', caseInsensitive: 'yes' } } })).rejects.toThrow(/\$contains/);
    });

    it('refuses operators outside the contract', async () => {
      const items = store.collection<Item>(await seeded());
      await expect(items.find({ name: { $regex: '^a' } })).rejects.toThrow(/not supported/);
      await expect(items.find({ $where: 'true' })).rejects.toThrow(/not supported/);
      await expect(items.count({ $nor: [] })).rejects.toThrow(/not supported/);
    });
  });

  describe('writes', () => {
    it('updates the first match by default and every match with multi', async () => {
      const items = store.collection<Item>(await seeded());
      expect(await items.update({ _id: 'a' }, { set: { name: 'ALPHA', 'meta.size': 4 } })).toBe(1);
      expect(await items.findById('a')).toEqual({
        _id: 'a',
        name: 'ALPHA',
        n: 1,
        tags: ['x'],
        meta: { color: 'red', size: 4 },
      });
      expect(await items.update({ tags: 'x' }, { set: { flagged: true } })).toBe(1);
      expect(await items.count({ flagged: true })).toBe(1);
      expect(await items.update({ tags: 'x' }, { set: { flagged: true } }, { multi: true })).toBe(2);
      expect(await items.count({ flagged: true })).toBe(2);
      expect(await items.update({ name: 'nobody' }, { set: { n: 9 } })).toBe(0);
    });

    it('unsets fields', async () => {
      const items = store.collection<Item>(await seeded());
      await items.update({ _id: 'a' }, { unset: ['tags', 'meta.color'] });
      expect(await items.findById('a')).toEqual({ _id: 'a', name: 'alpha', n: 1, meta: { size: 3 } });
    });

    it('upserts: inserts from the filter and the change, then updates the same document', async () => {
      const items = store.collection<Item>(fresh('items'));
      const first = await items.upsert({ name: 'counter' }, { set: { n: 1 }, setOnInsert: { createdBy: 'test' } });
      expect(first.inserted).toBe(true);
      expect(await items.findById(first.id)).toEqual({ _id: first.id, name: 'counter', n: 1, createdBy: 'test' });
      const second = await items.upsert({ name: 'counter' }, { set: { n: 2 }, setOnInsert: { createdBy: 'other' } });
      expect(second).toEqual({ id: first.id, inserted: false });
      expect(await items.findById(first.id)).toEqual({ _id: first.id, name: 'counter', n: 2, createdBy: 'test' });
      const byId = await items.upsert({ _id: 'fixed' }, { set: { name: 'by id' } });
      expect(byId).toEqual({ id: 'fixed', inserted: true });
      expect(await items.count()).toBe(2);
    });

    it('deletes the first match by default and every match with multi', async () => {
      const items = store.collection<Item>(await seeded());
      expect(await items.delete({ tags: 'x' })).toBe(1);
      expect(await items.count()).toBe(3);
      expect(await items.delete({ n: { $exists: true } }, { multi: true })).toBe(2);
      expect(ids(await items.find())).toEqual(['d']);
      expect(await items.delete({ name: 'nobody' })).toBe(0);
    });

    it('enforces unique indexes on insert and update', async () => {
      const name = fresh('users');
      await store.ensureIndex(name, { fields: ['email'], unique: true });
      await store.ensureIndex(name, { fields: ['email'], unique: true });
      const users = store.collection<BaseDocument & { email: string }>(name);
      await users.insert({ _id: 'u1', email: 'a@x.test' });
      await users.insert({ _id: 'u2', email: 'b@x.test' });
      await expect(users.insert({ _id: 'u3', email: 'a@x.test' })).rejects.toBeInstanceOf(DuplicateKey);
      await expect(users.update({ _id: 'u2' }, { set: { email: 'a@x.test' } })).rejects.toBeInstanceOf(DuplicateKey);
      expect(await users.findById('u2')).toEqual({ _id: 'u2', email: 'b@x.test' });
      expect(await users.count()).toBe(2);
    });
  });

  describe('transactions', () => {
    it('commits every write of the work together and returns its result', async () => {
      const orders = fresh('orders');
      const events = fresh('events');
      const result = await store.transaction(async (tx) => {
        await tx.collection(orders).insert({ _id: 'o1', total: 10 });
        await tx.collection(events).insert({ _id: 'e1', type: 'OrderPlaced' });
        expect(await tx.collection(orders).findById('o1')).toEqual({ _id: 'o1', total: 10 });
        return 'done';
      });
      expect(result).toBe('done');
      expect(await store.collection(orders).findById('o1')).toEqual({ _id: 'o1', total: 10 });
      expect(await store.collection(events).findById('e1')).toEqual({ _id: 'e1', type: 'OrderPlaced' });
    });

    it('rolls back inserts, updates, upserts and deletes when the work throws', async () => {
      const name = await seeded();
      const other = fresh('events');
      const before = await store.collection<Item>(name).find({}, { sort: { name: 1 } });
      await expect(
        store.transaction(async (tx) => {
          const items = tx.collection<Item>(name);
          await items.insert({ _id: 'e', name: 'epsilon' });
          await items.update({}, { set: { n: 100 }, unset: ['tags'] }, { multi: true });
          await items.upsert({ name: 'zeta' }, { set: { n: 7 } });
          await items.delete({ _id: 'b' });
          await tx.collection(other).insert({ _id: 'x1' });
          expect(await items.count()).toBe(5);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.collection<Item>(name).find({}, { sort: { name: 1 } })).toEqual(before);
      expect(await store.collection(other).count()).toBe(0);
    });

    it('rolls back when a write inside fails, and the store stays usable', async () => {
      const name = fresh('items');
      const items = store.collection<Item>(name);
      await items.insert({ _id: 'taken', name: 'existing' });
      await expect(
        store.transaction(async (tx) => {
          await tx.collection<Item>(name).insert({ _id: 'new', name: 'new' });
          await tx.collection<Item>(name).insert({ _id: 'taken', name: 'clash' });
        }),
      ).rejects.toBeInstanceOf(DuplicateKey);
      expect(ids(await items.find())).toEqual(['taken']);
      await items.insert({ _id: 'after', name: 'after' });
      expect(await items.count()).toBe(2);
    });

    it('serializes concurrent read-modify-write transactions (no lost update)', async () => {
      const name = fresh('counters');
      const counters = store.collection<BaseDocument & { value: number }>(name);
      await counters.insert({ _id: 'c', value: 0 });
      await Promise.all(
        Array.from({ length: 8 }, () =>
          store.transaction(async (tx) => {
            const current = await tx.collection<BaseDocument & { value: number }>(name).findById('c');
            await tx.collection(name).update({ _id: 'c' }, { set: { value: (current?.value ?? 0) + 1 } });
          }),
        ),
      );
      expect((await counters.findById('c'))?.value).toBe(8);
    });
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
}
