/**
 * At the service level: a ciphertext moved to another credential is refused, and a key-encryption key is
 * rotated by re-wrapping the office data keys, while the service runs, after which the old KEK is not needed.
 */
import { fork } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openNedbStore } from '@dv/kit';
import { credentialsIn, type CredentialDocument } from '../credentials/credentials.store';
import { LOGIN_MESSAGES } from '../credentials/logins';
import { rotateKeyFile } from './rotate-key-file';
import { createHarness, OFFICE_A1, OFFICE_A2, USERS, type CallOptions, type Harness } from '../testing/harness';
import { openPassword, sealPassword } from './credential-secrets';
import { DATA_KEYS_COLLECTION, dataKeys, type DataKeyDocument } from './data-keys';
import { createKeyring, generateKeyEncryptionKey, keyringOf, loadOrCreateKeyFile, readKeyFile } from './keyring';
import { rewrapDataKeys } from './rewrap-data-keys';
import { Secret } from './secret';

const managerA1: CallOptions = { as: USERS.managerA1, office: OFFICE_A1 };
const managerA2: CallOptions = { as: USERS.managerA2, office: OFFICE_A2 };

async function addValid(h: Harness, portalId: string, options: CallOptions, password = 'secret'): Promise<string> {
  const response = await h.call('POST', `/api/portals/${portalId}/credentials/`, { ...options, body: { username: 'frontdesk', password } });
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  await h.waitForStatus(id, 'valid');
  return id;
}

describe('a ciphertext copied to another credential', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ loginDelayMs: 10 });
  });

  afterAll(() => h.close());

  it('does not decrypt there: the login fails with a message, and the original still works', async () => {
    const source = await addValid(h, 'cigna', managerA1);
    const sameOffice = await addValid(h, 'metdental', managerA1, 'other');
    const otherOffice = await addValid(h, 'metdental', managerA2, 'other');
    const credentials = credentialsIn(h.store);
    const sealed = (await credentials.findById(source))?.password;
    await credentials.update({ _id: sameOffice }, { set: { password: sealed } });
    await credentials.update({ _id: otherOffice }, { set: { password: sealed } });

    for (const [id, options] of [[sameOffice, managerA1], [otherOffice, managerA2]] as const) {
      const retry = await h.call('POST', `/api/portals/credentials/${id}`, options);
      expect(retry.statusCode).toBe(502);
      expect(retry.json()).toMatchObject({ message: LOGIN_MESSAGES.unreadablePassword });
    }
    expect((await h.call('POST', `/api/portals/credentials/${source}`, managerA1)).statusCode).toBe(200);
    expect(h.logText()).toContain('stored portal password unreadable');
  });
});

describe('re-wrapping the data keys under a new KEK', () => {
  const oldKek = generateKeyEncryptionKey();
  const newKek = generateKeyEncryptionKey();
  let dir: string;
  const ids: { a1: string; a2: string } = { a1: '', a2: '' };
  let ciphertextsBefore: string;

  beforeAll(async () => {
    const h = await createHarness({ keyring: createKeyring(oldKek), loginDelayMs: 10 });
    dir = h.dir;
    ids.a1 = await addValid(h, 'cigna', managerA1);
    ids.a2 = await addValid(h, 'dnoaconnect', managerA2);
    ciphertextsBefore = JSON.stringify((await credentialsIn(h.store).find({}, { sort: { _id: 1 } })).map((c) => c.password));
    await h.close({ keepDir: true });
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs while the service serves logins with both KEKs, and leaves every key under the new one', async () => {
    const h = await createHarness({ dir, keyring: createKeyring(newKek, [oldKek]), loginDelayMs: 10 });
    try {
      // Logins keep working during the rotation: the old KEK reads what is not yet re-wrapped.
      const logins = [ids.a1, ids.a1, ids.a1].map((id) => h.call('POST', `/api/portals/credentials/${id}`, managerA1));
      const report = await rewrapDataKeys({ store: h.store, keyring: h.keyring, batchSize: 1 });
      for (const response of await Promise.all(logins)) expect(response.statusCode).toBe(200);
      expect(report).toEqual({ kekId: newKek.id, rewrapped: 2, failed: [], remaining: 0 });

      const keys = await h.store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION).find({});
      expect(keys.map((key) => key.kekId)).toEqual([newKek.id, newKek.id]);
      expect(keys.every((key) => typeof key.rewrappedAt === 'string')).toBe(true);
      // Password ciphertexts are untouched: only the small wrapped data keys changed.
      const after = JSON.stringify((await credentialsIn(h.store).find({}, { sort: { _id: 1 } })).map((c: CredentialDocument) => c.password));
      expect(after).toBe(ciphertextsBefore);
      // Running it again changes nothing.
      expect(await rewrapDataKeys({ store: h.store, keyring: h.keyring })).toMatchObject({ rewrapped: 0, remaining: 0 });
    } finally {
      await h.close({ keepDir: true });
    }
  });

  it('old ciphertexts are readable with the new KEK alone; the old KEK alone no longer reads them', async () => {
    const withNew = await createHarness({ dir, keyring: createKeyring(newKek), loginDelayMs: 10 });
    try {
      expect((await withNew.call('POST', `/api/portals/credentials/${ids.a1}`, managerA1)).statusCode).toBe(200);
      expect((await withNew.call('POST', `/api/portals/credentials/${ids.a2}`, managerA2)).statusCode).toBe(200);
    } finally {
      await withNew.close({ keepDir: true });
    }
    const withOld = await createHarness({ dir, keyring: createKeyring(oldKek), loginDelayMs: 10 });
    try {
      const refused = await withOld.call('POST', `/api/portals/credentials/${ids.a1}`, managerA1);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ message: LOGIN_MESSAGES.unreadablePassword });
    } finally {
      await withOld.close({ keepDir: true });
    }
  });

  it('reports the data keys it cannot unwrap (a KEK missing from the ring) and leaves them alone', async () => {
    const store = await openNedbStore({ dir: path.join(dir, 'store'), compactionIntervalMs: 0 });
    try {
      const report = await rewrapDataKeys({ store, keyring: createKeyring(generateKeyEncryptionKey()) });
      expect(report.rewrapped).toBe(0);
      expect([...report.failed].sort()).toEqual([OFFICE_A1, OFFICE_A2]);
      expect(report.remaining).toBe(2);
      const keys = await store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION).find({});
      expect(keys.map((key) => key.kekId)).toEqual([newKek.id, newKek.id]);
    } finally {
      await store.close();
    }
  });
});

