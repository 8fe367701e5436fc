/**
 * The portal data of one office for React: the catalogue, the office's credentials, the sandbox flag, and the
 * socket keeping the credentials current. A change event updates the cached credential at once (the chips change
 * without a reload) and then refetches the list through the API, which stays the source of truth; so does a
 * socket that (re)connects, since events may have been missed meanwhile.
 */
import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useServices } from '../app/services-context';
import { useRealtimeState, useSocketEvent } from '../realtime/realtime-context';
import { applyChangeToList, upsertCredential } from './credential-status';
import {
  credentialsQueryKey,
  fetchCredentials,
  fetchPortals,
  fetchSandboxInfo,
  PORTALS_QUERY_KEY,
  PORTALS_SANDBOX_QUERY_KEY,
} from './portals-api';

export function usePortals() {
  const { http } = useServices();
  return useQuery({ queryKey: PORTALS_QUERY_KEY, queryFn: () => fetchPortals(http) });
}

export function useCredentials(officeId: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: credentialsQueryKey(officeId ?? ''),
    queryFn: () => fetchCredentials(http, officeId ?? ''),
    enabled: officeId !== null,
  });
}

export function useSandbox(): boolean {
  const { http } = useServices();
  return useQuery({ queryKey: PORTALS_SANDBOX_QUERY_KEY, queryFn: () => fetchSandboxInfo(http), staleTime: Infinity }).data ?? false;
}

/** Puts a credential the API answered into the office's cached list (or takes one out), and refetches. */
export function useCredentialCache(officeId: string) {
  const queryClient = useQueryClient();
  const put = useCallback(
    (credential: PortalCredential) =>
      queryClient.setQueryData<PortalCredential[]>(credentialsQueryKey(officeId), (list) => upsertCredential(list, credential)),
    [queryClient, officeId],
  );
  const remove = useCallback(
    (credentialId: string) =>
      queryClient.setQueryData<PortalCredential[]>(credentialsQueryKey(officeId), (list) =>
        list?.filter((credential) => credential.id !== credentialId),
      ),
    [queryClient, officeId],
  );
  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: credentialsQueryKey(officeId) }), [queryClient, officeId]);
  return { put, remove, refetch };
}

/** Keeps the office's cached credentials current from the socket while mounted. */
export function useCredentialLiveUpdates(officeId: string | null): void {
  const queryClient = useQueryClient();
  const socket = useRealtimeState();

  useSocketEvent(SOCKET_EVENTS.portalCredentialChange, (change) => {
    if (officeId === null) return;
    const key = credentialsQueryKey(officeId);
    queryClient.setQueryData<PortalCredential[]>(key, (list) => (list ? applyChangeToList(list, change) : list));
    // A fetch already under way may have read the store before this change: it is replaced by a new one.
    void queryClient.invalidateQueries({ queryKey: key });
  });

  const wasConnected = useRef(socket.status === 'connected');
  useEffect(() => {
    const connected = socket.status === 'connected';
    if (connected && !wasConnected.current && officeId !== null) {
      void queryClient.invalidateQueries({ queryKey: credentialsQueryKey(officeId) });
    }
    wasConnected.current = connected;
  }, [socket.status, officeId, queryClient]);
}
