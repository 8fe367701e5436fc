/**
 * GET /api/verifications/{id}/sources for the source view: each source's raw answer beside what was mapped from
 * it. The reply is checked against contracts' schema once that has loaded; a failed call throws an ApiCallError
 * carrying the status, so the page can tell "not there" (404) from "broken". While a source still works, the view
 * asks again now and then, so an answer shows up without a reload.
 */
import { type SourceJobStatus, type VerificationSources } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { callError, retryUnlessRefused } from '../../http/api-call-error';
import { type HttpClient } from '../../http/http-client';

/** How often the view asks again while a source is pending or processing. */
export const SOURCES_REFRESH_MS = 5_000;
const WORKING: readonly SourceJobStatus[] = ['pending', 'processing'];

export const sourcesKey = (id: string) => ['verification-sources', id] as const;

/** The contract's schema, loaded once, after the view has shown (source-schemas.ts). */
const schemas = () => import('./source-schemas');

/**
 * The sources as the service answered them through the contract's response schema. The view shows them at once;
 * the check against the same schema runs once its module has loaded, and a reply that fails it is reported (a
 * service and a page of different releases), never silently taken as valid.
 */
export async function fetchVerificationSources(http: HttpClient, id: string): Promise<VerificationSources> {
  const result = await http.get(`/api/verifications/${encodeURIComponent(id)}/sources`);
  if (!result.ok) throw callError(result, 'Reading the sources');
  const sources = result.data as VerificationSources;
  void schemas().then(({ VerificationSources: schema }) => {
    const check = schema.safeParse(sources);
    if (!check.success) console.error('sources reply does not match the contract', check.error.issues.slice(0, 5));
  });
  return sources;
}

export function useVerificationSources(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: sourcesKey(id),
    queryFn: () => fetchVerificationSources(http, id),
    retry: retryUnlessRefused,
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => WORKING.includes(source.job.status)) ? SOURCES_REFRESH_MS : false,
  });
}
