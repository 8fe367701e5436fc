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

// nedb's line format for a document, which its typings do not declare: the lines this store appends must read back
// exactly as nedb's own would.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: no typed export of nedb's model
const nedbModel = require('@seald-io/nedb/lib/model') as { serialize(doc: unknown): string };

/** nedb's indexes by name (a compound one's fields joined with commas); not in nedb's typings. */
interface NedbIndexes {
  readonly indexes: Readonly<Record<string, unknown>>;
}

/** The part of nedb's persistence this store replaces (see `AppendFile`); not in nedb's typings. */
interface NedbPersistence {
  persistNewStateAsync(docs: readonly unknown[]): Promise<void>;
}

/**
 * Embedded adapter: one nedb datastore per collection, persisted to `{dir}/{collection}.db`.
 *
 * Guarantees, for one process owning the folder (nedb is single-process by design):
 * - Every operation, and every transaction as a whole, runs under one store-wide mutex, so transactions are
 *   serializable and reads never see another transaction's uncommitted writes.
 * - Transactions are atomic, also across a crash of the process: a transaction's writes change the documents in
 *   memory and hold the lines they add to the collections' files until it ends; rollback only restores the
 *   documents in memory. A committed transaction's lines and the previous state of every document it changed join
 *   the next write batch (group commit, `WriteBatch`): the previous states are appended to
 *   `{dir}/transaction.journal` (write-ahead undo log), then the lines to the collections' files, then the journal
 *   is emptied (the commit point). Opening the store after a crash restores every previous state a non-empty
 *   journal records and then deletes it. Restoring is idempotent, so a crash during recovery is safe.
 * - The mutex is not held while a batch is written: the next operation runs on the documents in memory at once.
 *   But every operation, a read included, answers only once the writes applied before it ended are in the files,
 *   so no caller acts on a change that a crash could still undo. The writes of many operations share one batch:
 *   a few file writes for all of them instead of several for each.
 * - Durability is nedb's: writes reach the file system without fsync, so they survive a process crash but not
 *   necessarily a power loss. The files stay open for appends (nedb itself opens and closes a file per write).
 *   A batch that cannot be written closes the store (memory is ahead of the files); reopening it recovers.
 * - nedb's compaction (rewriting a file from memory) runs under the mutex once every batch is written, so it never
 *   writes a document the files do not have yet.
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

/**
 * A file this store appends to, kept open: nedb's own append opens, writes and closes the file each time, three
 * trips to the thread pool for every document written, all under the store's mutex.
 */
class AppendFile {
  private handle: Promise<FileHandle> | undefined;

  constructor(private readonly filename: string) {}

  async append(text: string): Promise<void> {
    const handle = (this.handle ??= open(this.filename, 'a', 0o644));
    try {
      await (await handle).appendFile(text, 'utf8');
    } catch (error) {
      // The next write opens the file again rather than reusing a handle that failed.
      if (this.handle === handle) await this.close();
      throw error;
    }
  }

  /** Creates the file when it is missing (empty), without writing. */
  async touch(): Promise<void> {
    await (this.handle ??= open(this.filename, 'a', 0o644));
  }

  async empty(): Promise<void> {
    await (await (this.handle ??= open(this.filename, 'a', 0o644))).truncate(0);
  }

  /** Closes the handle; the next write opens the file again (after nedb's compaction replaced it, for one). */
  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle.catch(() => undefined))?.close();
  }
}

/** The running transaction: the undo records of what it changed, and the lines its writes add to the files. */
class Journal {
  private readonly records: UndoRecord[] = [];
  private readonly recorded = new Set<string>();
  private readonly held = new Map<AppendFile, string[]>();

  remember(collection: string, id: string, before: Record<string, unknown> | null): void {
    const key = `${collection}\u0000${id}`;
    if (this.recorded.has(key)) return;
    this.recorded.add(key);
    this.records.push({ collection, id, before });
  }

  hold(file: AppendFile, text: string): void {
    const lines = this.held.get(file);
    if (lines) lines.push(text);
    else this.held.set(file, [text]);
  }

  get undo(): readonly UndoRecord[] {
    return this.records;
  }

