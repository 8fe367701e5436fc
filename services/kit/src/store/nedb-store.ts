import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import {
  assertCollectionName,
  assertPortableFilter,
  DuplicateKey,
  equalityFields,
  type AnyDocument,
  type BaseDocument,
  type Change,
  type Collection,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type NewDocument,
  type Store,
  type Transaction,
  type UpsertChange,
  type UpsertResult,
} from './store';
import { literalPattern, rewriteTextContains } from './text-contains';

/**
 * Embedded adapter: one nedb datastore per collection, persisted to `{dir}/{collection}.db`.
 *
 * Guarantees, for one process owning the folder (nedb is single-process by design):
 * - Every operation, and every transaction as a whole, runs under one store-wide mutex, so transactions are
 *   serializable and reads never see another transaction's uncommitted writes.
 * - Transactions are atomic, also across a crash of the process: before a document is first changed inside a
 *   transaction its previous state is appended to `{dir}/transaction.journal` (write-ahead undo log).
 *   Commit deletes the journal; rollback, or opening the store after a crash, restores every recorded
 *   previous state and then deletes the journal. Restoring is idempotent, so a crash during recovery is safe.
 * - Durability is nedb's: writes reach the file system without fsync, so they survive a process crash but not
 *   necessarily a power loss.
 * Keep transactions short: the whole store waits for them.
 */
export interface NedbStoreOptions {
  /** Folder of the data files; created when missing. */
  readonly dir: string;
  /** How often nedb rewrites its append-only files; default 10 minutes, 0 turns it off. */
  readonly compactionIntervalMs?: number;
}

const JOURNAL_FILE = 'transaction.journal';

interface UndoRecord {
  readonly collection: string;
  readonly id: string;
  /** The document before the transaction touched it; null when it did not exist. */
  readonly before: Record<string, unknown> | null;
}

class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** The undo log of the running transaction, in memory and in the journal file. */
class Journal {
  private readonly records: UndoRecord[] = [];
  private readonly recorded = new Set<string>();

  constructor(private readonly file: FileHandle) {}

  async remember(collection: string, id: string, before: Record<string, unknown> | null): Promise<void> {
    const key = `${collection}\u0000${id}`;
    if (this.recorded.has(key)) return;
    const record: UndoRecord = { collection, id, before };
    await this.file.appendFile(`${JSON.stringify(record)}\n`, 'utf8');
    this.recorded.add(key);
    this.records.push(record);
  }

  get undo(): readonly UndoRecord[] {
    return this.records;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { errorType?: unknown }).errorType === 'uniqueViolated'
  );
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** The filter as nedb runs it: the port's `$contains` becomes nedb's `$regex`, which takes a RegExp. */
function nedbFilter(filter: Filter): Filter {
  return rewriteTextContains(filter, ({ text, caseInsensitive }) => ({
    $regex: new RegExp(literalPattern(text), caseInsensitive ? 'iu' : 'u'),
  }));
}

function modifier(change: Change): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  if (change.set && Object.keys(change.set).length > 0) update.$set = { ...change.set };
  if (change.unset && change.unset.length > 0)
    update.$unset = Object.fromEntries(change.unset.map((field) => [field, true]));
  return update;
}

