/**
 * The realtime service in one process (Socket.IO's in-memory adapter, the in-process bus), with real sockets:
 * authorization, its failures, ping and pong, and which sockets get which bus event.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { EVENT_TYPES, SOCKET_ERROR_CODES, SOCKET_EVENTS, TOPICS } from '@dv/contracts';
import { createInProcessBus, createLogger, type BusEvent, type EventBus } from '@dv/kit';
import { createTestIssuer, settle, waitFor, type TestIssuer } from '@dv/kit/testing';
import { loadRealtimeConfig } from './config';
import { startRealtime, type RunningRealtime } from './app';
import { SOCKET_ERRORS } from './socket-server';
import { connectClient, type TestClient } from './testing/test-client';

const ORG_A = 'org-a';
const ORG_B = 'org-b';
const users = {
  staffA1: { sub: 'u-staff-a1', org: ORG_A, roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffA2: { sub: 'u-staff-a2', org: ORG_A, roles: ['staff'], allowedOfficeIds: ['office-a2'] },
  keyedA2: { sub: 'u-keyed', org: ORG_A, roles: { 'office-a2': ['staffmanager'] }, allowedOfficeIds: [] },
  adminA: { sub: 'u-admin-a', org: ORG_A, roles: ['admin'], allowedOfficeIds: [] },
  adminB: { sub: 'u-admin-b', org: ORG_B, roles: ['admin'], allowedOfficeIds: [] },
};

let issuer: TestIssuer;
let jwksUrl: string;
let bus: EventBus;
let realtime: RunningRealtime;
const clients: TestClient[] = [];

beforeAll(async () => {
  issuer = await createTestIssuer({ issuer: 'https://id.realtime.test/', audience: 'https://api.realtime.test' });
  jwksUrl = await issuer.serveJwks();
  bus = createInProcessBus();
  const config = loadRealtimeConfig({
    PORT: '0',
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: issuer.audience,
    OIDC_JWKS_URL: jwksUrl,
    SOCKET_AUTH_TIMEOUT_MS: '300',
    SOCKET_PING_INTERVAL_MS: '100',
  });
  realtime = await startRealtime({ config, bus, logger: createLogger({ name: 'realtime', level: 'silent' }) });
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await realtime.close();
  await bus.close();
  await issuer.close();
});

async function client(): Promise<TestClient> {
  const connected = await connectClient(realtime.url);
  clients.push(connected);
  return connected;
}

async function signedIn(user: Record<string, unknown>): Promise<TestClient> {
  const connected = await client();
  await connected.authorize(await issuer.sign(user));
  return connected;
}

function credentialEvent(payload: Record<string, unknown>, id: string = randomUUID()): BusEvent {
  return { key: String(payload.credentialId), id, type: EVENT_TYPES.credentialChanged, payload, occurredAt: new Date().toISOString() };
}

async function refusedWith(connected: TestClient, error: { code: string; message: string }): Promise<void> {
  await waitFor(() => connected.disconnectReason !== undefined, 'the server to disconnect the socket');
  expect(connected.named(SOCKET_EVENTS.error)).toEqual([error]);
  expect(connected.disconnectReason).toBe('io server disconnect');
  expect(connected.named(SOCKET_EVENTS.authorizationCompleted)).toEqual([]);
}

describe('authorization', () => {
  it('a valid access token: authorization_completed with the user id', async () => {
    const connected = await signedIn(users.staffA1);
    expect(connected.named(SOCKET_EVENTS.authorizationCompleted)).toEqual([{ userId: 'u-staff-a1' }]);
    await settle(350);
    expect(connected.socket.connected).toBe(true);
  });

  it('a forged, a foreign or an expired token: error INVALID_TOKEN, then disconnect', async () => {
    const stranger = await createTestIssuer({ issuer: issuer.issuer, audience: issuer.audience });
    const tokens = [
      'not-a-jwt',
      await stranger.sign(users.staffA1),
      await issuer.sign(users.staffA1, { expiresInSeconds: -120 }),
      await issuer.sign(users.staffA1, { audience: 'https://other.test' }),
      await issuer.sign(users.staffA1, { typ: 'JWT' }),
    ];
    await stranger.close();
    for (const token of tokens) {
      const connected = await client();
      connected.socket.emit(SOCKET_EVENTS.authorization, { token });
      await refusedWith(connected, SOCKET_ERRORS.invalidToken);
    }
  });

  it('no token: error UNAUTHORIZED, then disconnect', async () => {
    for (const payload of [undefined, {}, { token: '' }, { token: 'Bearer ' }, 'just-a-string']) {
      const connected = await client();
      connected.socket.emit(SOCKET_EVENTS.authorization, payload);
      await refusedWith(connected, SOCKET_ERRORS.missingToken);
    }
  });

  it('a socket that does not authorize in time: error UNAUTHORIZED, then disconnect', async () => {
    const connected = await client();
    const started = Date.now();
    await refusedWith(connected, SOCKET_ERRORS.timeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('a token that expires while connected ends the socket (INVALID_TOKEN)', async () => {
    // Accepted within the 60 s clock skew, one second before that runs out.
    const connected = await signedIn({ ...users.staffA1 });
    const expiring = await client();
    await expiring.authorize(await issuer.sign(users.staffA1, { expiresInSeconds: -59 }));
    await waitFor(() => expiring.disconnectReason !== undefined, 'expiry', 10_000);
    expect(expiring.named(SOCKET_EVENTS.error)).toEqual([SOCKET_ERRORS.expired]);
    expect(connected.socket.connected).toBe(true);
  });

  it('ping gets pong; authorized sockets are pinged', async () => {
    const connected = await signedIn(users.staffA1);
    connected.socket.emit(SOCKET_EVENTS.ping);
    await connected.waitForEvent(SOCKET_EVENTS.pong);
    await connected.waitForEvent(SOCKET_EVENTS.ping);
  });
});

describe('when the signing keys are slow or cannot be fetched', () => {
  let slowKeys: HttpServer | undefined;
  const started: RunningRealtime[] = [];

  afterAll(async () => {
    for (const running of started) await running.close();
    const server = slowKeys;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function realtimeWithKeysAt(keysUrl: string): Promise<RunningRealtime> {
    const config = loadRealtimeConfig({
      PORT: '0',
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: issuer.audience,
      OIDC_JWKS_URL: keysUrl,
      SOCKET_AUTH_TIMEOUT_MS: '300',
      SOCKET_PING_INTERVAL_MS: '0',
    });
    const running = await startRealtime({ config, bus, logger: createLogger({ name: 'realtime', level: 'silent' }) });
    started.push(running);
    return running;
  }

  it('a token check slower than the authorization timeout is not a timeout: the socket is authorized', async () => {
    // The identity provider's keys, answered after twice the authorization timeout (a slow first JWKS fetch).
    const jwks = await (await fetch(jwksUrl)).text();
    const server = createHttpServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks), 600);
    });
    slowKeys = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const running = await realtimeWithKeysAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`);

    const connected = await connectClient(running.url);
    clients.push(connected);
    const asked = Date.now();
    await connected.authorize(await issuer.sign(users.staffA1));
    expect(Date.now() - asked).toBeGreaterThanOrEqual(500);
    expect(connected.named(SOCKET_EVENTS.error)).toEqual([]);
    await settle(350);
    expect(connected.socket.connected).toBe(true);
  });

  it('keys that cannot be fetched: error UNAVAILABLE (not an authentication failure), then disconnect', async () => {
    // Nothing listens on the discard port.
    const running = await realtimeWithKeysAt('http://127.0.0.1:9/jwks');
    const connected = await connectClient(running.url);
    clients.push(connected);
    connected.socket.emit(SOCKET_EVENTS.authorization, { token: await issuer.sign(users.staffA1) });
    await refusedWith(connected, SOCKET_ERRORS.unavailable);
    expect(SOCKET_ERROR_CODES).not.toContain(SOCKET_ERRORS.unavailable.code);
  });
});

describe('bus events reach the rooms they belong to', () => {
  it('a credential change goes to its office and to company users of its organization, nobody else', async () => {
    const a1 = await signedIn(users.staffA1);
    const a2 = await signedIn(users.staffA2);
    const keyed = await signedIn(users.keyedA2);
    const adminA = await signedIn(users.adminA);
    const adminB = await signedIn(users.adminB);
    const anonymous = await client();

    const payload = {
      credentialId: 'cred-1',
      status: 'invalid',
      dentalXChange: { status: 'invalid' },
      portalAi: null,
      orgId: ORG_A,
      officeId: 'office-a1',
      username: 'should-not-travel',
    };
    await bus.publish(TOPICS.portalCredentials, credentialEvent(payload));
    const expected = { credentialId: 'cred-1', status: 'invalid', dentalXChange: { status: 'invalid' }, portalAi: null };
    expect(await a1.waitForEvent(SOCKET_EVENTS.portalCredentialChange)).toEqual(expected);
    expect(await adminA.waitForEvent(SOCKET_EVENTS.portalCredentialChange)).toEqual(expected);

    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-2', status: 'valid', orgId: ORG_A, officeId: 'office-a2' }));
    await a2.waitForEvent(SOCKET_EVENTS.portalCredentialChange);
    await keyed.waitForEvent(SOCKET_EVENTS.portalCredentialChange);
    await adminA.waitForEvent(SOCKET_EVENTS.portalCredentialChange, (event) => (event as { credentialId: string }).credentialId === 'cred-2');
    await settle(100);

    expect(a1.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([expected]);
    expect(a2.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([{ credentialId: 'cred-2', status: 'valid' }]);
    expect(keyed.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([{ credentialId: 'cred-2', status: 'valid' }]);
    expect(adminA.named(SOCKET_EVENTS.portalCredentialChange)).toHaveLength(2);
    expect(adminB.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([]);
    expect(anonymous.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([]);
    for (const connected of [a1, a2, keyed, adminA, adminB, anonymous]) {
      const wire = connected.frames.join('\n');
      expect(wire).not.toContain('should-not-travel');
      expect(wire).not.toContain('office-a1');
      expect(wire).not.toContain(ORG_A);
    }
  });

  it('a credential removal goes to the same rooms as its changes, carrying the credential id only', async () => {
    const a1 = await signedIn(users.staffA1);
    const a2 = await signedIn(users.staffA2);
    const adminA = await signedIn(users.adminA);
    const adminB = await signedIn(users.adminB);
    await bus.publish(TOPICS.portalCredentials, {
      key: 'cred-gone',
      id: randomUUID(),
      type: EVENT_TYPES.credentialRemoved,
      payload: { credentialId: 'cred-gone', orgId: ORG_A, officeId: 'office-a1', username: 'should-not-travel' },
      occurredAt: new Date().toISOString(),
    });
    // Changes on the same topic still arrive beside removals (one consumer per topic handles both types).
    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-after', status: 'valid', orgId: ORG_A, officeId: 'office-a1' }));
    expect(await a1.waitForEvent(SOCKET_EVENTS.portalCredentialRemoved)).toEqual({ credentialId: 'cred-gone' });
    expect(await adminA.waitForEvent(SOCKET_EVENTS.portalCredentialRemoved)).toEqual({ credentialId: 'cred-gone' });
    await a1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, (payload) => (payload as { credentialId: string }).credentialId === 'cred-after');
    await settle(100);
    expect(a1.named(SOCKET_EVENTS.portalCredentialRemoved)).toHaveLength(1);
    expect(a2.named(SOCKET_EVENTS.portalCredentialRemoved)).toEqual([]);
    expect(adminB.named(SOCKET_EVENTS.portalCredentialRemoved)).toEqual([]);
    expect(a1.frames.join('\n')).not.toContain('should-not-travel');
  });

  it('a verification event carries the verification id and the jobs only, to its office and user', async () => {
    const a1 = await signedIn(users.staffA1);
    const a2 = await signedIn(users.staffA2);
    const payload = {
      verificationId: 'ver-1',
      jobs: [{ id: 'job-1', status: 'done', source: 'cigna', patientName: 'Jane Doe' }],
      orgId: ORG_A,
      officeId: 'office-a1',
      patient: { firstName: 'Jane', lastName: 'Doe', dob: '01/02/1980' },
    };
    await bus.publish(TOPICS.verificationReady, {
      key: 'ver-1',
      id: randomUUID(),
      type: EVENT_TYPES.verificationReady,
      payload,
      occurredAt: new Date().toISOString(),
    });
    expect(await a1.waitForEvent(SOCKET_EVENTS.verificationStatus)).toEqual({
      verificationId: 'ver-1',
      jobs: [{ id: 'job-1', status: 'done', source: 'cigna' }],
    });
    expect(a1.frames.join('\n')).not.toContain('Jane');

    await bus.publish(TOPICS.verificationReady, {
      key: 'ver-2',
      id: randomUUID(),
      type: EVENT_TYPES.verificationReady,
      payload: { verificationId: 'ver-2', jobs: [], orgId: ORG_A, userId: 'u-staff-a2' },
      occurredAt: new Date().toISOString(),
    });
    expect(await a2.waitForEvent(SOCKET_EVENTS.verificationStatus)).toEqual({ verificationId: 'ver-2', jobs: [] });
    await settle(50);
    expect(a1.named(SOCKET_EVENTS.verificationStatus)).toHaveLength(1);
  });

  it('a job change of a verification still working reaches its office as the same status event, ids only', async () => {
    const a1 = await signedIn(users.staffA1);
    const a2 = await signedIn(users.staffA2);
    await bus.publish(TOPICS.verificationReady, {
      key: 'ver-3',
      id: randomUUID(),
      type: EVENT_TYPES.verificationJobChanged,
      payload: {
        verificationId: 'ver-3',
        jobs: [{ id: 'job-3', status: 'processing', source: 'portal', memberId: 'W123456789' }],
        orgId: ORG_A,
        officeId: 'office-a1',
      },
      occurredAt: new Date().toISOString(),
    });
    expect(await a1.waitForEvent(SOCKET_EVENTS.verificationStatus)).toEqual({
      verificationId: 'ver-3',
      jobs: [{ id: 'job-3', status: 'processing', source: 'portal' }],
    });
    expect(a1.frames.join('\n')).not.toContain('W123456789');
    await settle(50);
    expect(a2.named(SOCKET_EVENTS.verificationStatus)).toEqual([]);
  });

  it('a redelivered event is emitted once; a malformed one or another type not at all', async () => {
    const a1 = await signedIn(users.staffA1);
    const event = credentialEvent({ credentialId: 'cred-dup', status: 'failed', orgId: ORG_A, officeId: 'office-a1' });
    await bus.publish(TOPICS.portalCredentials, event);
    await bus.publish(TOPICS.portalCredentials, event);
    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-bad', status: 'exploded', orgId: ORG_A, officeId: 'office-a1' }));
    await bus.publish(TOPICS.portalCredentials, { ...credentialEvent({ credentialId: 'cred-other', status: 'valid', orgId: ORG_A, officeId: 'office-a1' }), type: 'something.else' });
    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-last', status: 'valid', orgId: ORG_A, officeId: 'office-a1' }));
    await a1.waitForEvent(SOCKET_EVENTS.portalCredentialChange, (payload) => (payload as { credentialId: string }).credentialId === 'cred-last');
    expect(a1.named(SOCKET_EVENTS.portalCredentialChange).map((payload) => (payload as { credentialId: string }).credentialId)).toEqual([
      'cred-dup',
      'cred-last',
    ]);
  });

  it('a socket that authorized again with another office’s token leaves the first office’s room', async () => {
    const switching = await signedIn(users.staffA1);
    await switching.authorize(await issuer.sign(users.staffA2));
    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-a1', status: 'valid', orgId: ORG_A, officeId: 'office-a1' }));
    await bus.publish(TOPICS.portalCredentials, credentialEvent({ credentialId: 'cred-a2', status: 'valid', orgId: ORG_A, officeId: 'office-a2' }));
    await switching.waitForEvent(SOCKET_EVENTS.portalCredentialChange);
    await settle(50);
    expect(switching.named(SOCKET_EVENTS.portalCredentialChange)).toEqual([{ credentialId: 'cred-a2', status: 'valid' }]);
  });
});

describe('the listener', () => {
  it('answers the probes', async () => {
    expect((await fetch(`${realtime.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${realtime.url}/readyz`)).json()).toEqual({ status: 'ready', checks: { bus: 'ok' } });
  });
});
