/**
 * The product as separate processes (start-processes.ts) with the real Redis: a verification and a credential
 * change end to end through the gateway, and a realtime process killed under live sockets: they reconnect to the
 * other process and miss nothing (events after the kill arrive; what changed meanwhile is re-read).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@dv/contracts';
import { redisAvailability, TEST_REDIS_URL, waitFor } from '@dv/kit/testing';
import { startProcesses, type RunningProcesses } from './start-processes';

const DEMO_HOST = 'demo.localhost';
const availability = redisAvailability();
const runId = `dv-processes-test-${process.pid}-${Date.now().toString(36)}`;

interface LiveSocket {
  readonly socket: Socket;
  readonly authorizations: number[];
  readonly disconnects: string[];
  readonly credentialChanges: { credentialId: string; status: string }[];
  readonly verificationEvents: { verificationId: string; jobs: { status: string }[] }[];
}

/** A socket as the SPA opens it: WebSocket only, reconnecting, authorizing again after every reconnect. */
function openSocket(gateway: string, token: string): LiveSocket {
  const socket = io(gateway, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500, forceNew: true });
  const live: LiveSocket = { socket, authorizations: [], disconnects: [], credentialChanges: [], verificationEvents: [] };
  socket.on('connect', () => socket.emit(SOCKET_EVENTS.authorization, { token }));
  socket.on('disconnect', (reason) => live.disconnects.push(reason));
  socket.on(SOCKET_EVENTS.authorizationCompleted, () => live.authorizations.push(Date.now()));
  socket.on(SOCKET_EVENTS.portalCredentialChange, (change: LiveSocket['credentialChanges'][number]) => live.credentialChanges.push(change));
  socket.on(SOCKET_EVENTS.verificationStatus, (event: LiveSocket['verificationEvents'][number]) => live.verificationEvents.push(event));
  return live;
}

async function call(base: string, urlPath: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(new URL(urlPath, base), {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, json: <T>() => JSON.parse(text) as T, text };
}

async function removeRunKeys(): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: `${runId}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

if (!availability.available) {
  const title = `the product as separate processes: skipped — ${availability.reason}`;
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe('the product as separate processes (npm run start:services)', () => {
    let dataDir: string;
    let running: RunningProcesses | undefined;
    const sockets: LiveSocket[] = [];

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'dv-processes-'));
      running = await startProcesses({ dataDir, port: 0, idpPort: 0, runId, kind: 'sources', logLevel: 'warn', webDistDir: path.join(dataDir, 'no-web') });
    }, 150_000);
    afterAll(async () => {
      for (const live of sockets) live.socket.close();
      await running?.close();
      if (!process.env.KEEP_KEYS) await removeRunKeys();
      await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    const devToken = async (email: string) => {
      const answer = await call(running!.idp, '/dev/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: { email } });
      expect(answer.status).toBe(200);
      return answer.json<{ access_token: string }>().access_token;
    };

    it('runs a verification and a credential change end to end, and the sockets outlive a killed realtime process', async () => {
      if (!running) throw new Error('not started');
      try {
        await endToEnd(running);
      } catch (error) {
        const outputs = running.processes.map((service) => `--- ${service.name}\n${service.output().slice(-3_000)}`);
        throw new Error(`${String(error)}\n${outputs.join('\n')}`);
      }
    }, 180_000);

    async function endToEnd(running: RunningProcesses): Promise<void> {
      const { gateway } = running;
      // office-demo-2 has no portal login: the staff manager verifies there, the group manager adds the login.
      const staffToken = await devToken('staffmanager@demo.test');
      const staff = { host: DEMO_HOST, authorization: `Bearer ${staffToken}`, 'connected-dental-office': 'office-demo-2', 'content-type': 'application/json' };
      const manager = { ...staff, authorization: `Bearer ${await devToken('groupmanager@demo.test')}` };

      // Two sockets: the balancer hands them to different realtime processes, so one of them loses its process.
      sockets.push(openSocket(gateway, staffToken), openSocket(gateway, staffToken));
      await waitFor(() => sockets.every((live) => live.authorizations.length === 1), 'both sockets authorized', 20_000);

      const sandbox = (await call(gateway, '/api/verifications/sandbox/patients', { headers: staff })).json<{
        patients: { label: string; carrier: { payerId: string }; patient: unknown }[];
      }>();
      const maria = sandbox.patients.find((entry) => entry.label === 'Maria Lopez, subscriber');
      if (!maria) throw new Error('the sandbox has no Maria Lopez, subscriber');
      const created = await call(gateway, '/api/verifications', { method: 'POST', headers: staff, body: { patient: maria.patient, carrier: { payerId: maria.carrier.payerId } } });
      expect(created.status).toBe(201);
      const { id } = created.json<{ id: string }>();
      type Detail = { status: string; jobs: { source: string; status: string; outcome: string | null }[] };
      const read = async () => (await call(gateway, `/api/verifications/${id}`, { headers: staff })).json<Detail>();
      let latest: Detail | undefined;
      const until = (done: (detail: Detail) => boolean, what: string) =>
        waitFor(async () => done((latest = await read())), `${what}: ${JSON.stringify(latest)}`, 30_000);
      await until((detail) => detail.jobs[1]?.status === 'credentialPending', 'the portal job waits for a login');

      // A realtime process dies; its socket reconnects through the gateway to the other and authorizes again.
      const [doomed] = running.realtime;
      await doomed?.kill();
      await waitFor(() => sockets.some((live) => live.disconnects.length > 0), 'a socket losing its process', 20_000);
      await waitFor(
        () => sockets.every((live) => live.socket.connected && live.authorizations.length === live.disconnects.length + 1),
        `every socket connected and authorized again: ${JSON.stringify(sockets.map(({ socket, authorizations, disconnects }) => ({ connected: socket.connected, authorizations: authorizations.length, disconnects })))}`,
        20_000,
      );
      // What changed while a socket was away is read again, as the SPA refetches on reconnect.
      expect((await read()).jobs[1]?.status).toBe('credentialPending');

      // The credential change, through the gateway, crosses the bus to the realtime process that is left.
      const added = await call(gateway, '/api/portals/deltadental/credentials/', {
        method: 'POST',
        headers: manager,
        body: { username: 'oak-frontdesk', password: 'sandbox-password' },
      });
      expect(added.status).toBe(201);
      const { id: credentialId } = added.json<{ id: string }>();
      await waitFor(() => sockets.every((live) => live.credentialChanges.some((change) => change.credentialId === credentialId)), 'the credential change on every socket', 30_000);

      // The verification finishes with the new login; its status event reaches every socket, none missed.
      await until((detail) => detail.jobs.every((job) => job.status === 'done'), 'the verification finishes');
      expect(latest?.jobs.map((job) => [job.source, job.outcome])).toEqual([
        ['clearinghouse', 'success'],
        ['portal', 'success'],
      ]);
      await waitFor(
        () => sockets.every((live) => live.verificationEvents.some((event) => event.verificationId === id && event.jobs.every((job) => job.status === 'done'))),
        'the finished verification on every socket',
        30_000,
      );
      expect(JSON.stringify(sockets.map((live) => live.credentialChanges))).not.toContain('sandbox-password');
    }
  });
}
