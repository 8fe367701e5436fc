/**
 * A connected socket does not keep the HTTP request that opened it (socket-memory.ts): once collected, the request
 * is gone while the socket stays connected, over WebSocket and over long-polling; without the release, engine.io
 * keeps it (the control, so this test can tell). The socket still works after the release.
 */
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Server as SocketServer } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { waitFor } from '@dv/kit/testing';
import { releaseUpgradeRequests } from './socket-memory';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Running {
  readonly url: string;
  readonly io: SocketServer;
  /** The request of each connection, held weakly. */
  readonly requests: WeakRef<IncomingMessage>[];
  close(): Promise<void>;
}

async function serve(release: boolean): Promise<Running> {
  const httpServer: HttpServer = createServer();
  const io = new SocketServer(httpServer, { serveClient: false });
  if (release) releaseUpgradeRequests(io);
  const requests: WeakRef<IncomingMessage>[] = [];
  io.engine.use((request: IncomingMessage, _response: unknown, next: () => void) => {
    requests.push(new WeakRef(request));
    next();
  });
  io.on('connection', (socket) => {
    socket.on('echo', (text: string) => socket.emit('echoed', text));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    io,
    requests,
    async close() {
      await io.close();
    },
  };
}

function connected(url: string, transports: ('websocket' | 'polling')[]): Promise<ClientSocket> {
  const socket = connect(url, { transports, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The requests of the connections still reachable after a full collection (a later task, so WeakRefs may clear). */
async function retainedRequests(running: Running): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  return running.requests.filter((request) => request.deref() !== undefined).length;
}

describe.each([
  ['websocket', ['websocket']],
  ['long-polling', ['polling']],
] as const)('the request that opened a socket (%s)', (_name, transports) => {
  const opened: Running[] = [];
  const sockets: ClientSocket[] = [];

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const running of opened.splice(0)) {
      // A long-polling client says goodbye in a request of its own: the server waits for it before closing.
      await waitFor(() => running.io.of('/').sockets.size === 0, 'the clients gone');
      await running.close();
    }
  });

  it('is let go while the socket stays connected, and the socket still answers', async () => {
    const running = await serve(true);
    opened.push(running);
    const socket = await connected(running.url, [...transports]);
    sockets.push(socket);
    expect(running.requests.length).toBeGreaterThan(0);

    expect(await retainedRequests(running)).toBe(0);
    expect(running.io.of('/').sockets.size).toBe(1);
    const echoed = new Promise((resolve) => socket.once('echoed', resolve));
    socket.emit('echo', 'still here');
    expect(await echoed).toBe('still here');
  });

  it('is kept by engine.io without the release (the control)', async () => {
    const running = await serve(false);
    opened.push(running);
    sockets.push(await connected(running.url, [...transports]));
    expect(await retainedRequests(running)).toBeGreaterThan(0);
  });
});