  /** The committed transaction's records and lines join the writes waiting for the files. */
  moveInto(batch: WriteBatch): void {
    if (this.held.size === 0) return;
    batch.records.push(...this.records);
    for (const [file, lines] of this.held) batch.add(file, lines);
  }
}

/**
 * Writes the store applied in memory and that wait for the files, in the order it applied them (group commit).
 * Written as one unit: the undo records of its transactions to the journal (write-ahead), then each file's lines,
 * then the journal emptied, which is the commit point of every transaction in it. A crash before that undoes all
 * of them on the next open; none of them had been answered yet.
 */
class WriteBatch {
  readonly records: UndoRecord[] = [];
  private readonly lines = new Map<AppendFile, string[]>();
  readonly written: Promise<void>;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor() {
    this.written = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody may be waiting when it fails; the store reports the failure to later callers itself.
    this.written.catch(() => undefined);
  }

  get isEmpty(): boolean {
    return this.lines.size === 0;
  }

  add(file: AppendFile, lines: readonly string[]): void {
    const held = this.lines.get(file);
    if (held) held.push(...lines);
    else this.lines.set(file, [...lines]);
  }

  async write(journalFile: AppendFile): Promise<void> {
    try {
      if (this.records.length > 0) await journalFile.append(this.records.map((record) => `${JSON.stringify(record)}\n`).join(''));
      for (const [file, lines] of this.lines) await file.append(lines.join(''));
      if (this.records.length > 0) await journalFile.empty();
      this.settle.resolve();
    } catch (error) {
      this.settle.reject(error);
      throw error;
    }
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
  private readonly journalFile: AppendFile;
  private readonly files = new Map<string, AppendFile>();
  private readonly compactionTimers = new Set<NodeJS.Timeout>();
  /** The transaction running now (it holds the mutex): nedb's writes hold their lines in it. */
  private running: Journal | null = null;
  /** Writes applied in memory that no file has yet; the next batch to write. */
  private pending = new WriteBatch();
  /** The batch being written, if one is. */
  private writing: WriteBatch | null = null;
  /** Set when a batch could not be written: memory is ahead of the files, only reopening recovers. */
  private writeFailure: unknown;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly compactionIntervalMs: number,
  ) {
    this.journalFile = new AppendFile(this.journalPath);
  }

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
      if (rest.length > 0 && index.lastFieldRanged === true && index.unique !== true) {
        // nedb reads a compound index only for equality on all its fields (IndexSpec); one a data file still
        // declares from before is dropped, so that writes stop maintaining it.
        const name = index.fields.join(',');
        if (name in (datastore as unknown as NedbIndexes).indexes) await datastore.removeIndexAsync(name);
        return;
      }
      await datastore.ensureIndexAsync({
        fieldName: rest.length === 0 ? first : [first, ...rest],
        unique: index.unique ?? false,
      });
    });
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.exclusive(async () => {
      // The journal file exists (empty) while a transaction runs, as a sign that one may be under way.
      await this.journalFile.touch();
      const journal = new Journal();
      const tx: Transaction = {
        collection: <T extends BaseDocument = AnyDocument>(name: string) => {
          assertCollectionName(name);
          return new NedbCollection<T>(this, name, journal);
        },
      };
      let result: R;
      this.running = journal;
      try {
        result = await this.insideTransaction.run(true, () => work(tx));
      } catch (error) {
        await this.rollback(journal);
        throw error;
      } finally {
        this.running = null;
      }
      // Committed in memory; `exclusive` answers once the batch it joins is written.
      journal.moveInto(this.pending);
      return result;
    });
  }

  /** Puts back in memory what the transaction changed; none of its lines reached the files. */
  private async rollback(journal: Journal): Promise<void> {
    // Restoring writes through nedb like any change: its lines are held here and dropped.
    this.running = new Journal();
    try {
      await this.restore(journal.undo);
    } catch (restoreError) {
      // Memory may differ from the files now; reopening the store reads them again. Until then nothing may write.
      this.closed = true;
      throw new Error('Rollback failed; reopen the store to recover', { cause: restoreError });
    } finally {
      this.running = null;
    }
  }

  /**
   * Resolves once the writes applied before now are in the files: the batch waiting, written next, or the one being
   * written. An answer (a read included) never depends on a change a crash could still undo.
   */
  private afterWrites(): Promise<void> {
    if (this.writeFailure !== undefined) return Promise.reject(this.writeFailed());
    if (!this.pending.isEmpty) {
      const batch = this.pending;
      this.writeNext();
      return batch.written;
    }
    return this.writing?.written ?? Promise.resolve();
  }

  /** Writes the waiting batch unless one is being written; the next follows when that one is done. */
  private writeNext(): void {
    if (this.writing !== null || this.pending.isEmpty || this.writeFailure !== undefined) return;
    const batch = this.pending;
    this.pending = new WriteBatch();
    this.writing = batch;
    batch.write(this.journalFile).then(
      () => {
        this.writing = null;
        this.writeNext();
      },
      (error: unknown) => {
        // Memory is ahead of the files; the journal on disk lets the next open undo what was half written.
        this.writing = null;
        this.writeFailure = error;
        this.closed = true;
      },
    );
  }

  private writeFailed(): Error {
    return new Error('Writing to the data files failed; reopen the store to recover', { cause: this.writeFailure });
  }

  /** Fails when closed; waits its turn behind running transactions, so a stuck one shows as not ready. */
  async ping(): Promise<void> {
    await this.exclusive(() => Promise.resolve());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.mutex.run(async () => {
      this.closed = true;
      await this.afterWrites().catch(() => undefined);
      for (const timer of this.compactionTimers) clearInterval(timer);
      this.compactionTimers.clear();
      for (const pending of this.datastores.values()) await pending.catch(() => undefined);
      for (const file of this.files.values()) await file.close();
      // Empty between transactions: nothing to undo, and a closed store leaves only its collections' files.
      await this.journalFile.close();
      await rm(this.journalPath, { force: true });
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
    const done = this.mutex.run(async () => {
      if (this.closed) throw this.writeFailure === undefined ? new Error('Store is closed') : this.writeFailed();
      try {
        return { result: await work() };
      } catch (error) {
        return { error };
      }
    });
    // The next operation may start at once; this one answers when what it saw and wrote is in the files.
    return done.then(async (outcome) => {
      await this.afterWrites();
      if ('error' in outcome) throw outcome.error;
      return outcome.result;
    });
  }

  datastore(name: string): Promise<Datastore> {
    let pending = this.datastores.get(name);
    if (!pending) {
      pending = (async () => {
        const filename = path.join(this.dir, `${name}.db`);
        const datastore = new Datastore({ filename });
        await datastore.loadDatabaseAsync();
        this.appendThroughStore(datastore, filename);
        if (this.compactionIntervalMs > 0) {
          const timer = setInterval(() => void this.compact(datastore), this.compactionIntervalMs);
          timer.unref();
          this.compactionTimers.add(timer);
        }
        return datastore;
      })();
      pending.catch(() => this.datastores.delete(name));
      this.datastores.set(name, pending);
    }
    return pending;
  }

  /**
   * nedb's writes go through the store: into the running transaction until it commits, else (and then) into the
   * batch written next (`WriteBatch`), appended to the collection's file kept open. Compaction replaces the file,
   * so the next append opens the new one.
   */
  private appendThroughStore(datastore: Datastore, filename: string): void {
    const file = new AppendFile(filename);
    this.files.set(filename, file);
    datastore.on('compaction.done', () => void file.close());
    const persistence = datastore.persistence as unknown as NedbPersistence;
    persistence.persistNewStateAsync = (docs) => {
      const text = docs.map((doc) => `${nedbModel.serialize(doc)}\n`).join('');
      if (text !== '' && this.running) this.running.hold(file, text);
      else if (text !== '') this.pending.add(file, [text]);
      return Promise.resolve();
    };
  }

  /** Rewrites the collection's file from memory, between transactions. */
  private async compact(datastore: Datastore): Promise<void> {
    try {
      await this.exclusive(async () => {
        // The file is rewritten from memory: only once memory holds nothing the files lack (what a crash could undo).
        await this.afterWrites();
        await datastore.compactDatafileAsync();
      });
    } catch {
      // A closed store, or a failed rewrite: nedb keeps appending to the file as it was; the next run tries again.
    }
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
    await this.afterWrites();
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
      this.journal.remember(this.name, id, before);
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
