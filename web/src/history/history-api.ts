/**
 * The calls behind /past-verifications: the office's verifications (GET /api/verifications, paged and filtered by
 * the service), the carrier catalogue for the carrier filter, and whether the organization has the history on
 * (history-flag.ts). Replies are checked against contracts' schemas.
 */
import { type Page, pageOf, VerificationHistoryItem } from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { FEATURE_FLAGS_QUERY_KEY, fetchFeatureFlags } from '../features/feature-flags';
import { type HttpClient } from '../http/http-client';
import { historyEnabled } from './history-flag';
import { historyCallParams, type HistoryQuery } from './history-query';

const HistoryPage = pageOf(VerificationHistoryItem);

export const HISTORY_QUERY_KEY = 'verification-history';

export async function fetchVerificationHistory(http: HttpClient, query: HistoryQuery): Promise<Page<VerificationHistoryItem>> {
  const result = await http.get('/api/verifications', historyCallParams(query));
  if (!result.ok) throw new Error(result.error ?? 'The verifications could not be loaded.');
  return HistoryPage.parse(result.data);
}

/** The page of the list the address asks for; while the next one loads, the rows shown stay (dimmed). */
export function useVerificationHistory(query: HistoryQuery, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: [HISTORY_QUERY_KEY, query],
    queryFn: () => fetchVerificationHistory(http, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** 'loading' until the flags are read (start-up usually has them already). */
export function useHistoryEnabled(): 'loading' | 'on' | 'off' {
  const { http } = useServices();
  const flags = useQuery({ queryKey: FEATURE_FLAGS_QUERY_KEY, queryFn: () => fetchFeatureFlags(http) });
  if (flags.isPending) return 'loading';
  return historyEnabled(flags.data ?? []) ? 'on' : 'off';
}
