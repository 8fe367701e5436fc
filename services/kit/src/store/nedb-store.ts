import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { NedbCollection } from './nedb-collection';
import { AppendFile, Journal, Mutex, WriteBatch, type UndoRecord } from './nedb-journal';
import {
  assertCollectionName,
  type AnyDocument,
  type BaseDocument,
  type Collection,
  type IndexSpec,
  type Store,
  type Transaction,
} from './store';

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

export function openNedbStore(options: NedbStoreOptions): Promise<Store> {
  return NedbStore.open(options);
}
