/**
 * One collection of the embedded store (nedb-store.ts): the port's operations on the collection's nedb datastore,
 * each alone under the store's mutex, or inside a transaction (which holds it already), where every document a
 * write touches is first remembered in the transaction's journal for its undo.
 */
import { randomUUID } from 'node:crypto';
import type Datastore from '@seald-io/nedb';
import type { Journal } from './nedb-journal';
import {
  assertPortableFilter,
  DuplicateKey,
  equalityFields,
  type BaseDocument,
  type Change,
  type Collection,
  type Filter,
  type FindOptions,
  type NewDocument,
  type UpsertChange,
  type UpsertResult,
} from './store';
import { literalPattern, rewriteTextContains } from './text-contains';

/** What a collection needs of its store. */
export interface CollectionHost {
  /** Runs one operation alone (under the store's mutex). */
  exclusive<R>(work: () => Promise<R>): Promise<R>;
  /** The collection's nedb datastore, loaded on first use. */
  datastore(name: string): Promise<Datastore>;
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

export class NedbCollection<T extends BaseDocument> implements Collection<T> {
  constructor(
    private readonly store: CollectionHost,
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
