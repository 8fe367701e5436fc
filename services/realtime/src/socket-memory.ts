/**
 * What an idle socket keeps in memory (issue 20: `npm run bench -- realtime`, at most 6 KB of heap a socket).
 *
 * The HTTP request that opened a connection is the largest thing a socket holds on to for its whole life (headers,
 * raw headers, the parsed query, a property dictionary: about 2.4 KB of heap), and nothing here reads it after the
 * handshake: tokens come in the `authorization` event, never in headers or the query. Socket.IO's memory guide drops
 * the connection's reference; engine.io also keeps it from the stand-in response it gives middlewares for a
 * WebSocket upgrade, which a `close` listener on the TCP socket holds until the socket closes. Both are let go.
 */
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Server as SocketServer } from 'socket.io';

/** engine.io's stand-in response for an upgrade (WebSocketResponse): only its request matters here. */
interface UpgradeResponse {
  req: IncomingMessage | null;
}

/** engine.io's connection, as far as its request goes (engine.io types it as never null). */
interface EngineConnection {
  request: IncomingMessage | null;
}

export function releaseUpgradeRequests(io: SocketServer): void {
  // Keyed weakly by the request, so a handshake that never becomes a connection leaves nothing behind.
  const upgradeResponses = new WeakMap<IncomingMessage, UpgradeResponse>();
  io.engine.use((request: IncomingMessage, response: unknown, next: () => void) => {
    if (!(response instanceof ServerResponse)) upgradeResponses.set(request, response as UpgradeResponse);
    next();
  });
  io.engine.on('connection', (connection: EngineConnection) => {
    const { request } = connection;
    if (!request) return;
    const response = upgradeResponses.get(request);
    if (response) response.req = null;
    upgradeResponses.delete(request);
    connection.request = null;
  });
}

