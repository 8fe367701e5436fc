/**
 * The socket keeping an office's cached credentials current, shared by every screen that shows them. The header's
 * notification badge and the credentials page both follow the same office; each change event must update the cache
 * and refetch once, not once per screen (a second invalidation would cancel the first refetch and start another).
 * So the first follower of an office subscribes, later ones only count, and the last one out unsubscribes.
 *
 * What following does: a change event updates the cached credential at once (chips change without a reload) and
 * then refetches the list, which stays the source of truth; a removal (another tab or user deleted it) drops the
 * credential at once and refetches; a socket that (re)connects refetches a list read (or being read) before, since
 * events may have been missed meanwhile. A list not read yet is read once after the connection
 * (use-portal-credentials.ts waits for it), so a page load reads it once.
 */
import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { type SocketClient } from '../realtime/socket-client';
import { applyChangeToList } from './credential-status';
import { credentialsQueryKey } from './portals-api';

type Following = { followers: number; stop: () => void };

/** Per socket client and query client (one pair per running app): the offices followed and by how many. */
const followed = new WeakMap<SocketClient, WeakMap<QueryClient, Map<string, Following>>>();

function officesFollowed(socket: SocketClient, queryClient: QueryClient): Map<string, Following> {
  const byQueryClient = followed.get(socket) ?? new WeakMap<QueryClient, Map<string, Following>>();
  followed.set(socket, byQueryClient);
  const offices = byQueryClient.get(queryClient) ?? new Map<string, Following>();
  byQueryClient.set(queryClient, offices);
  return offices;
}

function startFollowing(socket: SocketClient, queryClient: QueryClient, officeId: string): () => void {
  const key = credentialsQueryKey(officeId);
  // A fetch already under way may have read the store before the event: it is replaced by a new one.
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });

  const stopChanges = socket.on(SOCKET_EVENTS.portalCredentialChange, (change) => {
    queryClient.setQueryData<PortalCredential[]>(key, (list) => (list ? applyChangeToList(list, change) : list));
    refetch();
  });
  const stopRemovals = socket.on(SOCKET_EVENTS.portalCredentialRemoved, ({ credentialId }) => {
    const cached = queryClient.getQueryData<PortalCredential[]>(key);
    const listed = cached === undefined || cached.some((credential) => credential.id === credentialId);
    // Another office's credential (a company user hears the whole organization): nothing to do, unless a fetch
    // under way might still bring it back.
    if (!listed && queryClient.isFetching({ queryKey: key }) === 0) return;
    queryClient.setQueryData<PortalCredential[]>(key, (list) => list?.filter((credential) => credential.id !== credentialId));
    refetch();
  });
  const readBefore = () => {
    const state = queryClient.getQueryState(key);
    return state !== undefined && (state.status !== 'pending' || state.fetchStatus === 'fetching');
  };
  let wasConnected = socket.getSnapshot().status === 'connected';
  const stopStates = socket.subscribe(() => {
    const connected = socket.getSnapshot().status === 'connected';
    if (connected && !wasConnected && readBefore()) refetch();
    wasConnected = connected;
  });
  return () => {
    stopChanges();
    stopRemovals();
    stopStates();
  };
}

/** Follows the office's credentials on the socket until the answered function is called (once). */
export function followOfficeCredentials(socket: SocketClient, queryClient: QueryClient, officeId: string): () => void {
  const offices = officesFollowed(socket, queryClient);
  const following = offices.get(officeId) ?? { followers: 0, stop: startFollowing(socket, queryClient, officeId) };
  offices.set(officeId, following);
  following.followers += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    following.followers -= 1;
    if (following.followers > 0) return;
    following.stop();
    offices.delete(officeId);
  };
}