describe('the embedded key file', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portals-keyfile-'));
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function sealOne(storeDir: string, file: string) {
    const contents = await loadOrCreateKeyFile(file);
    const store = await openNedbStore({ dir: storeDir, compactionIntervalMs: 0 });
    const key = await dataKeys({ store, keyring: keyringOf(contents) }).forOffice(OFFICE_A1, 'org-a');
    const sealed = sealPassword(key, { officeId: OFFICE_A1, credentialId: 'c1' }, new Secret('hunter2'));
    await store.close();
    return { contents, sealed };
  }

  it('is created at first start, readable by its owner only, and reused afterwards', async () => {
    const file = path.join(dir, 'portals-keys', 'kek.json');
    const first = await loadOrCreateKeyFile(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await loadOrCreateKeyFile(file)).current.id).toBe(first.current.id);
  });

  it('rotateKeyFile: new current KEK, every data key re-wrapped, the old KEK dropped from the file', async () => {
    const file = path.join(dir, 'kek.json');
    const storeDir = path.join(dir, 'store');
    const { contents, sealed } = await sealOne(storeDir, file);
    const store = await openNedbStore({ dir: storeDir, compactionIntervalMs: 0 });
    try {
      const result = await rotateKeyFile(store, file);
      expect(result).toMatchObject({ rewrapped: 1, remaining: 0, failed: [], retired: [contents.current.id] });
      const rotated = await readKeyFile(file);
      expect(rotated?.current.id).not.toBe(contents.current.id);
      expect(rotated?.decryptOnly).toEqual([]);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const key = await dataKeys({ store, keyring: keyringOf(rotated ?? contents) }).existing(OFFICE_A1);
      expect(openPassword(key, { officeId: OFFICE_A1, credentialId: 'c1' }, sealed).reveal()).toBe('hunter2');
    } finally {
      await store.close();
    }
  });

  it('the command `node dist/rewrap.js` does the same with DATA_DIR alone (no service runs) and exits 0', async () => {
    const file = path.join(dir, 'portals-keys', 'kek.json');
    const { contents, sealed } = await sealOne(path.join(dir, 'portals'), file);
    const child = fork(path.join(__dirname, '..', 'rewrap.ts'), [], {
      execArgv: ['--require', path.join(__dirname, '..', 'testing', 'workspace-register.cjs')],
      // Only what the command uses: no identity provider, no port (a service's settings).
      env: { DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect([code, output]).toEqual([0, expect.stringContaining('key rotation finished')]);
    const rotated = await readKeyFile(file);
    expect(rotated?.current.id).not.toBe(contents.current.id);
    expect(output).not.toContain(rotated?.current.material().toString('base64'));
    const store = await openNedbStore({ dir: path.join(dir, 'portals'), compactionIntervalMs: 0 });
    try {
      const key = await dataKeys({ store, keyring: keyringOf(rotated ?? contents) }).existing(OFFICE_A1);
      expect(openPassword(key, { officeId: OFFICE_A1, credentialId: 'c1' }, sealed).reveal()).toBe('hunter2');
    } finally {
      await store.close();
    }
  }, 30_000);
});
