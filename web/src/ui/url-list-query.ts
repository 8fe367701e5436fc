/**
 * A server-paged list's query kept in the address (?status=Pending&page=2): a reload, a shared link and the way
 * back from a row all show the same list. The query is a contracts schema (the one the service validates), read
 * leniently: a parameter it refuses falls back to its default, the others stay. Used by /management/bugs and
 * /past-verifications.
 */
import { type z } from 'zod';

/** Paging keys: changing only these keeps the other filters and the page. */
type PagingKeys = 'page' | 'pageSize';

export type UrlListQuery<Query extends Record<string, unknown>> = {
  readonly defaults: Query;
  /** The query the address names. */
  fromSearch: (search: URLSearchParams) => Query;
  /** Every parameter the list call sends: GET query values are strings. */
  params: (query: Query) => Record<string, string>;
  /** The address form: only what differs from the defaults, so the plain list is its plain path. */
  toSearch: (query: Query) => URLSearchParams;
  /** A filter change starts again at page 1; changing only the page (or its size) keeps the rest. */
  change: (query: Query, change: Partial<Query>) => Query;
};

export function urlListQuery<Query extends Record<string, unknown> & { page: number; pageSize: number }>(
  schema: z.ZodType<Query>,
  keys: readonly (keyof Query & string)[],
): UrlListQuery<Query> {
  const defaults = schema.parse({});

  const params = (query: Query): Record<string, string> => {
    const all: Record<string, string> = {};
    for (const key of keys) {
      const value = query[key];
      if (value !== undefined && value !== null && value !== '') all[key] = String(value);
    }
    return all;
  };

  return {
    defaults,
    fromSearch: (search) => {
      const input: Record<string, string> = {};
      for (const key of keys) {
        const value = search.get(key);
        if (value !== null && value.trim() !== '') input[key] = value;
      }
      for (let attempt = 0; attempt <= keys.length; attempt += 1) {
        const parsed = schema.safeParse(input);
        if (parsed.success) return parsed.data;
        for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
      }
      return defaults;
    },
    params,
    toSearch: (query) => {
      const wanted = params(query);
      const plain = params(defaults);
      return new URLSearchParams(Object.entries(wanted).filter(([key, value]) => plain[key] !== value));
    },
    change: (query, change) => {
      const next: Query = { ...query, ...change };
      const pagingOnly = Object.keys(change).every((key): key is PagingKeys => key === 'page' || key === 'pageSize');
      if (!pagingOnly) next.page = 1;
      if (change.pageSize !== undefined && change.pageSize !== query.pageSize) next.page = 1;
      return next;
    },
  };
}
