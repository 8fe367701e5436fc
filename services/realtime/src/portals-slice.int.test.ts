/**
 * The vertical slice without the gateway: the portals service and the realtime service on one in-process bus,
 * over real HTTP and real sockets. An office watches its credential go inProgress -> valid, mfaRequired -> (MFA
 * code, 201) -> valid, and -> invalid, live, then hears of its deletion; the other office hears nothing; and a canary
 * password appears in no socket frame, HTTP reply, log line or bus message of either service.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SOCKET_EVENTS } from '@dv/contracts';
import { createInProcessBus, createLogger, type EventBus } from '@dv/kit';
import { createTestIssuer, settle, type TestIssuer } from '@dv/kit/testing';
import { loadPortalsConfig, startPortals, type RunningPortals } from '@dv/portals';
import { loadRealtimeConfig } from './config';
import { startRealtime, type RunningRealtime } from './app';
import { connectClient, type TestClient } from './testing/test-client';

const ORG = 'org-slice';
const OFFICES: Record<string, string> = { 'office-1': ORG, 'office-2': ORG };
const users = {
  manager1: { sub: 'u-manager-1', org: ORG, roles: ['staffmanager'], allowedOfficeIds: ['office-1'] },
  manager2: { sub: 'u-manager-2', org: ORG, roles: ['staffmanager'], allowedOfficeIds: ['office-2'] },
  admin: { sub: 'u-admin', org: ORG, roles: ['admin'], allowedOfficeIds: [] },
};
const canary = `canary-${randomUUID()}`;

let dir: string;
let issuer: TestIssuer;
let bus: EventBus;
let portals: RunningPortals;
let realtime: RunningRealtime;
const logs: string[] = [];
const busMessages: string[] = [];
const replies: string[] = [];
const clients: TestClient[] = [];

function capturingLogger(name: string) {
  return createLogger({
    name,
    level: 'trace',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portals-slice-'));
  issuer = await createTestIssuer({ issuer: 'https://id.slice.test/', audience: 'https://api.slice.test' });
  const jwksUrl = await issuer.serveJwks();
  const inner = createInProcessBus();
  bus = {
    publish: (topic, event) => {
      busMessages.push(JSON.stringify({ topic, event }));
      return inner.publish(topic, event);
    },
    subscribe: (...args) => inner.subscribe(...args),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  const oidc = { OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_JWKS_URL: jwksUrl };
  portals = await startPortals({
    config: loadPortalsConfig({ ...oidc, PORT: '0', DATA_DIR: dir, SANDBOX_LOGIN_DELAY_MS: '150', SANDBOX_MFA_DELAY_MS: '150' }),
    bus,
    logger: capturingLogger('portals'),
    officeBelongsToOrg: (officeId, orgId) => Promise.resolve(OFFICES[officeId] === orgId),
  });
  realtime = await startRealtime({ config: loadRealtimeConfig({ ...oidc, PORT: '0' }), bus, logger: capturingLogger('realtime') });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await realtime.close();
  await portals.close();
  await bus.close();
  await issuer.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(method: string, url: string, user: Record<string, unknown>, office: string, body?: unknown) {
  const response = await fetch(`${portals.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${await issuer.sign(user)}`,
      'connected-dental-office': office,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  replies.push(JSON.stringify([...response.headers.entries()]), text);
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

async function watcher(user: Record<string, unknown>): Promise<TestClient> {
  const client = await connectClient(realtime.url);
  clients.push(client);
  await client.authorize(await issuer.sign(user));
  return client;
}

const changesOf = (client: TestClient, credentialId: string) =>
  client
    .named(SOCKET_EVENTS.portalCredentialChange)
    .filter((payload) => (payload as { credentialId: string }).credentialId === credentialId)
    .map((payload) => (payload as { status: string }).status);

const hasStatus = (credentialId: string, status: string) => (payload: unknown) =>
  (payload as { credentialId: string; status: string }).credentialId === credentialId && (payload as { status: string }).status === status;

it('credential statuses arrive live on the office sockets, MFA included, and nowhere else; no frame holds the password', async () => {
  const office1 = await watcher(users.manager1);
  const office2 = await watcher(users.manager2);
  const admin = await watcher(users.admin);

  // Added: inProgress, then valid, pushed to the office (and to the company user), never to the other office.
  const created = await call('POST', '/api/portals/cigna/credentials/', users.manager1, 'office-1', { username: 'frontdesk', password: canary });
  expect(created.status).toBe(201);
  const validId = String(created.body?.id);
  await office1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, hasStatus(validId, 'valid'));
  // One event per provider answer: the overall status stays inProgress until both providers answered.
  expect(changesOf(office1, validId)).toEqual(['inProgress', 'inProgress', 'valid']);
  expect(office1.named(SOCKET_EVENTS.portalCredentialChange)[2]).toEqual({
    credentialId: validId,
    status: 'valid',
    dentalXChange: { status: 'valid' },
    portalAi: { status: 'valid' },
  });
  await admin.waitForEvent(SOCKET_EVENTS.portalCredentialChange, hasStatus(validId, 'valid'));

  // MFA: mfaRequired, then the code is answered 201 and valid follows on the socket.
  const mfa = await call('POST', '/api/portals/dnoaconnect/credentials', users.manager1, 'office-1', { username: 'mfa-frontdesk', password: canary });
  const mfaId = String(mfa.body?.id);
  await office1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, hasStatus(mfaId, 'mfaRequired'));
  await settle(250);
  const beforeCode = changesOf(office1, mfaId).length;
  const code = await call('POST', '/api/portals/credentials/dnoaconnect/mfa', users.manager1, 'office-1', { code: '123456' });
  expect(code.status).toBe(201);
  await office1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, hasStatus(mfaId, 'valid'));
  expect(changesOf(office1, mfaId).slice(0, beforeCode)).toEqual(['inProgress', 'mfaRequired', 'mfaRequired']);
  // After the code: one inProgress for both providers, then their answers, the last one valid.
  expect(changesOf(office1, mfaId).slice(beforeCode)).toEqual(['inProgress', 'inProgress', 'valid']);

  // A wrong password: invalid, pushed live (the notification badge).
  const wrong = await call('POST', '/api/portals/metdental/credentials/', users.manager1, 'office-1', { username: 'frontdesk', password: 'wrong' });
  const wrongId = String(wrong.body?.id);
  await office1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, hasStatus(wrongId, 'invalid'));

  // Edited keeping the password, retried, deleted.
  const edited = await call('PUT', `/api/portals/credentials/${validId}`, users.manager1, 'office-1', { username: 'reception', password: '' });
  expect(edited.status).toBe(200);
  expect((await call('POST', `/api/portals/credentials/${validId}`, users.manager1, 'office-1')).status).toBe(200);
  expect((await call('DELETE', `/api/portals/credentials/${wrongId}`, users.manager1, 'office-1')).status).toBe(204);

  // The deletion reaches the office (and the company user), so other tabs drop the invalid credential from their badge.
  expect(await office1.waitForEvent(SOCKET_EVENTS.portalCredentialRemoved)).toEqual({ credentialId: wrongId });
  expect(await admin.waitForEvent(SOCKET_EVENTS.portalCredentialRemoved)).toEqual({ credentialId: wrongId });

  await settle(300);
  expect(office2.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([]);
  expect(office2.named(SOCKET_EVENTS.portalCredentialRemoved)).toEqual([]);
  expect(admin.named(SOCKET_EVENTS.portalCredentialChange).length).toBe(office1.named(SOCKET_EVENTS.portalCredentialChange).length);

  const places: Record<string, string> = {
    'socket frames': clients.map((client) => client.frames.join('\n')).join('\n'),
    'http replies': replies.join('\n'),
    logs: logs.join(''),
    bus: busMessages.join('\n'),
  };
  expect(places['socket frames']).toContain(mfaId);
  for (const [place, text] of Object.entries(places)) {
    for (const form of [canary, Buffer.from(canary).toString('base64')]) expect([place, text.includes(form)]).toEqual([place, false]);
  }
  // Sockets carry ids and statuses: not even the username travels.
  expect(places['socket frames']).not.toContain('frontdesk');
});
