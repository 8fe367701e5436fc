/**
 * Envelope encryption of portal passwords: AES-256-GCM with associated data, per-office data keys wrapped by a
 * key-encryption key, relocation of ciphertexts refused, and key rotation by re-wrapping.
 */
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { Writable } from 'node:stream';
import { createLogger, openNedbStore, type Store } from '@dv/kit';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPassword, sealPassword } from './credential-secrets';
import { DATA_KEYS_COLLECTION, DataKeyUnavailable, dataKeys, type DataKeyDocument } from './data-keys';
import { associatedData, DecryptionFailed, seal, unseal } from './envelope';
import { createKeyring, decodeKeyMaterial, fingerprintId, generateKeyEncryptionKey, KeyEncryptionKey } from './keyring';
import { Secret } from './secret';

describe('AES-256-GCM envelope', () => {
  const key = randomBytes(32);
  const aad = associatedData('test', 'office-1', 'credential-1', 1);

  it('round-trips with the same key and associated data', () => {
    const sealed = seal(key, Buffer.from('hunter2'), aad);
    expect(unseal(key, sealed, aad).toString()).toBe('hunter2');
    expect(seal(key, Buffer.from('hunter2'), aad).iv).not.toBe(sealed.iv);
  });

  it('refuses another key, other associated data, and any changed byte', () => {
    const sealed = seal(key, Buffer.from('hunter2'), aad);
    expect(() => unseal(randomBytes(32), sealed, aad)).toThrow(DecryptionFailed);
    expect(() => unseal(key, sealed, associatedData('test', 'office-1', 'credential-2', 1))).toThrow(DecryptionFailed);
    expect(() => unseal(key, sealed, associatedData('test', 'office-1', 'credential-1', 2))).toThrow(DecryptionFailed);
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => unseal(key, { ...sealed, ciphertext: flipped.toString('base64') }, aad)).toThrow(DecryptionFailed);
    expect(() => unseal(key, { ...sealed, tag: Buffer.alloc(16).toString('base64') }, aad)).toThrow(DecryptionFailed);
  });

  it('encodes associated data unambiguously', () => {
    expect(associatedData('p', 'a|b', 'c').equals(associatedData('p', 'a', 'b|c'))).toBe(false);
  });
});

describe('secrets and keys do not print', () => {
  it('Secret and KeyEncryptionKey hide their contents from JSON, strings, inspect and the logger', () => {
    const secret = new Secret('canary-secret');
    const kek = generateKeyEncryptionKey();
    const material = kek.material().toString('base64');
    const lines: string[] = [];
    const logger = createLogger({
      name: 'print-test',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    logger.info({ secret, kek, nested: { value: secret } }, `with ${String(secret)}`);
    const printed = [JSON.stringify({ secret, kek }), String(secret), inspect(secret), inspect(kek), inspect({ kek }), ...lines].join('\n');
    expect(printed).not.toContain('canary-secret');
    expect(printed).not.toContain(material);
    expect(printed).toContain(kek.id);
    expect(secret.reveal()).toBe('canary-secret');
  });

  it('decodes and checks key material; ids default to a fingerprint', () => {
    const material = randomBytes(32);
    expect(decodeKeyMaterial(material.toString('base64')).equals(material)).toBe(true);
    expect(decodeKeyMaterial(material.toString('base64url')).equals(material)).toBe(true);
    expect(() => decodeKeyMaterial(randomBytes(16).toString('base64'))).toThrow('32 bytes');
    expect(() => decodeKeyMaterial('not base64!')).toThrow('base64');
    expect(fingerprintId(material)).toMatch(/^fp-[0-9a-f]{16}$/);
    expect(fingerprintId(material)).not.toBe(fingerprintId(randomBytes(32)));
    expect(() => createKeyring(new KeyEncryptionKey('k', material), [new KeyEncryptionKey('k', randomBytes(32))])).toThrow('Two different');
  });
});

describe('office data keys', () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portals-keys-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates one key per office, stored only wrapped under the current KEK', async () => {
    const keyring = createKeyring(generateKeyEncryptionKey());
    const keys = dataKeys({ store, keyring });
    const [first, second] = await Promise.all([keys.forOffice('office-1', 'org-a'), keys.forOffice('office-1', 'org-a')]);
    expect(first?.material.equals(second?.material ?? Buffer.alloc(0))).toBe(true);
    expect((await keys.existing('office-1')).material.equals(first?.material ?? Buffer.alloc(0))).toBe(true);
    const other = await keys.forOffice('office-2', 'org-a');
    expect(other.material.equals(first?.material ?? Buffer.alloc(0))).toBe(false);
    const stored = await store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION).findById('office-1');
    expect(stored).toMatchObject({ orgId: 'org-a', version: 1, kekId: keyring.current.id });
    expect(JSON.stringify(stored)).not.toContain(first?.material.toString('base64'));
  });

  it('a wrapped data key moved to another office does not unwrap', async () => {
    const keyring = createKeyring(generateKeyEncryptionKey());
    const keys = dataKeys({ store, keyring });
    await keys.forOffice('office-1', 'org-a');
    await keys.forOffice('office-2', 'org-a');
    const collection = store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION);
    const stolen = await collection.findById('office-1');
    await collection.update({ _id: 'office-2' }, { set: { wrapped: stolen?.wrapped } });
    await expect(keys.existing('office-2')).rejects.toThrow(DataKeyUnavailable);
    await expect(keys.existing('office-1')).resolves.toMatchObject({ officeId: 'office-1' });
  });

  it('a password sealed for one credential opens for that credential only', async () => {
    const keyring = createKeyring(generateKeyEncryptionKey());
    const keys = dataKeys({ store, keyring });
    const key1 = await keys.forOffice('office-1', 'org-a');
    const key2 = await keys.forOffice('office-2', 'org-a');
    const sealed = sealPassword(key1, { officeId: 'office-1', credentialId: 'c1' }, new Secret('hunter2'));
    expect(openPassword(key1, { officeId: 'office-1', credentialId: 'c1' }, sealed).reveal()).toBe('hunter2');
    expect(() => openPassword(key1, { officeId: 'office-1', credentialId: 'c2' }, sealed)).toThrow(DecryptionFailed);
    expect(() => openPassword({ ...key2, officeId: 'office-1' }, { officeId: 'office-1', credentialId: 'c1' }, sealed)).toThrow(DecryptionFailed);
    expect(() => openPassword(key1, { officeId: 'office-1', credentialId: 'c1' }, { ...sealed, keyVersion: 2 })).toThrow(DecryptionFailed);
    expect(() => sealPassword(key1, { officeId: 'office-2', credentialId: 'c1' }, new Secret('x'))).toThrow(RangeError);
  });
});
