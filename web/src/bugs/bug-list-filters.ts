/**
 * The /management/bugs list's filters, sort and page live in the address (?solved=false&type=...&page=2): a
 * reload, a shared link and the way back from a report all show the same list. They are contracts'
 * BugReportListQuery, read leniently: a parameter it refuses falls back to its default, the others stay.
 */
import { BugReportListQuery } from '@dv/contracts';

const KEYS = ['page', 'pageSize', 'solved', 'type', 'office', 'text', 'sort', 'order'] as const;
type Key = (typeof KEYS)[number];

export const DEFAULT_LIST_QUERY: BugReportListQuery = BugReportListQuery.parse({});

export function listQueryFromSearch(search: URLSearchParams): BugReportListQuery {
  const input: Partial<Record<Key, string>> = {};
  for (const key of KEYS) {
    const value = search.get(key);
    if (value !== null && value.trim() !== '') input[key] = value;
  }
  for (let attempt = 0; attempt <= KEYS.length; attempt += 1) {
    const parsed = BugReportListQuery.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[issue.path[0] as Key];
  }
  return DEFAULT_LIST_QUERY;
}

/** Every parameter the list call sends: GET query values are strings. */
export function listQueryParams(query: BugReportListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

/** The address form: only what differs from the defaults, so the plain list is plain /management/bugs. */
export function searchOfListQuery(query: BugReportListQuery): URLSearchParams {
  const all = listQueryParams(query);
  const defaults = listQueryParams(DEFAULT_LIST_QUERY);
  return new URLSearchParams(Object.entries(all).filter(([key, value]) => defaults[key] !== value));
}

/** A filter change starts again at page 1; changing only the page (or its size) keeps the rest. */
export function changeListQuery(query: BugReportListQuery, change: Partial<BugReportListQuery>): BugReportListQuery {
  const next = { ...query, ...change };
  const pagingOnly = Object.keys(change).every((key) => key === 'page' || key === 'pageSize');
  if (!pagingOnly) next.page = 1;
  if (change.pageSize !== undefined && change.pageSize !== query.pageSize) next.page = 1;
  return next;
}

export function hasListFilters(query: BugReportListQuery): boolean {
  return query.solved !== undefined || query.type !== undefined || query.office !== undefined || (query.text ?? '') !== '';
}
