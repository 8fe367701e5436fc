/**
 * The live notification socket as a small state machine (SPEC sections 4, 7 and 8), framework-free.
 *
 * States: disconnected -> connecting -> connected; a lost connection -> reconnecting (exponential backoff,
 * SOCKET_RECONNECT_BASE_MS * SOCKET_RECONNECT_FACTOR^(n-1) before attempt n, at most SOCKET_RECONNECT_MAX_ATTEMPTS)
 * -> connected again, or error 'Failed to reconnect after maximum attempts'. A refusal (an authentication failure:
 * error code UNAUTHORIZED or INVALID_TOKEN, close code 4001; access forbidden, 4003) is the error state without
 * reconnecting; another server error (the server cannot check tokens right now) reconnects like a lost connection;
 * a normal closure is disconnected. See close-outcome.ts for how Socket.IO's reasons map to the specification's
 * close codes.
 *
 * On every connect the client sends `authorization` with the current bearer token, and again whenever the token
 * changes while connected (a refresh), so the server keeps the socket past the old token's expiry. A new token
 * also gives a refused or closed client a fresh start. The server's `ping` is answered with `pong`.
 *
 * The socket comes from an injected factory with Socket.IO's own reconnection off: this machine decides when to
 * reconnect. Timers are injectable too; tests use Jest's fake ones.
 */
import {
  BillingStatusEvent,
  CredentialChangeEvent,
  CredentialRemovedEvent,
  FeatureFlagChangedEvent,
  MESSAGES,
  ReverificationStatusEvent,
  ScheduleBatchProgressEvent,
  SOCKET_EVENTS,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_RECONNECT_FACTOR,
  SOCKET_RECONNECT_MAX_ATTEMPTS,
  SocketErrorEvent,
  type SocketState,
  TicketResolvedEvent,
  TicketStatusEvent,
  VerificationReadyEvent,
} from '@dv/contracts';
import { type CloseOutcome, isAuthError, outcomeOfDisconnect, serverErrorText } from './close-outcome';

/** The part of a Socket.IO client socket this machine uses. */
export type SocketLike = {
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeAllListeners(): unknown;
};

export type SocketFactory = () => SocketLike;

/** The server events the app listens to, with their payloads (parsed with the contract's schemas). */
export type ServerEvents = {
  [SOCKET_EVENTS.portalCredentialChange]: CredentialChangeEvent;
  [SOCKET_EVENTS.portalCredentialRemoved]: CredentialRemovedEvent;
  [SOCKET_EVENTS.verificationStatus]: VerificationReadyEvent;
  [SOCKET_EVENTS.ticketStatus]: TicketStatusEvent;
  [SOCKET_EVENTS.ticketResolved]: TicketResolvedEvent;
  [SOCKET_EVENTS.reverificationStatus]: ReverificationStatusEvent;
  [SOCKET_EVENTS.scheduleBatchProgress]: ScheduleBatchProgressEvent;
  [SOCKET_EVENTS.billingStatus]: BillingStatusEvent;
  [SOCKET_EVENTS.featureFlagChanged]: FeatureFlagChangedEvent;
};
export type ServerEventName = keyof ServerEvents;

const PAYLOAD_SCHEMAS = {
  [SOCKET_EVENTS.portalCredentialChange]: CredentialChangeEvent,
  [SOCKET_EVENTS.portalCredentialRemoved]: CredentialRemovedEvent,
  [SOCKET_EVENTS.verificationStatus]: VerificationReadyEvent,
  [SOCKET_EVENTS.ticketStatus]: TicketStatusEvent,
  [SOCKET_EVENTS.ticketResolved]: TicketResolvedEvent,
  [SOCKET_EVENTS.reverificationStatus]: ReverificationStatusEvent,
  [SOCKET_EVENTS.scheduleBatchProgress]: ScheduleBatchProgressEvent,
  [SOCKET_EVENTS.billingStatus]: BillingStatusEvent,
  [SOCKET_EVENTS.featureFlagChanged]: FeatureFlagChangedEvent,
} as const;
const SERVER_EVENT_NAMES = Object.keys(PAYLOAD_SCHEMAS) as ServerEventName[];

export type SocketSnapshot = {
  readonly status: SocketState;
  /** The section 8 text of the last problem; null while all is well. */
  readonly error: string | null;
  /** Reconnect attempts made since the last successful connection. */
  readonly attempt: number;
};

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type SocketClientDeps = {
  createSocket: SocketFactory;
  timers?: Timers;
};

export type SocketClient = {
  getSnapshot: () => SocketSnapshot;
  /** Listens to snapshot changes. */
  subscribe: (listener: () => void) => () => void;
  /** Listens to one server event; answers the unsubscribe function. */
  on: <E extends ServerEventName>(event: E, handler: (payload: ServerEvents[E]) => void) => () => void;
  /** The session's token: connects, re-authorizes, or (null) closes. */
  setToken: (token: string | null) => void;
  /** Closes the socket and forgets the token. */
  stop: () => void;
};

