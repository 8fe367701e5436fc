/**
 * The Verifications History list's search, filters, sort and page live in the address
 * (/past-verifications?q=lopez&status=Completed&from=2026-06-01&page=2): a filtered list can be shared and
 * survives a reload. They are contracts' VerificationListQuery, read leniently (ui/url-list-query.ts); the dates
 * are days (YYYY-MM-DD) in the address and whole local days in the call (history-dates.ts).
 */
import { VerificationListQuery } from '@dv/contracts';
import { urlListQuery } from '../ui/url-list-query';
import { localDayEnd, localDayStart } from './history-dates';

export type HistoryQuery = VerificationListQuery;

const HISTORY_QUERY = urlListQuery(VerificationListQuery, ['page', 'pageSize', 'q', 'status', 'carrier', 'from', 'to', 'sort', 'order']);

export const DEFAULT_HISTORY_QUERY: HistoryQuery = HISTORY_QUERY.defaults;
export const historyQueryFromSearch = HISTORY_QUERY.fromSearch;
export const searchOfHistoryQuery = HISTORY_QUERY.toSearch;
export const changeHistoryQuery = HISTORY_QUERY.change;

/**
 * What GET /api/verifications is sent: the address's parameters, with each day widened to the user's whole local
 * day (the Created column shows local dates; the service would read a bare day as a UTC day).
 */
export function historyCallParams(query: HistoryQuery): Record<string, string> {
  const params = HISTORY_QUERY.params(query);
  if (query.from !== undefined) params.from = localDayStart(query.from);
  if (query.to !== undefined) params.to = localDayEnd(query.to);
  return params;
}

export function hasHistoryFilters(query: HistoryQuery): boolean {
  return (query.q ?? '') !== '' || query.status !== undefined || (query.carrier ?? '') !== '' || query.from !== undefined || query.to !== undefined;
}

/** The filters cleared; sort and page size stay as the user set them. */
export const NO_HISTORY_FILTERS: Partial<HistoryQuery> = { q: undefined, status: undefined, carrier: undefined, from: undefined, to: undefined };
