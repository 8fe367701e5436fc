/**
 * The portal data of one office for React: the catalogue, the office's credentials, the sandbox flag, and the
 * socket keeping the credentials current (credential-live-updates.ts: one subscription per office, however many
 * screens show it).
 *
 * The first read of an office's credentials waits for the socket's first connection (FIRST_READ_SOCKET_WAIT_MS at
 * most): read after the socket is authorized, the list misses no event, so the connection needs no second read.
 * Read before it, an event could fall between the read and the subscription, and the connection reads again
 * (issue 13: every page load read the list twice that way).
 */
import { type PortalCredential } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../app/services-context';
import { useRealtimeClient, useRealtimeState } from '../realtime/realtime-context';
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

/**
 * How long a read stays fresh for a screen opened after it: the header reads on every page, and a page whose own
 * chunk arrives after that read takes it instead of reading again (a page load reads each list once). The socket
 * keeps the credentials current meanwhile (changes, removals, a read again at each reconnection), and every write
 * updates or invalidates the list itself; the catalogue changes with a deployment.
 */
export const CREDENTIALS_FRESH_MS = 60_000;
const PORTALS_FRESH_MS = 10 * 60_000;

export function usePortals() {
  const { http } = useServices();
  return useQuery({ queryKey: PORTALS_QUERY_KEY, queryFn: () => fetchPortals(http), staleTime: PORTALS_FRESH_MS });
}

/**
 * A socket that has not connected by then stops holding the first read back: the badge and the cards do not wait
 * long for it, and its later connection reads the list again (credential-live-updates.ts).
 */
export const FIRST_READ_SOCKET_WAIT_MS = 1_500;

/**
 * false while the socket is still on its way to its first connection, for FIRST_READ_SOCKET_WAIT_MS at most.
 * 'disconnected' counts as on its way: a signed-in app's socket starts so, until the token reaches it.
 */
function useSocketSettled(): boolean {
  const { status } = useRealtimeState();
  const connecting = status === 'connecting' || status === 'disconnected';
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    if (!connecting) return undefined;
    const timer = setTimeout(() => setWaitedOut(true), FIRST_READ_SOCKET_WAIT_MS);
    return () => clearTimeout(timer);
  }, [connecting]);
  return !connecting || waitedOut;
}

export function useCredentials(officeId: string | null) {
  const { http } = useServices();
  const socketSettled = useSocketSettled();
  return useQuery({
    queryKey: credentialsQueryKey(officeId ?? ''),
    queryFn: () => fetchCredentials(http, officeId ?? ''),
    // A read before the socket's connection would be read again at the connection: it waits (a while at most).
    enabled: officeId !== null && socketSettled,
    staleTime: CREDENTIALS_FRESH_MS,
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
