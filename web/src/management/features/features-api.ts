/**
 * The offices service's feature flag management for /management/features (superadministrator): the list, and
 * one flag's change (its value, its isActive, or both). A refused change carries the service's reason (the
 * 400's field message), so the row can say what was wrong. The app's own flags (GET /api/features) are read
 * again after a change; other tabs hear of it through the socket (feature-flags.ts).
 */
import { FeatureFlag, FeatureFlagList, type FeatureFlagPatch } from '@dv/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { FEATURE_FLAGS_QUERY_KEY } from '../../features/feature-flags';
import { ApiCallError, fieldIssuesOf } from '../../http/api-call-error';
import { type HttpClient, type HttpResult } from '../../http/http-client';

const BASE = '/api/management/features';
export const MANAGED_FLAGS_QUERY_KEY = ['management-features'] as const;

/** The 400's first field message ("Expected an integer"), else the reply's message. */
function reasonOf(result: HttpResult<unknown>, fallback: string): string {
  const first = fieldIssuesOf(result.data)[0]?.message;
  return first !== undefined && first !== '' ? first : (result.error ?? fallback);
}

export async function fetchManagedFlags(http: HttpClient): Promise<FeatureFlag[]> {
  const result = await http.get(BASE);
  if (!result.ok) throw new ApiCallError(result.status, reasonOf(result, 'The feature flags could not be read'));
  return FeatureFlagList.parse(result.data);
}

export async function putFlag(http: HttpClient, name: string, patch: FeatureFlagPatch): Promise<FeatureFlag> {
  const result = await http.put(`${BASE}/${encodeURIComponent(name)}`, patch);
  if (!result.ok) throw new ApiCallError(result.status, reasonOf(result, 'The flag could not be saved'));
  return FeatureFlag.parse(result.data);
}

export function useManagedFlags() {
  const { http } = useServices();
  return useQuery({ queryKey: MANAGED_FLAGS_QUERY_KEY, queryFn: () => fetchManagedFlags(http) });
}

/** One flag's change; the list shows the flag as the service answered it. */
export function useUpdateFlag(name: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: FeatureFlagPatch) => putFlag(http, name, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData<FeatureFlag[]>(MANAGED_FLAGS_QUERY_KEY, (flags) =>
        flags?.map((flag) => (flag.name === saved.name ? saved : flag)),
      );
      void queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_QUERY_KEY, refetchType: 'all' });
    },
  });
}
