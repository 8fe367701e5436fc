/**
 * The /plan search lives in the address (?q=01234-0001&planType=dental&page=2): a reload, a shared link and the
 * way back from a plan show the same results. It is contracts' PlanSearchQuery, read leniently: a parameter the
 * service would refuse falls back to its default, the others stay.
 */
import { PlanSearchQuery } from '@dv/contracts';

const KEYS = ['q', 'planType', 'page', 'pageSize'] as const;
type Key = (typeof KEYS)[number];

export const DEFAULT_PLAN_SEARCH: PlanSearchQuery = PlanSearchQuery.parse({});

export function planSearchFromAddress(search: URLSearchParams): PlanSearchQuery {
  const input: Partial<Record<Key, string>> = {};
  for (const key of KEYS) {
    const value = search.get(key);
    if (value !== null && value.trim() !== '') input[key] = value;
  }
  for (let attempt = 0; attempt <= KEYS.length; attempt += 1) {
    const parsed = PlanSearchQuery.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[issue.path[0] as Key];
  }
  return DEFAULT_PLAN_SEARCH;
}

/** What the search call sends: GET query values are strings; empty ones are left out. */
export function planSearchParams(query: PlanSearchQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

/** The address form: only what differs from the defaults, so the plain search is plain /plan. */
export function addressOfPlanSearch(query: PlanSearchQuery): URLSearchParams {
  const defaults = planSearchParams(DEFAULT_PLAN_SEARCH);
  return new URLSearchParams(Object.entries(planSearchParams(query)).filter(([key, value]) => defaults[key] !== value));
}

/** A new search or filter starts again at page 1, and so does another page size; changing the page keeps the rest. */
export function changePlanSearch(query: PlanSearchQuery, change: Partial<PlanSearchQuery>): PlanSearchQuery {
  const next = { ...query, ...change };
  const pagingOnly = Object.keys(change).every((key) => key === 'page' || key === 'pageSize');
  if (!pagingOnly || (change.pageSize !== undefined && change.pageSize !== query.pageSize)) next.page = 1;
  return next;
}
