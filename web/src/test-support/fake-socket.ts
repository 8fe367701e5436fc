/**
 * A stand-in for the Socket.IO client socket: records what the app emits and lets a test play the server
 * (`serverConnects`, `serverEmits`, `serverDisconnects`, `connectFails`). `fakeSockets()` is the factory the
 * socket client takes; it keeps every socket it made, the newest last.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { act } from '@testing-library/react';
import { type SocketFactory, type SocketLike } from '../realtime/socket-client';

export type FakeSocket = SocketLike & {
  emitted: { event: string; args: unknown[] }[];
  connectCalls: number;
  disconnected: boolean;
  serverConnects(): void;
  /** The server authorizes the socket (after it sent its token). */
  serverAuthorizes(): void;
  serverEmits(event: string, ...args: unknown[]): void;
  serverDisconnects(reason: string, details?: unknown): void;
  connectFails(): void;
};

export function fakeSocket(): FakeSocket {
  let listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const socket: FakeSocket = {
    emitted: [],
    connectCalls: 0,
    disconnected: false,
    connect() {
      socket.connectCalls += 1;
    },
    disconnect() {
      socket.disconnected = true;
    },
    emit(event, ...args) {
      socket.emitted.push({ event, args });
    },
    on(event, listener) {
      const group = listeners.get(event) ?? new Set();
      listeners.set(event, group);
      group.add(listener);
    },
    removeAllListeners() {
      listeners = new Map();
    },
    serverConnects: () => fire('connect'),
    serverAuthorizes: () => fire(SOCKET_EVENTS.authorizationCompleted, { userId: 'user-1' }),
    serverEmits: (event, ...args) => fire(event, ...args),
    serverDisconnects: (reason, details) => fire('disconnect', reason, details),
    connectFails: () => fire('connect_error', new Error('websocket error')),
  };
  return socket;
}

export type FakeSockets = { create: SocketFactory; all: FakeSocket[]; latest: () => FakeSocket };

export function fakeSockets(): FakeSockets {
  const all: FakeSocket[] = [];
  return {
    all,
    create: () => {
      const socket = fakeSocket();
      all.push(socket);
      return socket;
    },
    latest: () => {
      const socket = all.at(-1);
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}

/** The newest socket connects and is authorized, as the realtime service does for a good token. */
export function connectLatest(sockets: FakeSockets): FakeSocket {
  const socket = sockets.latest();
  socket.serverConnects();
  socket.serverAuthorizes();
  return socket;
}

/** connectLatest for rendered components: React sees the state change inside act(). */
export function connectLatestInAct(sockets: FakeSockets): FakeSocket {
  let socket: FakeSocket | undefined;
  act(() => {
    socket = connectLatest(sockets);
  });
  return socket!;
}
