/**
 * The embedded store's file machinery (nedb-store.ts): the store-wide mutex, the data files kept open for appends,
 * a transaction's undo records and held lines, and the group commit that writes them.
 */
import { type FileHandle, open } from 'node:fs/promises';

export interface UndoRecord {
  readonly collection: string;
  readonly id: string;
  /** The document before the transaction touched it; null when it did not exist. */
  readonly before: Record<string, unknown> | null;
}

export class Mutex {
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
export class AppendFile {
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
export class Journal {
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
export class WriteBatch {
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
