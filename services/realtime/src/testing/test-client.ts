/**
 * A Socket.IO client as the SPA uses it, for tests: it records every event it receives and every raw frame
 * (engine.io packet) it reads, so tests can check what reached a browser and what did not.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';
import { io, type Socket } from 'socket.io-client';

export interface ReceivedEvent {
  readonly name: string;
  readonly payload: unknown;
}

export interface TestClient {
  readonly socket: Socket;
  readonly events: ReceivedEvent[];
  /** Every packet read from the wire, as JSON. */
  readonly frames: string[];
  /** The reason, once the socket disconnected. */
  disconnectReason: string | undefined;
  named(name: string): unknown[];
  waitForEvent(name: string, accept?: (payload: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Sends `authorization` and waits for `authorization_completed`. */
  authorize(token: string): Promise<void>;
  close(): void;
}

export async function connectClient(url: string): Promise<TestClient> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false });
  const events: ReceivedEvent[] = [];
  const frames: string[] = [];
  socket.io.on('open', () => {
    socket.io.engine.on('packet', (packet: unknown) => frames.push(JSON.stringify(packet)));
  });
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  const client: TestClient = {
    socket,
    events,
    frames,
    disconnectReason: undefined,
    named: (name) => events.filter((event) => event.name === name).map((event) => event.payload),
    async waitForEvent(name, accept = () => true, timeoutMs = 5_000) {
      const find = () => events.find((event) => event.name === name && accept(event.payload));
      await waitFor(() => find() !== undefined, `socket event ${name}`, timeoutMs);
      return find()?.payload;
    },
    async authorize(token) {
      const before = client.named(SOCKET_EVENTS.authorizationCompleted).length;
      socket.emit(SOCKET_EVENTS.authorization, { token });
      await waitFor(
        () => client.named(SOCKET_EVENTS.authorizationCompleted).length > before || client.named(SOCKET_EVENTS.error).length > 0,
        'authorization answer',
      );
      if (client.named(SOCKET_EVENTS.error).length > 0) throw new Error(`authorization refused: ${JSON.stringify(client.named(SOCKET_EVENTS.error))}`);
    },
    close: () => void socket.close(),
  };
  socket.on('disconnect', (reason) => {
    client.disconnectReason = reason;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
  return client;
}
