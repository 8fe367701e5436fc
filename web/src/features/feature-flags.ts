/** GET /api/features (public): the feature flags, read with the defaults of SPEC section 9 by @dv/contracts. */
import { type FeatureFlag, FeatureFlagList, SOCKET_EVENTS } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { type HttpClient } from '../http/http-client';
import { useSocketEvent } from '../realtime/realtime-context';

export const FEATURE_FLAGS_QUERY_KEY = ['feature-flags'] as const;

export async function fetchFeatureFlags(http: HttpClient): Promise<FeatureFlag[]> {
  const result = await http.get('/api/features', undefined, { authenticated: false });
  const parsed = FeatureFlagList.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The feature flags could not be read.');
  return parsed.data;
}

/** The flags; an empty list while loading or when they cannot be read (every flag then reads as off). */
export function useFeatureFlags(): readonly FeatureFlag[] {
  const { http } = useServices();
  const query = useQuery({ queryKey: FEATURE_FLAGS_QUERY_KEY, queryFn: () => fetchFeatureFlags(http) });
  return query.data ?? [];
}

/**
 * Keeps the flags live: on the socket's feature_flag_changed (a super administrator changed one; the event names
 * it only) the flags are read again, for every reader of the query, mounted or not. Inside the RealtimeProvider.
 */
export function useFeatureFlagsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.featureFlagChanged, () => {
    void queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_QUERY_KEY, refetchType: 'all' });
  });
}
