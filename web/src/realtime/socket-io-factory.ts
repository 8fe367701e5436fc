/**
 * The real socket: Socket.IO at /socket.io on the page's own origin (the gateway, or the dev server's proxy),
 * WebSocket only (no long-polling, so no sticky sessions are needed behind a load balancer) and with Socket.IO's
 * own reconnection off: socket-client.ts drives the backoff.
 *
 * socket.io-client (about 12 KB gzipped) loads when the first socket connects, after the page has rendered: until
 * then the socket keeps the listeners and messages it is given, as Socket.IO itself buffers what is emitted before
 * the connection is up. A failed load is a connect_error, which the client retries like any other.
 */
import { type Socket } from 'socket.io-client';
import { type SocketFactory, type SocketLike } from './socket-client';

export const SOCKET_PATH = '/socket.io';

type Listener = (...args: unknown[]) => void;

async function openSocket(): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    forceNew: true,
  });
}

export const socketIoFactory: SocketFactory = (): SocketLike => {
  let socket: Socket | null = null;
  let loading = false;
  let disconnected = false;
  const listeners: [string, Listener][] = [];
  const emitted: [string, unknown[]][] = [];

  const connect = () => {
    if (socket) {
      socket.connect();
      return;
    }
    disconnected = false;
    if (loading) return;
    loading = true;
    openSocket().then(
      (opened) => {
        loading = false;
        socket = opened;
        for (const [event, listener] of listeners) opened.on(event, listener);
        for (const [event, args] of emitted.splice(0)) opened.emit(event, ...args);
        if (!disconnected) opened.connect();
      },
      () => {
        loading = false;
        if (disconnected) return;
        for (const [event, listener] of listeners) if (event === 'connect_error') listener(new Error('socket.io-client did not load'));
      },
    );
  };

  return {
    connect,
    disconnect: () => {
      disconnected = true;
      socket?.disconnect();
    },
    emit: (event, ...args) => {
      if (socket) socket.emit(event, ...args);
      else emitted.push([event, args]);
    },
    on: (event, listener) => {
      listeners.push([event, listener]);
      socket?.on(event, listener);
    },
    removeAllListeners: () => {
      listeners.length = 0;
      socket?.removeAllListeners();
    },
  };
};