export class NedbStore implements Store {
  private readonly datastores = new Map<string, Promise<Datastore>>();
  private readonly mutex = new Mutex();
  private readonly insideTransaction = new AsyncLocalStorage<true>();
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly compactionIntervalMs: number,
  ) {}

  static async open(options: NedbStoreOptions): Promise<NedbStore> {
    await mkdir(options.dir, { recursive: true });
    const store = new NedbStore(options.dir, options.compactionIntervalMs ?? 600_000);
    await store.recover();
    return store;
  }

  collection<T extends BaseDocument = AnyDocument>(name: string): Collection<T> {
    assertCollectionName(name);
    return new NedbCollection<T>(this, name, null);
  }

  async ensureIndex(collection: string, index: IndexSpec): Promise<void> {
    assertCollectionName(collection);
    const [first, ...rest] = index.fields;
    if (first === undefined) throw new RangeError('An index needs at least one field');
    await this.exclusive(async () => {
      const datastore = await this.datastore(collection);
      await datastore.ensureIndexAsync({
        fieldName: rest.length === 0 ? first : [first, ...rest],
        unique: index.unique ?? false,
      });
    });
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.exclusive(async () => {
      const journal = new Journal(await open(this.journalPath, 'w'));
      const tx: Transaction = {
        collection: <T extends BaseDocument = AnyDocument>(name: string) => {
          assertCollectionName(name);
          return new NedbCollection<T>(this, name, journal);
        },
      };
      let result: R;
      try {
        result = await this.insideTransaction.run(true, () => work(tx));
      } catch (error) {
        await journal.close();
        try {
          await this.restore(journal.undo);
        } catch (restoreError) {
          // The journal stays on disk; reopening the store finishes the rollback. Until then nothing may write.
          this.closed = true;
          throw new Error('Rollback failed; reopen the store to recover', { cause: restoreError });
        }
        await rm(this.journalPath, { force: true });
        throw error;
      }
      await journal.close();
      // Deleting the journal is the commit point.
      await rm(this.journalPath, { force: true });
      return result;
    });
  }

  /** Fails when closed; waits its turn behind running transactions, so a stuck one shows as not ready. */
  async ping(): Promise<void> {
    await this.exclusive(() => Promise.resolve());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.mutex.run(async () => {
      this.closed = true;
      for (const pending of this.datastores.values()) {
        const datastore = await pending;
        datastore.stopAutocompaction();
      }
    });
  }

  /** Runs one operation, or a whole transaction, alone. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.insideTransaction.getStore()) {
      return Promise.reject(
        new Error(
          'Inside a transaction use the transaction handle (tx.collection), not the store: it would wait for itself',
        ),
      );
    }
    return this.mutex.run(async () => {
      if (this.closed) throw new Error('Store is closed');
      return work();
    });
  }

  datastore(name: string): Promise<Datastore> {
    let pending = this.datastores.get(name);
    if (!pending) {
      pending = (async () => {
        const datastore = new Datastore({ filename: path.join(this.dir, `${name}.db`) });
        await datastore.loadDatabaseAsync();
        if (this.compactionIntervalMs > 0) datastore.setAutocompactionInterval(this.compactionIntervalMs);
        return datastore;
      })();
      pending.catch(() => this.datastores.delete(name));
      this.datastores.set(name, pending);
    }
    return pending;
  }

  private get journalPath(): string {
    return path.join(this.dir, JOURNAL_FILE);
  }

  /** Rolls back what a crashed process left half done. */
  private async recover(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.journalPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const records: UndoRecord[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        records.push(JSON.parse(line) as UndoRecord);
      } catch {
        // A torn last line: its write never started, so there is nothing to undo for it.
        break;
      }
    }
    await this.restore(records);
    await rm(this.journalPath, { force: true });
  }

  private async restore(records: readonly UndoRecord[]): Promise<void> {
    for (const record of [...records].reverse()) {
      const datastore = await this.datastore(record.collection);
      if (record.before === null) {
        await datastore.removeAsync({ _id: record.id }, { multi: false });
      } else {
        await datastore.updateAsync({ _id: record.id }, record.before, { upsert: true });
      }
    }
  }
}

class NedbCollection<T extends BaseDocument> implements Collection<T> {
  constructor(
    private readonly store: NedbStore,
    private readonly name: string,
    /** Set inside a transaction, which already holds the store's mutex. */
    private readonly journal: Journal | null,
  ) {}

  private run<R>(work: (datastore: Datastore) => Promise<R>): Promise<R> {
    if (this.journal) return this.store.datastore(this.name).then(work);
    return this.store.exclusive(async () => work(await this.store.datastore(this.name)));
  }

  private async remember(datastore: Datastore, ids: readonly string[]): Promise<void> {
    if (!this.journal) return;
    for (const id of ids) {
      const before = (await datastore.findOneAsync({ _id: id })) as Record<string, unknown> | null;
      await this.journal.remember(this.name, id, before);
    }
  }

