/**
 * The plan library API of the /plan pages: search (GET /api/plans), one plan (GET /api/plans/{id}) and its PDF.
 * A failed call throws an ApiCallError (http/api-call-error.ts) with the status and the server's message, so a
 * page tells "not there" from "broken". The search reply is checked against the contract's schema at once; a
 * plan's reply, which carries the whole plan document, once the page has shown it (plan-schemas.ts), as the
 * verification page does.
 */
import { type Page, pageOf, type PlanLibraryDetail, PlanLibraryItem, type PlanPdfQuery, type PlanSearchQuery } from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { callError, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { planSearchParams } from './plan-search-query';

const PlanPage = pageOf(PlanLibraryItem);
const BASE = '/api/plans';
const planPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const PLANS_QUERY_KEY = 'plans';
const searchKey = (query: PlanSearchQuery) => [PLANS_QUERY_KEY, 'search', query] as const;
const planKey = (id: string) => [PLANS_QUERY_KEY, 'plan', id] as const;

export async function searchPlans(http: HttpClient, query: PlanSearchQuery): Promise<Page<PlanLibraryItem>> {
  const result = await http.get(BASE, planSearchParams(query));
  if (!result.ok) throw callError(result, 'Searching plans');
  return PlanPage.parse(result.data);
}

export async function fetchPlan(http: HttpClient, id: string): Promise<PlanLibraryDetail> {
  const result = await http.get(planPath(id));
  if (!result.ok) throw callError(result, 'Reading the plan');
  const detail = result.data as PlanLibraryDetail;
  void import('./plan-schemas').then(({ PlanLibraryDetail: schema }) => {
    const check = schema.safeParse(detail);
    if (!check.success) console.error('plan reply does not match the contract', check.error.issues.slice(0, 5));
  });
  return detail;
}

/** The server-rendered PDF as a file (the call carries the session's token, so a plain link could not). */
export async function fetchPlanPdf(http: HttpClient, id: string, query: PlanPdfQuery): Promise<Blob> {
  const result = await http.get(`${planPath(id)}/pdf`, query, { read: 'file' });
  if (!result.ok || result.file === undefined) throw callError(result, 'Making the PDF');
  return result.file;
}

export function usePlanSearch(query: PlanSearchQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: searchKey(query),
    queryFn: () => searchPlans(http, query),
    // The table keeps the previous page while the next one loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function usePlan(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: planKey(id),
    queryFn: () => fetchPlan(http, id),
    retry: retryUnlessRefused,
  });
}
