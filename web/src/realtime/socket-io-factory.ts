/**
 * The real socket: Socket.IO at /socket.io on the page's own origin (the gateway, or the dev server's proxy),
 * WebSocket only (no long-polling, so no sticky sessions are needed behind a load balancer) and with Socket.IO's
 * own reconnection off: socket-client.ts drives the backoff.
 */
import { io } from 'socket.io-client';
import { type SocketFactory } from './socket-client';

export const SOCKET_PATH = '/socket.io';

export const socketIoFactory: SocketFactory = () => {
  const socket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    forceNew: true,
  });
  return {
    connect: () => socket.connect(),
    disconnect: () => socket.disconnect(),
    emit: (event, ...args) => socket.emit(event, ...args),
    on: (event, listener) => socket.on(event, listener),
    removeAllListeners: () => socket.removeAllListeners(),
  };
};