  private async matchingIds(datastore: Datastore, filter: Filter, multi: boolean): Promise<string[]> {
    let cursor = datastore.findAsync<BaseDocument>(nedbFilter(filter), { _id: 1 });
    if (!multi) cursor = cursor.limit(1);
    const docs = (await cursor) as unknown as BaseDocument[];
    return docs.map((doc) => doc._id);
  }

  insert(doc: NewDocument<T>): Promise<T> {
    return this.run(async (datastore) => {
      const id = doc._id ?? randomUUID();
      if ((await datastore.countAsync({ _id: id })) > 0) throw new DuplicateKey(this.name);
      await this.remember(datastore, [id]);
      try {
        return (await datastore.insertAsync({ ...doc, _id: id })) as unknown as T;
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKey(this.name, error);
        throw error;
      }
    });
  }

  findById(id: string): Promise<T | null> {
    return this.run(async (datastore) => (await datastore.findOneAsync({ _id: id })) as unknown as T | null);
  }

  findOne(filter: Filter, options: Pick<FindOptions, 'sort'> = {}): Promise<T | null> {
    return this.find(filter, { ...options, limit: 1 }).then((docs) => docs[0] ?? null);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    assertPortableFilter(filter);
    return this.run(async (datastore) => {
      let cursor = datastore.findAsync(nedbFilter(filter));
      if (options.sort) cursor = cursor.sort(options.sort);
      if (options.skip !== undefined) cursor = cursor.skip(options.skip);
      if (options.limit !== undefined) cursor = cursor.limit(options.limit);
      return (await cursor) as unknown as T[];
    });
  }

  async update(filter: Filter, change: Change, options: { readonly multi?: boolean } = {}): Promise<number> {
    assertPortableFilter(filter);
    const update = modifier(change);
    return this.run(async (datastore) => {
      const ids = await this.matchingIds(datastore, filter, options.multi ?? false);
      if (ids.length === 0 || Object.keys(update).length === 0) return ids.length;
      await this.remember(datastore, ids);
      try {
        await datastore.updateAsync({ _id: { $in: ids } }, update, { multi: true });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKey(this.name, error);
        throw error;
      }
      return ids.length;
    });
  }

  async upsert(filter: Filter, change: UpsertChange): Promise<UpsertResult> {
    assertPortableFilter(filter);
    return this.run(async (datastore) => {
      const [id] = await this.matchingIds(datastore, filter, false);
      try {
        if (id !== undefined) {
          const update = modifier({ ...(change.set ? { set: change.set } : {}) });
          if (Object.keys(update).length > 0) {
            await this.remember(datastore, [id]);
            await datastore.updateAsync({ _id: id }, update, {});
          }
          return { id, inserted: false };
        }
        const doc: Record<string, unknown> = {};
        const fields = { ...equalityFields(filter), ...change.setOnInsert, ...change.set };
        for (const [field, value] of Object.entries(fields)) setPath(doc, field, value);
        const newId = typeof doc._id === 'string' ? doc._id : randomUUID();
        await this.remember(datastore, [newId]);
        await datastore.insertAsync({ ...doc, _id: newId });
        return { id: newId, inserted: true };
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKey(this.name, error);
        throw error;
      }
    });
  }

  async delete(filter: Filter, options: { readonly multi?: boolean } = {}): Promise<number> {
    assertPortableFilter(filter);
    return this.run(async (datastore) => {
      const ids = await this.matchingIds(datastore, filter, options.multi ?? false);
      if (ids.length === 0) return 0;
      await this.remember(datastore, ids);
      return datastore.removeAsync({ _id: { $in: ids } }, { multi: true });
    });
  }

  async count(filter: Filter = {}): Promise<number> {
    assertPortableFilter(filter);
    return this.run(async (datastore) => Number(await datastore.countAsync(nedbFilter(filter))));
  }
}

export function openNedbStore(options: NedbStoreOptions): Promise<Store> {
  return NedbStore.open(options);
}
