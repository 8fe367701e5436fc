/**
 * The live socket for React: one client per signed-in app, kept on the session's current token (a refresh
 * re-authorizes the socket, signing out closes it). Components read its state and listen to its events.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session-context';
import { createSocketClient, type ServerEventName, type ServerEvents, type SocketClient, type SocketFactory, type SocketSnapshot } from './socket-client';
import { socketIoFactory } from './socket-io-factory';

const RealtimeContext = createContext<SocketClient | null>(null);

export function useRealtimeClient(): SocketClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient outside <RealtimeProvider>');
  return client;
}

export function useRealtimeState(): SocketSnapshot {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot);
}

/** Calls the handler for every event of that name while the component is mounted. */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: (payload: ServerEvents[E]) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.on(event, (payload) => latest.current(payload)), [client, event]);
}

export function RealtimeProvider({ createSocket = socketIoFactory, children }: { createSocket?: SocketFactory; children: ReactNode }) {
  const session = useSession();
  const client = useMemo(() => createSocketClient({ createSocket }), [createSocket]);
  const token = session.status === 'signedIn' ? session.accessToken : null;
  useEffect(() => {
    client.setToken(token);
  }, [client, token]);
  useEffect(() => () => client.stop(), [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
