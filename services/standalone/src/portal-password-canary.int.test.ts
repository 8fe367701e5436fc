/**
 * A planted canary password, sent through the real gateway of the whole product (`npm start`'s entry point in a
 * child process, every service logging at trace level), never comes back: not in a reply (body or headers) of any
 * portal credential call, answered or refused, nor in any log line of any service (the gateway parses bodies and
 * logs requests), nor in a socket frame of the notification socket the gateway proxies. The portals service's own
 * canary test covers its store, outbox and bus; services/realtime's slice test the socket without the gateway.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { request } from 'undici';
import { SOCKET_EVENTS } from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';

const DEMO_HOST = 'demo.localhost';
const OFFICE = 'office-demo-1';
const canary = `canary-${randomUUID()}`;
const secondCanary = `canary-${randomUUID()}`;
/** The forms a password could leak in: as sent, base64, hex, URL-encoded. */
const forms = (secret: string) => [
  secret,
  Buffer.from(secret, 'utf8').toString('base64'),
  Buffer.from(secret, 'utf8').toString('hex'),
  encodeURIComponent(secret),
];

let dataDir: string;
let child: ChildProcess | undefined;
let output = '';
let gateway = '';
let idp = '';
let socket: Socket | undefined;
const replies: string[] = [];
const frames: string[] = [];
const changes: { credentialId: string; status: string }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dv-canary-'));
  const started = fork(path.join(__dirname, 'main.ts'), [], {
    execArgv: ['--require', path.join(__dirname, 'testing', 'workspace-register.cjs')],
    env: { ...process.env, PORT: '0', IDP_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'trace', SANDBOX_LOGIN_DELAY_MS: '50', SANDBOX_MFA_DELAY_MS: '50' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child = started;
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await waitFor(() => output.includes('staff@demo.test') || started.exitCode !== null, 'the product to start', 90_000);
  gateway = `http://127.0.0.1:${/web app and API\s+http:\/\/localhost:(\d+)/.exec(output)?.[1]}`;
  idp = `http://127.0.0.1:${/identity provider\s+http:\/\/localhost:(\d+)/.exec(output)?.[1]}`;
}, 120_000);

afterAll(async () => {
  socket?.close();
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

async function tokenFor(email: string): Promise<string> {
  const response = await request(`${idp}/dev/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return ((await response.body.json()) as { access_token: string }).access_token;
}

/** A call through the gateway as the SPA makes it; the raw body lets a test send what no SPA would. */
async function call(method: string, urlPath: string, options: { token?: string; office?: string; body?: unknown; rawBody?: string } = {}) {
  const response = await request(`${gateway}${urlPath}`, {
    method: method as 'GET',
    headers: {
      host: DEMO_HOST,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.office ? { 'connected-dental-office': options.office } : {}),
      ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.rawBody !== undefined ? { body: options.rawBody } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.body.text();
  replies.push(JSON.stringify(response.headers), text);
  return { status: response.statusCode, json: () => JSON.parse(text) as Record<string, unknown> };
}

const sawStatus = (credentialId: string, status: string, since = 0) =>
  waitFor(() => changes.slice(since).some((change) => change.credentialId === credentialId && change.status === status), `${credentialId} ${status} on the socket`);

it('no reply, log line or socket frame of the product carries a password sent through the gateway', async () => {
  const token = await tokenFor('staffmanager@demo.test');
  const manager = { token, office: OFFICE };

  // The notification socket, through the gateway's proxy.
  const live = io(gateway, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false });
  socket = live;
  live.io.on('open', () => live.io.engine.on('packet', (packet: unknown) => frames.push(JSON.stringify(packet))));
  live.on(SOCKET_EVENTS.portalCredentialChange, (change: { credentialId: string; status: string }) => changes.push(change));
  const authorized = new Promise<void>((resolve) => live.once(SOCKET_EVENTS.authorizationCompleted, () => resolve()));
  live.once('connect', () => live.emit(SOCKET_EVENTS.authorization, { token }));
  live.connect();
  await authorized;

  // Added, edited with another password, retried.
  const added = await call('POST', '/api/portals/cigna/credentials/', { ...manager, body: { username: 'frontdesk', password: canary } });
  expect(added.status).toBe(201);
  const id = String(added.json().id);
  await sawStatus(id, 'valid');
  let since = changes.length;
  expect((await call('PUT', `/api/portals/credentials/${id}`, { ...manager, body: { username: 'frontdesk', password: secondCanary } })).status).toBe(200);
  await sawStatus(id, 'valid', since);
  expect((await call('POST', `/api/portals/credentials/${id}`, manager)).status).toBe(200);

  // MFA through 201 and the socket.
  const mfa = await call('POST', '/api/portals/dnoaconnect/credentials', { ...manager, body: { username: 'mfa-desk', password: canary } });
  const mfaId = String(mfa.json().id);
  await sawStatus(mfaId, 'mfaRequired');
  since = changes.length;
  expect((await call('POST', '/api/portals/credentials/dnoaconnect/mfa', { ...manager, body: { code: '123456' } })).status).toBe(201);
  await sawStatus(mfaId, 'valid', since);

  // A portal that is down, and a wrong password: error answers with messages.
  const down = await call('POST', '/api/portals/humana/credentials/', { ...manager, body: { username: 'down-desk', password: canary } });
  const downId = String(down.json().id);
  await sawStatus(downId, 'failed');
  expect((await call('POST', `/api/portals/credentials/${downId}`, manager)).status).toBe(502);

  // Refused on the way: invalid input, a body that is not JSON, a duplicate, another office, no token, a role that
  // may not edit. None of these may echo or log what was sent.
  expect((await call('POST', '/api/portals/metdental/credentials/', { ...manager, body: { username: '', password: canary } })).status).toBe(400);
  expect((await call('POST', '/api/portals/metdental/credentials/', { ...manager, rawBody: `{"username":"frontdesk","password":"${canary}"` })).status).toBe(400);
  expect((await call('POST', '/api/portals/metdental/credentials/', { ...manager, rawBody: `username=frontdesk&password=${canary}` })).status).toBe(400);
  expect((await call('POST', '/api/portals/cigna/credentials/', { ...manager, body: { username: 'again', password: canary } })).status).toBe(409);
  expect((await call('PUT', `/api/portals/credentials/${id}`, { token, office: 'office-acme-1', body: { username: 'x', password: canary } })).status).toBe(403);
  expect((await call('POST', '/api/portals/metdental/credentials/', { office: OFFICE, body: { username: 'frontdesk', password: canary } })).status).toBe(401);
  const staff = await tokenFor('staff@demo.test');
  expect((await call('POST', '/api/portals/metdental/credentials/', { token: staff, office: OFFICE, body: { username: 'frontdesk', password: canary } })).status).toBe(403);

  // Read back as the page does, then removed.
  expect((await call('GET', '/api/portals/credentials', manager)).status).toBe(200);
  expect((await call('DELETE', `/api/portals/credentials/${downId}`, manager)).status).toBe(204);

  // Stopped cleanly, so every log line is written.
  const stopped = child!;
  const exited = new Promise<number | null>((resolve) => stopped.once('exit', resolve));
  stopped.kill('SIGTERM');
  expect(await exited).toBe(0);

  // The capture is real: the gateway logged these requests, and the socket carried the statuses.
  const gatewayLines = output.split('\n').filter((line) => line.includes('"name":"gateway"'));
  expect(gatewayLines.some((line) => line.includes('/api/portals/cigna/credentials/'))).toBe(true);
  expect(frames.join('\n')).toContain(mfaId);

  const places: Record<string, string> = { replies: replies.join('\n'), 'log lines': output, 'socket frames': frames.join('\n') };
  for (const [place, text] of Object.entries(places)) {
    for (const form of [...forms(canary), ...forms(secondCanary)]) expect([place, form, text.includes(form)]).toEqual([place, form, false]);
  }
}, 180_000);
