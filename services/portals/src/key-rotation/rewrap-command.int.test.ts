/**
 * The rewrap command as an operator runs it, against the portals service as a process runs it (startPortals over
 * real HTTP, the embedded store and key file under DATA_DIR): the command is forked with DATA_DIR alone, asks the
 * running service to rotate in-process, and logins keep working during and after; every stored password still
 * decrypts, with the new key-encryption key alone. Also: what the command does when the service is gone, and how
 * the service's rotation route is guarded.
 */
import { fork, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PortalCredential } from '@dv/contracts';
import { createInProcessBus, createLogger, INTERNAL_TOKEN_HEADER, openNedbStore, type EventBus } from '@dv/kit';
import { createTestIssuer, waitFor, type TestIssuer } from '@dv/kit/testing';
import { loadPortalsConfig } from '../config';
import { credentialsIn } from '../credentials/credentials.store';
import { openPassword } from '../crypto/credential-secrets';
import { DATA_KEYS_COLLECTION, dataKeys, type DataKeyDocument } from '../crypto/data-keys';
import { keyringOf, readKeyFile } from '../crypto/keyring';
import { startPortals, type RunningPortals } from '../app';
import { createHarness } from '../testing/harness';
import { readRotationControl, ROTATION_PATH, rotationControlFile } from './rotation-control';

const ORG = 'org-rotation';
/** Enough offices (one data key each) that the re-wrap takes a moment while logins go on. */
const OFFICES = Array.from({ length: 24 }, (_, index) => `office-r${index + 1}`);
const PORTAL = 'cigna';
const passwordOf = (officeId: string) => `password-of-${officeId}`;
const managerOf = (officeId: string) => ({ sub: `u-${officeId}`, org: ORG, roles: ['staffmanager'], allowedOfficeIds: [officeId] });

