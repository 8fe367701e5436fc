/**
 * The /plan search lives in the address (?q=01234-0001&planType=dental&page=2): a reload, a shared link and the
 * way back from a plan show the same results. It is contracts' PlanSearchQuery, read leniently
 * (ui/url-list-query.ts): a parameter the service would refuse falls back to its default, the others stay. Only
 * the box, the plan type and the page are the page's; the service's other filters are not offered here.
 */
import { PlanSearchQuery } from '@dv/contracts';
import { urlListQuery } from '../ui/url-list-query';

const PLAN_SEARCH = urlListQuery(PlanSearchQuery, ['q', 'planType', 'page', 'pageSize']);

export const DEFAULT_PLAN_SEARCH: PlanSearchQuery = PLAN_SEARCH.defaults;
export const planSearchFromAddress = PLAN_SEARCH.fromSearch;
/** What the search call sends: GET query values are strings; empty ones are left out. */
export const planSearchParams = PLAN_SEARCH.params;
/** The address form: only what differs from the defaults, so the plain search is plain /plan. */
export const addressOfPlanSearch = PLAN_SEARCH.toSearch;
/** A new search or filter starts again at page 1, and so does another page size; changing the page keeps the rest. */
export const changePlanSearch = PLAN_SEARCH.change;
