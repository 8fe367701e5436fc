import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
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

type RawDocument = { _id: string } & Record<string, unknown>;
type RawCollection = mongoose.mongo.Collection<RawDocument>;
type Session = mongoose.mongo.ClientSession;

/**
 * Production adapter: MongoDB through a mongoose connection, using the driver's collections directly (documents
 * are the contract's JSON, no mongoose models). Transactions need a replica set; they run with
 * `session.withTransaction`, which retries the work on transient errors.
 */
export interface MongoStoreOptions {
  readonly uri: string;
  /** Database name; the one in the URI otherwise. */
  readonly dbName?: string;
  readonly serverSelectionTimeoutMs?: number;
}

const DUPLICATE_KEY = 11000;

function isDuplicateKey(error: unknown): boolean {
  return error instanceof mongoose.mongo.MongoServerError && error.code === DUPLICATE_KEY;
}

function updateDocument(change: Change): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  if (change.set && Object.keys(change.set).length > 0) update.$set = { ...change.set };
  if (change.unset && change.unset.length > 0)
    update.$unset = Object.fromEntries(change.unset.map((field) => [field, '']));
  return update;
}

/**
 * The filter as MongoDB runs it, once it is known to be portable: the port's `$contains` becomes `$regex` (of the
 * text taken literally), with `$options: 'i'` to ignore case.
 */
function mongoFilter(filter: Filter): Filter {
  assertPortableFilter(filter);
  return rewriteTextContains(filter, ({ text, caseInsensitive }) => ({
    $regex: literalPattern(text),
    ...(caseInsensitive ? { $options: 'i' } : {}),
  }));
}

class MongoCollection<T extends BaseDocument> implements Collection<T> {
  constructor(
    private readonly raw: RawCollection,
    private readonly name: string,
    private readonly session: Session | undefined,
  ) {}

  private get options(): { session?: Session } {
    return this.session ? { session: this.session } : {};
  }

  async insert(doc: NewDocument<T>): Promise<T> {
    const stored = { ...doc, _id: doc._id ?? randomUUID() } as unknown as RawDocument;
    try {
      await this.raw.insertOne(stored, this.options);
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKey(this.name, error);
      throw error;
    }
    return stored as unknown as T;
  }

  async findById(id: string): Promise<T | null> {
    return (await this.raw.findOne({ _id: id }, this.options)) as T | null;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const query = mongoFilter(filter);
    const docs = await this.raw
      .find(query, {
        ...this.options,
        ...(options.sort ? { sort: { ...options.sort } } : {}),
        ...(options.skip !== undefined ? { skip: options.skip } : {}),
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
      })
      .toArray();
    return docs as unknown as T[];
  }

  async update(filter: Filter, change: Change, options: { readonly multi?: boolean } = {}): Promise<number> {
    const query = mongoFilter(filter);
    const update = updateDocument(change);
    const multi = options.multi ?? false;
    if (Object.keys(update).length === 0) {
      return this.raw.countDocuments(query, { ...this.options, ...(multi ? {} : { limit: 1 }) });
    }
    try {
      const result = multi
        ? await this.raw.updateMany(query, update, this.options)
        : await this.raw.updateOne(query, update, this.options);
      return result.matchedCount;
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKey(this.name, error);
      throw error;
    }
  }

  async upsert(filter: Filter, change: UpsertChange): Promise<UpsertResult> {
    const query = mongoFilter(filter);
    const set = { ...change.set };
    // MongoDB refuses the same path in $set and $setOnInsert; $set wins, as in the embedded adapter.
    const onInsert: Record<string, unknown> = Object.fromEntries(
      Object.entries(change.setOnInsert ?? {}).filter(([field]) => !(field in set)),
    );
    if (!('_id' in equalityFields(filter)) && !('_id' in set)) onInsert._id = randomUUID();
    const update: Record<string, unknown> = {};
    if (Object.keys(set).length > 0) update.$set = set;
    if (Object.keys(onInsert).length > 0) update.$setOnInsert = onInsert;
    const attempt = () =>
      this.raw.findOneAndUpdate(query, update, {
        ...this.options,
        upsert: true,
        returnDocument: 'after',
        projection: { _id: 1 },
        includeResultMetadata: true,
      });
    let result;
    try {
      result = await attempt();
    } catch (error) {
      // Two upserts racing to insert: the loser finds the winner's document on the second try.
      if (!isDuplicateKey(error) || this.session) {
        throw isDuplicateKey(error) ? new DuplicateKey(this.name, error) : error;
      }
      result = await attempt();
    }
    const id = result.value?._id;
    if (typeof id !== 'string') throw new Error(`Upsert in '${this.name}' returned no string id`);
    return { id, inserted: result.lastErrorObject?.updatedExisting !== true };
  }

  async delete(filter: Filter, options: { readonly multi?: boolean } = {}): Promise<number> {
    const query = mongoFilter(filter);
    const result = options.multi
      ? await this.raw.deleteMany(query, this.options)
      : await this.raw.deleteOne(query, this.options);
    return result.deletedCount;
  }

  async count(filter: Filter = {}): Promise<number> {
    const query = mongoFilter(filter);
    return this.raw.countDocuments(query, this.options);
  }
}

class MongoStore implements Store {
  constructor(private readonly connection: mongoose.Connection) {}

  private get db(): mongoose.mongo.Db {
    const { db } = this.connection;
    if (!db) throw new Error('MongoDB connection is not open');
    return db;
  }

  private raw(name: string): RawCollection {
    assertCollectionName(name);
    return this.db.collection<RawDocument>(name);
  }

  collection<T extends BaseDocument = AnyDocument>(name: string): Collection<T> {
    return new MongoCollection<T>(this.raw(name), name, undefined);
  }

  async ensureIndex(collection: string, index: IndexSpec): Promise<void> {
    if (index.fields.length === 0) throw new RangeError('An index needs at least one field');
    const keys = Object.fromEntries(index.fields.map((field) => [field, 1] as const));
    await this.raw(collection).createIndex(keys, { unique: index.unique ?? false });
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    const session = this.connection.getClient().startSession();
    try {
      const tx: Transaction = {
        collection: <T extends BaseDocument = AnyDocument>(name: string) =>
          new MongoCollection<T>(this.raw(name), name, session),
      };
      return await session.withTransaction(() => work(tx));
    } finally {
      await session.endSession();
    }
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export async function openMongoStore(options: MongoStoreOptions): Promise<Store> {
  const connection = await mongoose
    .createConnection(options.uri, {
      ...(options.dbName ? { dbName: options.dbName } : {}),
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
    })
    .asPromise();
  return new MongoStore(connection);
}
