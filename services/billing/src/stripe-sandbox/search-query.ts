/**
 * Stripe's search query language, the part the sandbox needs: clauses `field:'value'` (exact, case-insensitive),
 * `field~'value'` (substring, at least 3 characters), `field>n` / `<` / `>=` / `<=` on numbers, `field:null`,
 * `metadata['key']:'value'`, a leading `-` to negate, joined by all-AND or all-OR (Stripe refuses a mix). Pure.
 */
import { invalidParam } from './errors';

export type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';

export interface Clause {
  readonly field: string;
  /** The metadata key for `metadata['key']`. */
  readonly key?: string;
  readonly operator: Operator;
  readonly value: string | number | null;
  readonly negate: boolean;
}

export interface Query {
  readonly join: 'AND' | 'OR';
  readonly clauses: readonly Clause[];
}

const CLAUSE =
  /^(-?)([a-z_]+)(?:\[(?:'([^']*)'|"([^"]*)")\])?(>=|<=|:|~|>|<)('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|null)/;
const JOIN = /^\s+(AND|OR)\s+/;

function refuse(query: string, reason: string): never {
  throw invalidParam('query', `Invalid query: ${reason} (query: ${query})`);
}

function readValue(raw: string): string | number | null {
  if (raw === 'null') return null;
  if (raw.startsWith("'") || raw.startsWith('"')) return raw.slice(1, -1).replace(/\\(.)/g, '$1');
  return Number(raw);
}

function readClause(match: RegExpExecArray, query: string): Clause {
  const [, minus, field = '', singleKey, doubleKey, operator = ':', raw = ''] = match;
  const key = singleKey ?? doubleKey;
  const value = readValue(raw);
  const op = operator as Operator;
  if (field === 'metadata' && key === undefined) refuse(query, 'metadata needs a key, as in metadata[\'key\']');
  if (op === '~' && (typeof value !== 'string' || value.length < 3)) refuse(query, '~ needs a string of 3 characters or more');
  if (op !== ':' && op !== '~' && typeof value !== 'number') refuse(query, `${op} needs a number`);
  return { field, ...(key === undefined ? {} : { key }), operator: op, value, negate: minus === '-' };
}

export function parseQuery(query: string): Query {
  let rest = query.trim();
  if (rest === '') refuse(query, 'the query is empty');
  const clauses: Clause[] = [];
  let join: 'AND' | 'OR' | undefined;
  for (;;) {
    const match = CLAUSE.exec(rest);
    if (!match) refuse(query, `cannot read the clause at "${rest.slice(0, 30)}"`);
    clauses.push(readClause(match, query));
    rest = rest.slice(match[0].length);
    if (rest.trim() === '') break;
    const joined = JOIN.exec(rest);
    if (!joined?.[1]) refuse(query, `expected AND or OR at "${rest.slice(0, 30)}"`);
    const word = joined[1] as 'AND' | 'OR';
    if (join !== undefined && join !== word) refuse(query, 'AND and OR cannot be mixed');
    join = word;
    rest = rest.slice(joined[0].length);
  }
  if (clauses.length > 10) refuse(query, 'at most 10 clauses');
  return { join: join ?? 'AND', clauses };
}

/**
 * The value of `metadata['key']`: missing unless the object holds that key itself, so a key spelled like an
 * Object.prototype member (`constructor`, `toString`) is missing too, as at Stripe.
 */
export function metadataValue(metadata: Readonly<Record<string, string>>, key: string | undefined): string | undefined {
  return key !== undefined && Object.hasOwn(metadata, key) ? metadata[key] : undefined;
}

/** Reads a field of one object: undefined when the resource has no such field. */
export type FieldReader = (field: string, key: string | undefined) => string | number | null | undefined;

function clauseHolds(clause: Clause, actual: string | number | null): boolean {
  const { operator, value } = clause;
  if (value === null) return actual === null;
  if (actual === null) return false;
  if (typeof value === 'number') {
    const n = typeof actual === 'number' ? actual : Number(actual);
    if (operator === '>') return n > value;
    if (operator === '<') return n < value;
    if (operator === '>=') return n >= value;
    if (operator === '<=') return n <= value;
    return n === value;
  }
  const text = String(actual).toLowerCase();
  return operator === '~' ? text.includes(value.toLowerCase()) : text === value.toLowerCase();
}

/** Checks the fields first, so an unsupported field is a 400 even on an empty collection. */
export function assertSearchable(query: Query, resource: string, fields: readonly string[]): void {
  for (const clause of query.clauses) {
    if (!fields.includes(clause.field)) {
      throw invalidParam('query', `Field \`${clause.field}\` is an unsupported search field for resource \`${resource}\`.`);
    }
  }
}

export function matchesQuery(query: Query, read: FieldReader): boolean {
  const results = query.clauses.map((clause) => {
    const holds = clauseHolds(clause, read(clause.field, clause.key) ?? null);
    return clause.negate ? !holds : holds;
  });
  return query.join === 'AND' ? results.every(Boolean) : results.some(Boolean);
}
