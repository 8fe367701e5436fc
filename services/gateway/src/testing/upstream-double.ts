/**
 * A small real service on loopback for the gateway's tests: it answers the offices service's internal
 * directory routes from fixed tables and echoes every other request (method, path, headers, body), recording
 * what it received so a test can assert what the gateway passed on, or that nothing reached it.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bodyBytes: number;
  readonly body: string;
}

export interface UpstreamDouble {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** Upgrades (WebSocket handshakes) that reached the double: path and headers. */
  readonly upgrades: { url: string; headers: Record<string, string | string[] | undefined> }[];
  close(): Promise<void>;
}

export interface UpstreamDoubleOptions {
  /** host -> organization, as GET /internal/organizations/resolve answers. */
  readonly organizations?: Readonly<Record<string, { id: string; name: string; clientType: string }>>;
  /** office id -> organization id, as GET /internal/offices/:id answers. */
  readonly offices?: Readonly<Record<string, string>>;
}

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** One unmasked text frame (server to client), payload under 126 bytes. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([0x81, payload.length]), payload]);
}

export async function startUpstreamDouble(options: UpstreamDoubleOptions = {}): Promise<UpstreamDouble> {
  const received: ReceivedRequest[] = [];
  const upgrades: UpstreamDouble['upgrades'] = [];
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 50 * 1_048_576 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const internal = (token: unknown) => token === TEST_INTERNAL_TOKEN;
  app.get<{ Querystring: { host?: string } }>('/internal/organizations/resolve', async (request, reply) => {
    if (!internal(request.headers['x-internal-token'])) return reply.code(401).send({ message: 'internal only' });
    const organization = options.organizations?.[request.query.host ?? ''];
    return organization ? organization : reply.code(404).send({ message: 'no organization for this host' });
  });
  app.get<{ Params: { id: string } }>('/internal/organizations/:id', async (request, reply) => {
    if (!internal(request.headers['x-internal-token'])) return reply.code(401).send({ message: 'internal only' });
    const organization = Object.values(options.organizations ?? {}).find((candidate) => candidate.id === request.params.id);
    return organization ? organization : reply.code(404).send({ message: 'no such organization' });
  });
  app.get<{ Params: { id: string } }>('/internal/offices/:id', async (request, reply) => {
    if (!internal(request.headers['x-internal-token'])) return reply.code(401).send({ message: 'internal only' });
    const orgId = options.offices?.[request.params.id];
    return orgId ? { id: request.params.id, orgId } : reply.code(404).send({ message: 'no such office' });
  });

  app.all<{ Querystring: { delayMs?: string } }>('/*', async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    received.push({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      bodyBytes: body.length,
      body: body.toString('utf8'),
    });
    const delayMs = Number(request.query.delayMs ?? 0);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { upstream: 'double', method: request.method, url: request.url, headers: request.headers, bodyBytes: body.length };
  });

  // A minimal WebSocket server (handshake, one greeting frame), enough to prove the upgrade is proxied.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (request, socket) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    upgrades.push({ url: request.url ?? '', headers: { ...request.headers } });
    const key = request.headers['sec-websocket-key'];
    if (typeof key !== 'string') {
      socket.destroy();
      return;
    }
    const accept = createHash('sha1').update(`${key}${WEBSOCKET_GUID}`).digest('base64');
    socket.write(
      ['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`, '', ''].join(
        '\r\n',
      ),
    );
    socket.write(textFrame(`hello from ${request.url ?? ''}`));
    socket.on('error', () => socket.destroy());
    socket.on('data', () => undefined);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    upgrades,
    async close() {
      for (const socket of upgraded) socket.destroy();
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
