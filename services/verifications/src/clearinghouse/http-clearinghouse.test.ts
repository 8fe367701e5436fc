/** The production clearinghouse adapter against a local HTTP server, and when it is chosen. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { clearinghouseFor } from '../app';
import { ClearinghouseError } from './clearinghouse';
import { HttpClearinghouse } from './http-clearinghouse';

type Seen = { method?: string; headers: IncomingMessage['headers']; body: string };
let server: Server;
let url: string;
let respond: (response: ServerResponse) => void;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method, headers: request.headers, body });
      respond(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eligibility`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => (seen.length = 0));

const X271 = 'ISA*00*...~';

it('posts the 270 with the key in the configured header and reads a JSON answer', async () => {
  respond = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ x12: X271 }));
  const clearinghouse = new HttpClearinghouse({ url, apiKey: 'key-123456' });
  await expect(clearinghouse.eligibility('ISA*270~')).resolves.toBe(X271);
  expect(seen[0]).toMatchObject({ method: 'POST', body: JSON.stringify({ x12: 'ISA*270~' }) });
  expect(seen[0]?.headers.authorization).toBe('Bearer key-123456');
  expect(seen[0]?.headers['content-type']).toBe('application/json');

  const custom = new HttpClearinghouse({ url, apiKey: 'key-123456', authHeader: 'x-api-key', authScheme: '' });
  await custom.eligibility('ISA*270~');
  expect(seen[1]?.headers['x-api-key']).toBe('key-123456');
  expect(seen[1]?.headers.authorization).toBeUndefined();
});

it('reads a plain X12 answer', async () => {
  respond = (response) => response.writeHead(200, { 'content-type': 'application/edi-x12' }).end(X271);
  await expect(new HttpClearinghouse({ url, apiKey: 'key-123456' }).eligibility('ISA*270~')).resolves.toBe(X271);
});

it.each([
  [503, true],
  [429, true],
  [408, true],
  [400, false],
  [401, false],
])('answers %i as a %s-retryable failure', async (status, retryable) => {
  respond = (response) => response.writeHead(status).end('nope');
  const failure = await new HttpClearinghouse({ url, apiKey: 'key-123456' }).eligibility('ISA*270~').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ClearinghouseError);
  expect(failure).toMatchObject({ retryable, status, message: `The clearinghouse answered ${status}` });
});

it('treats a JSON answer without x12 as a final failure, and silence as a transient one', async () => {
  respond = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
  await expect(new HttpClearinghouse({ url, apiKey: 'key-123456' }).eligibility('x')).rejects.toMatchObject({ retryable: false });
  respond = () => undefined;
  await expect(new HttpClearinghouse({ url, apiKey: 'key-123456', timeoutMs: 50 }).eligibility('x')).rejects.toMatchObject({
    retryable: true,
    message: 'The clearinghouse did not answer in time',
  });
  await expect(new HttpClearinghouse({ url: 'http://127.0.0.1:9/none', apiKey: 'key-123456' }).eligibility('x')).rejects.toMatchObject({
    retryable: true,
    message: 'The clearinghouse could not be reached',
  });
});

it('is chosen only when a clearinghouse URL is configured; the sandbox otherwise', () => {
  const base = { port: 0, host: '127.0.0.1', dataDir: '/tmp', oidcIssuer: 'http://i', oidcAudience: 'a', oidcJwksUrl: 'http://j' };
  const sandbox = clearinghouseFor(base);
  expect(sandbox.sandbox).toBe(true);
  expect(sandbox.clearinghouse).not.toBeInstanceOf(HttpClearinghouse);
  const real = clearinghouseFor({ ...base, clearinghouse: { url, apiKey: 'key-123456' } });
  expect(real.sandbox).toBe(false);
  expect(real.clearinghouse).toBeInstanceOf(HttpClearinghouse);
  expect(() => clearinghouseFor({ ...base, clearinghouse: { url } })).toThrow('A clearinghouse URL needs an API key');
});
