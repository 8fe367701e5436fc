/**
 * The Socket.IO endpoint the SPA connects to (SPEC section 7, "Socket"), behind the gateway at /socket.io.
 *
 * A socket joins no room until it authorizes: it sends `authorization` with `{ token }` (the bearer access token),
 * the token is verified like an API call's (issuer, audience, expiry, algorithms, JWKS), and the socket joins its
 * user's room, its offices' rooms and, for company users, its organization's room, then gets
 * `authorization_completed`. A missing or bad token gets an `error` event `{ message, code }` (UNAUTHORIZED or
 * INVALID_TOKEN) and the socket is disconnected; so does a socket that sends no `authorization` in time, and one
 * whose token expires (it may send `authorization` again with a fresh token before that to stay connected). When
 * the token cannot be checked at all (the signing keys cannot be fetched) the error is UNAVAILABLE: the client
 * tries again later.
 * `ping` is answered with `pong`; authorized sockets also get a `ping` now and then, which the SPA answers.
 */
import type { Server as HttpServer } from 'node:http';
import { SOCKET_EVENTS, SocketAuthorization, type SocketErrorEvent } from '@dv/contracts';
import { MAX_CLOCK_SKEW_SECONDS, type Logger, type TokenVerifier } from '@dv/kit';
import { Server as SocketServer, type Socket } from 'socket.io';
import { roomsForClaims } from './rooms';
import { releaseUpgradeRequests } from './socket-memory';

export const SOCKET_PATH = '/socket.io';

/** Codes of the `error` event; UNAUTHORIZED and INVALID_TOKEN are the contract's (SOCKET_ERROR_CODES). */
export const SOCKET_ERRORS = {
  missingToken: { code: 'UNAUTHORIZED', message: 'An access token is required' },
  timeout: { code: 'UNAUTHORIZED', message: 'Authorization timed out' },
  tooManyAttempts: { code: 'UNAUTHORIZED', message: 'Too many authorization attempts' },
  invalidToken: { code: 'INVALID_TOKEN', message: 'The access token is invalid or expired' },
  expired: { code: 'INVALID_TOKEN', message: 'The access token expired' },
  unavailable: { code: 'UNAVAILABLE', message: 'Tokens cannot be checked right now, retry later' },
} as const satisfies Record<string, SocketErrorEvent>;

/**
 * Sockets that authorized. The server's own pings go to this process's members (io.local); a global event (a
 * feature flag change, forwarding.ts) goes to the members on every process.
 */
export const AUTHORIZED_ROOM = 'authorized';
const MAX_AUTHORIZATION_ATTEMPTS = 5;
/** Clients send tokens and pings; nothing larger. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** setTimeout's limit; a token valid for longer is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

export interface SocketServerOptions {
  readonly verifier: TokenVerifier;
  readonly logger: Logger;
  readonly authTimeoutMs: number;
  readonly pingIntervalMs: number;
  readonly now?: () => number;
}

export interface RealtimeSockets {
  readonly io: SocketServer;
  /** Disconnects this process's sockets and stops its timers; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

function bearerless(token: string): string {
  return token.replace(/^Bearer\s+/i, '').trim();
}

function isUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 503;
}

function handleSocket(socket: Socket, options: SocketServerOptions): void {
  const now = options.now ?? Date.now;
  // The socket id in each line rather than a child logger per socket: a child would live as long as the socket.
  const { logger } = options;
  const socketId = socket.id;
  let rooms: string[] = [];
  let attempts = 0;
  let expiryTimer: NodeJS.Timeout | undefined;
  let authTimer: NodeJS.Timeout | undefined = setTimeout(() => refuse(SOCKET_ERRORS.timeout), options.authTimeoutMs);

  function refuse(error: SocketErrorEvent): void {
    if (socket.disconnected) return;
    logger.info({ socketId, code: error.code, reason: error.message }, 'socket refused');
    socket.emit(SOCKET_EVENTS.error, error);
    socket.disconnect(true);
  }

  async function authorize(payload: unknown): Promise<void> {
    attempts += 1;
    if (attempts > MAX_AUTHORIZATION_ATTEMPTS) return refuse(SOCKET_ERRORS.tooManyAttempts);
    const request = SocketAuthorization.safeParse(payload);
    if (!request.success || bearerless(request.data.token) === '') return refuse(SOCKET_ERRORS.missingToken);
    let claims;
    try {
      ({ claims } = await options.verifier.verify(bearerless(request.data.token)));
    } catch (error) {
      return refuse(isUnavailable(error) ? SOCKET_ERRORS.unavailable : SOCKET_ERRORS.invalidToken);
    }
    if (socket.disconnected) return;
    const next = roomsForClaims(claims);
    // A new token (a refresh, or another user) replaces the rooms of the previous one.
    for (const room of rooms) if (!next.includes(room)) void socket.leave(room);
    rooms = next;
    await socket.join([...rooms, AUTHORIZED_ROOM]);
    clearTimeout(expiryTimer);
    // The verifier accepts a token up to the allowed clock skew after `exp`; the socket lives as long.
    const expiresAt = ((claims.exp ?? 0) + MAX_CLOCK_SKEW_SECONDS) * 1000;
    expiryTimer = setTimeout(() => refuse(SOCKET_ERRORS.expired), Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - now())));
    logger.info({ socketId, userId: claims.sub, orgId: claims.org, rooms: rooms.length }, 'socket authorized');
    socket.emit(SOCKET_EVENTS.authorizationCompleted, { userId: claims.sub });
  }

  socket.on(SOCKET_EVENTS.authorization, (payload: unknown) => {
    // The timeout is for a client that never asks. How long the check takes (a first JWKS fetch) is the server's
    // own business, bounded by the verifier's fetch timeout, and must not be blamed on the client.
    clearTimeout(authTimer);
    // Dropped, not kept for the socket's life: only a cleared timer's handle would be left.
    authTimer = undefined;
    authorize(payload).catch((error: unknown) => {
      logger.error({ socketId, err: error }, 'socket authorization failed');
      refuse(SOCKET_ERRORS.unavailable);
    });
  });
  socket.on(SOCKET_EVENTS.ping, () => {
    socket.emit(SOCKET_EVENTS.pong);
  });
  socket.on('disconnect', (reason) => {
    clearTimeout(authTimer);
    clearTimeout(expiryTimer);
    logger.debug({ socketId, reason }, 'socket disconnected');
  });
}

export function attachSocketServer(httpServer: HttpServer, options: SocketServerOptions): RealtimeSockets {
  const io = new SocketServer(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // engine.io's default, said here: a deflate context per WebSocket would cost far more memory than the few small
    // frames a socket carries save.
    perMessageDeflate: false,
    // Same origin only: browsers reach this service through the gateway, which serves the SPA.
    cors: undefined,
  });
  releaseUpgradeRequests(io);
  io.on('connection', (socket) => handleSocket(socket, options));
  const pinger =
    options.pingIntervalMs > 0
      ? setInterval(() => {
          io.local.to(AUTHORIZED_ROOM).emit(SOCKET_EVENTS.ping);
        }, options.pingIntervalMs)
      : undefined;
  pinger?.unref();

  return {
    io,
    async close() {
      clearInterval(pinger);
      for (const socket of io.of('/').sockets.values()) socket.disconnect(true);
      // The Redis adapter unsubscribes from its channels here; the in-memory adapter has nothing to do.
      await Promise.resolve(io.of('/').adapter.close());
      io.engine.close();
    },
  };
}
