/**
 * The document-store port: named collections of JSON documents with string ids.
 * Adapters: nedb (embedded, files under a data folder) and MongoDB (through mongoose).
 * Both pass the contract suite in store-contract.ts; code that needs more than this port is not portable.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface BaseDocument {
  readonly _id: string;
}

/** A document of no declared shape. */
export type AnyDocument = BaseDocument & Record<string, unknown>;

/** A document to insert; the store gives it a UUID when `_id` is missing. */
export type NewDocument<T extends BaseDocument> = Omit<T, '_id'> & { readonly _id?: string };

/**
 * A MongoDB-style query, limited to what every adapter implements identically:
 * equality on (dotted) fields, and the operators in {@link FILTER_OPERATORS}.
 * Matching `null` or arrays by equality is not portable and not part of the contract.
 */
export type Filter = Readonly<Record<string, unknown>>;

export const FILTER_OPERATORS = [
  '$and',
  '$or',
  '$in',
  '$nin',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$exists',
  '$contains',
] as const;

/**
 * The operand of `{ field: { $contains: { text, caseInsensitive } } }`: the field is a string holding `text`
 * (taken literally, never as a pattern); with `caseInsensitive`, letters match in either case (Unicode simple case
 * folding: 'é' finds 'É', 'ß' does not find 'SS'). Each adapter scans for it: no index serves it.
 */
export interface TextContains {
  readonly text: string;
  readonly caseInsensitive?: boolean;
}

export type SortOrder = 1 | -1;

export interface FindOptions {
  readonly sort?: Readonly<Record<string, SortOrder>>;
  readonly skip?: number;
  readonly limit?: number;
}

/** Fields to set (dotted paths allowed) and fields to remove. */
export interface Change {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly unset?: readonly string[];
}

export interface UpsertChange {
  readonly set?: Readonly<Record<string, unknown>>;
  /** Only written when the upsert inserts. */
  readonly setOnInsert?: Readonly<Record<string, unknown>>;
}

export interface UpsertResult {
  readonly id: string;
  readonly inserted: boolean;
}

export interface IndexSpec {
  readonly fields: readonly string[];
  readonly unique?: boolean;
  /**
   * The queries this (compound, non-unique) index serves give its last field as a range or a sort order, never by
   * equality. A store that uses a compound index only when a query gives every one of its fields by equality (the
   * embedded one) leaves such an index out: it would serve no query and only slow down every write.
   */
  readonly lastFieldRanged?: boolean;
}

export interface Collection<T extends BaseDocument = AnyDocument> {
  /** Throws {@link DuplicateKey} when the id (or a unique index) is taken. */
  insert(doc: NewDocument<T>): Promise<T>;
  findById(id: string): Promise<T | null>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'sort'>): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  /** Applies the change to the first match (or every match with `multi`); resolves with how many matched. */
  update(filter: Filter, change: Change, options?: { readonly multi?: boolean }): Promise<number>;
  /** Updates the first match, or inserts one built from the filter's equality fields and the change. */
  upsert(filter: Filter, change: UpsertChange): Promise<UpsertResult>;
  /** Removes the first match (or every match with `multi`); resolves with how many were removed. */
  delete(filter: Filter, options?: { readonly multi?: boolean }): Promise<number>;
  count(filter?: Filter): Promise<number>;
}

/** The handle a transaction's work uses; its writes commit together or not at all. */
export interface Transaction {
  collection<T extends BaseDocument = AnyDocument>(name: string): Collection<T>;
}

export interface Store {
  collection<T extends BaseDocument = AnyDocument>(name: string): Collection<T>;
  /** Creates an index if it does not exist (idempotent). Not inside a transaction. */
  ensureIndex(collection: string, index: IndexSpec): Promise<void>;
  /**
   * Runs `work` so that all its writes through `tx` apply atomically. The MongoDB adapter may run `work` again
   * after a transient conflict, so `work` must not have side effects outside the store.
   */
  transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R>;
  /** Resolves when the store answers; a readiness check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** An insert or unique index met an existing key. */
export class DuplicateKey extends Error {
  constructor(
    readonly collection: string,
    cause?: unknown,
  ) {
    super(`Duplicate key in collection '${collection}'`, { cause });
    this.name = 'DuplicateKey';
  }
}

const COLLECTION_NAME = /^[A-Za-z][\w-]{0,63}$/;

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) {
    throw new RangeError(`Collection name '${name}' must be letters, digits, '_' or '-', starting with a letter`);
  }
}

const operators: ReadonlySet<string> = new Set(FILTER_OPERATORS);

/** Rejects operators outside the contract so that code tested on nedb behaves the same on MongoDB. */
export function assertPortableFilter(filter: unknown): void {
  if (Array.isArray(filter)) {
    filter.forEach(assertPortableFilter);
    return;
  }
  if (typeof filter !== 'object' || filter === null) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') && !operators.has(key)) throw new RangeError(`Filter operator '${key}' is not supported`);
    if (key === '$contains') assertTextContains(value);
    else assertPortableFilter(value);
  }
}

function assertTextContains(operand: unknown): asserts operand is TextContains {
  const { text, caseInsensitive } = (typeof operand === 'object' && operand !== null ? operand : {}) as Record<string, unknown>;
  if (typeof text !== 'string' || !(caseInsensitive === undefined || typeof caseInsensitive === 'boolean')) {
    throw new RangeError("Filter operator '$contains' takes { text: string, caseInsensitive?: boolean }");
  }
}

/** Top-level fields of a filter that fix a value; an upsert that inserts starts from them. */
export function equalityFields(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) continue;
    const isOperatorObject =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).some((k) => k.startsWith('$'));
    if (!isOperatorObject) fields[key] = value;
  }
  return fields;
}