/** The delay before reconnect attempt n (1-based). */
export function reconnectDelay(attempt: number): number {
  return SOCKET_RECONNECT_BASE_MS * SOCKET_RECONNECT_FACTOR ** (attempt - 1);
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createSocketClient({ createSocket, timers = defaultTimers }: SocketClientDeps): SocketClient {
  const listeners = new Set<() => void>();
  const handlers = new Map<ServerEventName, Set<(payload: never) => void>>();
  let snapshot: SocketSnapshot = { status: 'disconnected', error: null, attempt: 0 };
  let token: string | null = null;
  let socket: SocketLike | null = null;
  let socketConnected = false;
  let serverError: SocketErrorEvent | undefined;
  let timer: unknown = null;

  function set(next: Partial<SocketSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  }

  function clearTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  /** Forgets the current socket without reacting to its last events. */
  function dropSocket() {
    const current = socket;
    socket = null;
    socketConnected = false;
    if (current) {
      current.removeAllListeners();
      current.disconnect();
    }
  }

  function authorize() {
    if (socket && token !== null) socket.emit(SOCKET_EVENTS.authorization, { token });
  }

  function dispatch<E extends ServerEventName>(event: E, payload: unknown) {
    const parsed = PAYLOAD_SCHEMAS[event].safeParse(payload);
    if (!parsed.success) return;
    handlers.get(event)?.forEach((handler) => (handler as (value: ServerEvents[E]) => void)(parsed.data as ServerEvents[E]));
  }

  function scheduleReconnect(error: string | null) {
    if (snapshot.attempt >= SOCKET_RECONNECT_MAX_ATTEMPTS) {
      set({ status: 'error', error: MESSAGES.SOCKET_RECONNECT_FAILED });
      return;
    }
    const attempt = snapshot.attempt + 1;
    set({ status: 'reconnecting', error, attempt });
    timer = timers.setTimeout(() => {
      timer = null;
      open();
    }, reconnectDelay(attempt));
  }

  function settle(outcome: CloseOutcome, error: string | null) {
    dropSocket();
    switch (outcome.kind) {
      case 'closed':
        set({ status: 'disconnected', error: null });
        return;
      case 'failed':
        set({ status: 'error', error: outcome.message });
        return;
      case 'reconnect':
        scheduleReconnect(error);
        return;
    }
  }

  function open() {
    if (token === null) return;
    serverError = undefined;
    const created = createSocket();
    socket = created;
    const mine =
      (callback: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        // Events of a socket this client has already let go of change nothing.
        if (socket === created) callback(...args);
      };
    created.on('connect', mine(() => {
      socketConnected = true;
      authorize();
    }));
    created.on(SOCKET_EVENTS.authorizationCompleted, mine(() => set({ status: 'connected', error: null, attempt: 0 })));
    created.on(SOCKET_EVENTS.ping, mine(() => created.emit(SOCKET_EVENTS.pong)));
    created.on(SOCKET_EVENTS.error, mine((payload) => {
      const parsed = SocketErrorEvent.safeParse(payload);
      serverError = parsed.success ? parsed.data : { message: '' };
      // UNAUTHORIZED and INVALID_TOKEN close the socket (SPEC section 4); the server disconnects it as well.
      if (isAuthError(serverError)) settle({ kind: 'failed', message: serverErrorText(serverError) }, null);
    }));
    created.on('connect_error', mine(() => settle({ kind: 'reconnect' }, MESSAGES.SOCKET_CONNECTION_ERROR)));
    created.on('disconnect', mine((reason, details) => {
      const error = serverError ? serverErrorText(serverError) : MESSAGES.SOCKET_CONNECTION_ERROR;
      settle(outcomeOfDisconnect(String(reason), details, serverError), error);
    }));
    for (const event of SERVER_EVENT_NAMES) created.on(event, mine((payload) => dispatch(event, payload)));
    created.connect();
  }

  function start() {
    clearTimer();
    dropSocket();
    set({ status: 'connecting', error: null, attempt: 0 });
    open();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, handler) {
      const group = handlers.get(event) ?? new Set();
      handlers.set(event, group);
      group.add(handler);
      return () => group.delete(handler);
    },
    setToken(next) {
      if (next === token) return;
      token = next;
      if (next === null) {
        clearTimer();
        dropSocket();
        set({ status: 'disconnected', error: null, attempt: 0 });
        return;
      }
      switch (snapshot.status) {
        case 'connected':
        case 'connecting':
          // A refreshed token: the same socket authorizes again (once it is connected, if it is not yet).
          if (socketConnected) authorize();
          return;
        case 'reconnecting':
          // The next attempt uses it.
          return;
        case 'disconnected':
        case 'error':
          start();
          return;
      }
    },
    stop() {
      token = null;
      clearTimer();
      dropSocket();
      set({ status: 'disconnected', error: null, attempt: 0 });
    },
  };
}
