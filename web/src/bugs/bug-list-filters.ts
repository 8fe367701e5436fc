/**
 * The /management/bugs list's filters, sort and page live in the address (?solved=false&type=...&page=2): a
 * reload, a shared link and the way back from a report all show the same list. They are contracts'
 * BugReportListQuery, read leniently (ui/url-list-query.ts).
 */
import { BugReportListQuery } from '@dv/contracts';
import { urlListQuery } from '../ui/url-list-query';

const BUG_LIST_QUERY = urlListQuery(BugReportListQuery, ['page', 'pageSize', 'solved', 'type', 'office', 'text', 'sort', 'order']);

export const DEFAULT_LIST_QUERY: BugReportListQuery = BUG_LIST_QUERY.defaults;
export const listQueryFromSearch = BUG_LIST_QUERY.fromSearch;
export const listQueryParams = BUG_LIST_QUERY.params;
export const searchOfListQuery = BUG_LIST_QUERY.toSearch;
export const changeListQuery = BUG_LIST_QUERY.change;

export function hasListFilters(query: BugReportListQuery): boolean {
  return query.solved !== undefined || query.type !== undefined || query.office !== undefined || (query.text ?? '') !== '';
}
