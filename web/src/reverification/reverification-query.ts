/**
 * The /reverification list's search, sort and page live in the address (/reverification?q=fischer&page=2): a
 * reload, a shared link and the way back from a re-verification show the same list. They are contracts'
 * ReverificationListQuery, read leniently (ui/url-list-query.ts). `verificationId` (the ticket page's link) is
 * the address's too, but no part of the list: it names the verification the page offers to re-verify.
 */
import { ReverificationListQuery } from '@dv/contracts';
import { urlListQuery } from '../ui/url-list-query';
import { VERIFICATION_PARAM } from './reverification-paths';

export type ListQuery = ReverificationListQuery;

const LIST_QUERY = urlListQuery(ReverificationListQuery, ['page', 'pageSize', 'q', 'sort', 'order']);

export const DEFAULT_LIST_QUERY: ListQuery = LIST_QUERY.defaults;
export const listQueryFromSearch = LIST_QUERY.fromSearch;
export const changeListQuery = LIST_QUERY.change;

/** The address of the list, keeping the verification the page offers to re-verify, if any. */
export function searchOfListQuery(query: ListQuery, verificationId?: string | null): URLSearchParams {
  const search = LIST_QUERY.toSearch(query);
  if (verificationId) search.set(VERIFICATION_PARAM, verificationId);
  return search;
}

/** What GET /api/reverifications is sent: every parameter of the query, as strings. */
export const listCallParams = LIST_QUERY.params;
