/**
 * The portal data of one office for React: the catalogue, the office's credentials, the sandbox flag, and the
 * socket keeping the credentials current (credential-live-updates.ts: one subscription per office, however many
 * screens show it).
 */
import { type PortalCredential } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useServices } from '../app/services-context';
import { useRealtimeClient } from '../realtime/realtime-context';
import { followOfficeCredentials } from './credential-live-updates';
import { upsertCredential } from './credential-status';
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
    (credentialId: string) => {
      // A refetch started before the delete (a login's status event) would answer the list with the credential
      // still in it and bring the card back: it is cancelled, and the removal event refetches afterwards.
      void queryClient.cancelQueries({ queryKey: credentialsQueryKey(officeId) });
      queryClient.setQueryData<PortalCredential[]>(credentialsQueryKey(officeId), (list) =>
        list?.filter((credential) => credential.id !== credentialId),
      );
    },
    [queryClient, officeId],
  );
  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: credentialsQueryKey(officeId) }), [queryClient, officeId]);
  return { put, remove, refetch };
}

/** Keeps the office's cached credentials current from the socket while mounted (credential-live-updates.ts). */
export function useCredentialLiveUpdates(officeId: string | null): void {
  const queryClient = useQueryClient();
  const socket = useRealtimeClient();
  useEffect(() => (officeId === null ? undefined : followOfficeCredentials(socket, queryClient, officeId)), [socket, queryClient, officeId]);
}