/** Runs `src/rewrap.ts` as its own process with exactly this environment; answers its exit code and output. */
async function runCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = fork(path.join(__dirname, '..', 'rewrap.ts'), [], {
    execArgv: ['--require', path.join(__dirname, '..', 'testing', 'workspace-register.cjs')],
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** A loopback URL where nothing listens (a port just freed). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

let issuer: TestIssuer;
let jwksUrl: string;

beforeAll(async () => {
  issuer = await createTestIssuer({ issuer: 'https://id.rotation.test/', audience: 'https://api.rotation.test' });
  jwksUrl = await issuer.serveJwks();
});

afterAll(() => issuer.close());

async function startService(dir: string, bus: EventBus): Promise<RunningPortals> {
  return startPortals({
    config: loadPortalsConfig({
      PORT: '0',
      DATA_DIR: dir,
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: issuer.audience,
      OIDC_JWKS_URL: jwksUrl,
      SANDBOX_LOGIN_DELAY_MS: '5',
      LOG_LEVEL: 'silent',
    }),
    bus,
    logger: createLogger({ name: 'portals', level: 'silent' }),
    officeBelongsToOrg: () => Promise.resolve(false),
  });
}

async function call(running: RunningPortals, method: string, url: string, officeId: string, body?: unknown) {
  const response = await fetch(`${running.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${await issuer.sign(managerOf(officeId))}`,
      'connected-dental-office': officeId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** A retry logs in with the stored password: 200 only if it was decrypted (502 'cannot be read' otherwise). */
const retry = (running: RunningPortals, officeId: string, credentialId: string) =>
  call(running, 'POST', `/api/portals/credentials/${credentialId}`, officeId);

describe('the rewrap command against the running service (embedded store and key file)', () => {
  let dir: string;
  let bus: EventBus;
  let running: RunningPortals;
  const credentials = new Map<string, string>();
  let oldKekId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portals-rewrap-'));
    bus = createInProcessBus();
    running = await startService(dir, bus);
    for (const officeId of OFFICES) {
      const created = await call(running, 'POST', `/api/portals/${PORTAL}/credentials/`, officeId, { username: 'frontdesk', password: passwordOf(officeId) });
      expect(created.status).toBe(201);
      credentials.set(officeId, PortalCredential.parse(created.body).id);
    }
    oldKekId = (await readKeyFile(path.join(dir, 'portals-keys', 'kek.json')))!.current.id;
  });

  afterAll(async () => {
    await running.close();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('announces itself for the command in the key folder, owner-only', async () => {
    const control = await readRotationControl(dir);
    expect(control).toMatchObject({ url: running.url, pid: process.pid });
    expect((await stat(rotationControlFile(dir))).mode & 0o777).toBe(0o600);
  });

  it('rotates in-process with DATA_DIR alone; logins keep working during and after; the old KEK is gone', async () => {
    let rotating = true;
    const during: number[] = [];
    const logins = (async () => {
      for (let round = 0; rotating || round < 2; round += 1) {
        for (const officeId of OFFICES) {
          if (!rotating && round >= 2) break;
          during.push((await retry(running, officeId, credentials.get(officeId)!)).status);
        }
      }
    })();

    const { code, output } = await runCommand({ DATA_DIR: dir });
    rotating = false;
    await logins;
    expect([code, output]).toEqual([0, expect.stringContaining('by the running portals service')]);
    expect(output).toContain('key rotation finished');
    expect(during.length).toBeGreaterThan(OFFICES.length);
    expect(during.filter((status) => status !== 200)).toEqual([]);

    // The key file: a new current KEK, the old one dropped (nothing needs it); its material never printed.
    const rotated = await readKeyFile(path.join(dir, 'portals-keys', 'kek.json'));
    expect(rotated?.current.id).not.toBe(oldKekId);
    expect(rotated?.decryptOnly).toEqual([]);
    expect(output).not.toContain(rotated?.current.material().toString('base64'));

    // After: every credential logs in, and a new office gets a data key under the new KEK.
    for (const officeId of OFFICES) expect((await retry(running, officeId, credentials.get(officeId)!)).status).toBe(200);
    const added = await call(running, 'POST', '/api/portals/metdental/credentials/', 'office-after', { username: 'frontdesk', password: 'later' });
    expect(added.status).toBe(201);
    const addedId = PortalCredential.parse(added.body).id;
    await waitFor(async () => (await retry(running, 'office-after', addedId)).status === 200, 'a login with the new data key');
  });

  it('with the service stopped: every data key is under the new KEK, and every password opens with it alone', async () => {
    await running.close();
    const contents = (await readKeyFile(path.join(dir, 'portals-keys', 'kek.json')))!;
    expect(await readRotationControl(dir)).toBeUndefined();
    const store = await openNedbStore({ dir: path.join(dir, 'portals'), compactionIntervalMs: 0 });
    try {
      const keys = await store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION).find({});
      expect(keys.length).toBe(OFFICES.length + 1);
      expect(new Set(keys.map((key) => key.kekId))).toEqual(new Set([contents.current.id]));
      const opener = dataKeys({ store, keyring: keyringOf({ current: contents.current, decryptOnly: [] }) });
      for (const officeId of OFFICES) {
        const credentialId = credentials.get(officeId)!;
        const stored = await credentialsIn(store).findById(credentialId);
        const key = await opener.existing(officeId);
        expect(openPassword(key, { officeId, credentialId }, stored!.password).reveal()).toBe(passwordOf(officeId));
      }
    } finally {
      await store.close();
    }
    // Started again on the rotated key file alone: logins work.
    running = await startService(dir, bus);
    const [officeId] = OFFICES;
    expect((await retry(running, officeId!, credentials.get(officeId!)!)).status).toBe(200);
  });
});

describe('the rewrap command without a reachable service', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portals-rewrap-'));
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A data folder a stopped service left: one office's credential. */
  async function leftBehind(): Promise<{ credentialId: string; kekId: string }> {
    const bus = createInProcessBus();
    const service = await startService(dir, bus);
    const created = await call(service, 'POST', `/api/portals/${PORTAL}/credentials/`, 'office-r1', { username: 'frontdesk', password: 'kept' });
    await service.close();
    await bus.close();
    return { credentialId: PortalCredential.parse(created.body).id, kekId: (await readKeyFile(path.join(dir, 'portals-keys', 'kek.json')))!.current.id };
  }

  it('rotates the store itself when no service runs, or when the one that announced itself is gone', async () => {
    const { kekId } = await leftBehind();
    // A service killed before it could remove its announcement: its process no longer exists.
    const gone = spawn(process.execPath, ['-e', 'process.exit(0)'], { stdio: 'ignore' });
    const deadPid = await new Promise<number>((resolve) => gone.once('exit', () => resolve(gone.pid!)));
    await writeFile(rotationControlFile(dir), JSON.stringify({ url: await closedPortUrl(), token: 'x'.repeat(43), pid: deadPid }));

    const { code, output } = await runCommand({ DATA_DIR: dir });
    expect([code, output]).toEqual([0, expect.stringContaining('no portals service runs on this data folder')]);
    const rotated = await readKeyFile(path.join(dir, 'portals-keys', 'kek.json'));
    expect(rotated?.current.id).not.toBe(kekId);
    expect(rotated?.decryptOnly).toEqual([]);
    expect(await readRotationControl(dir)).toBeUndefined();
  });

  it('changes nothing when an announced service that still runs does not answer', async () => {
    const { kekId } = await leftBehind();
    // This test's own process stands for a service that runs but cannot be reached.
    await writeFile(rotationControlFile(dir), JSON.stringify({ url: await closedPortUrl(), token: 'x'.repeat(43), pid: process.pid }));
    const { code, output } = await runCommand({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(output).toContain('did not rotate the keys');
    const unchanged = await readKeyFile(path.join(dir, 'portals-keys', 'kek.json'));
    expect([unchanged?.current.id, unchanged?.decryptOnly]).toEqual([kekId, []]);
  });
});

describe('the rotation route', () => {
  let dir: string;
  let bus: EventBus;
  let running: RunningPortals;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portals-rewrap-'));
    bus = createInProcessBus();
    running = await startService(dir, bus);
  });

  afterAll(async () => {
    await running.close();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('needs the token of this run; a user token does not do', async () => {
    const url = `${running.url}${ROTATION_PATH}`;
    const kekBefore = await readFile(path.join(dir, 'portals-keys', 'kek.json'), 'utf8');
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { [INTERNAL_TOKEN_HEADER]: 'guessed-token-of-some-length' } })).status).toBe(401);
    const asUser = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${await issuer.sign(managerOf('office-r1'))}` } });
    expect(asUser.status).toBe(401);
    expect(await readFile(path.join(dir, 'portals-keys', 'kek.json'), 'utf8')).toBe(kekBefore);

    const { token } = (await readRotationControl(dir))!;
    const rotated = await fetch(url, { method: 'POST', headers: { [INTERNAL_TOKEN_HEADER]: token } });
    expect(rotated.status).toBe(200);
    expect(await rotated.json()).toMatchObject({ rewrapped: 0, remaining: 0, failed: [] });
    expect(await readFile(path.join(dir, 'portals-keys', 'kek.json'), 'utf8')).not.toBe(kekBefore);
  });

  it('refuses a caller that is not on this machine, even with the token', async () => {
    let rotations = 0;
    const rotation = { rotate: () => Promise.resolve({ kekId: 'k', rewrapped: 0, failed: [], remaining: 0, retired: [] }).finally(() => (rotations += 1)) };
    const h = await createHarness({ keyRotation: { rotation, token: 'the-token-of-this-run-0123456789abcdef' } });
    try {
      const headers = { [INTERNAL_TOKEN_HEADER]: 'the-token-of-this-run-0123456789abcdef' };
      const remote = await h.app.inject({ method: 'POST', url: ROTATION_PATH, headers, remoteAddress: '192.0.2.10' });
      expect(remote.statusCode).toBe(403);
      expect(rotations).toBe(0);
      const local = await h.app.inject({ method: 'POST', url: ROTATION_PATH, headers, remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(rotations).toBe(1);
    } finally {
      await h.close();
    }
  });
});
