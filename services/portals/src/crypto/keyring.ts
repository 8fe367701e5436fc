/**
 * Key-encryption keys (KEKs). One is current: new and re-wrapped data keys are wrapped under it. Others may be
 * kept for reading only, while a rotation is under way (see rewrap.ts and the README). Every KEK has an id that
 * is stored next to each data key it wraps, so the right key is found without trying them all.
 *
 * Where they come from:
 * - production: PORTALS_KEK (base64 of 32 random bytes) with PORTALS_KEK_ID, and PORTALS_DECRYPT_ONLY_KEKS;
 * - the embedded default: a key file in the data folder, created with mode 0600 at first start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inspect } from 'node:util';
import { z } from 'zod';
import { KEY_BYTES } from './envelope';
import { writeOwnerOnlyFile } from './owner-only-file';

export const KEK_ID_PATTERN = /^[\w.-]{1,64}$/;

/** Key material that prints as its id only (logs, JSON, util.inspect). */
export class KeyEncryptionKey {
  readonly id: string;
  readonly #material: Buffer;

  constructor(id: string, material: Buffer) {
    if (!KEK_ID_PATTERN.test(id)) throw new RangeError('A key id is 1 to 64 letters, digits, ".", "_" or "-"');
    if (material.length !== KEY_BYTES) throw new RangeError(`A key-encryption key has ${KEY_BYTES} bytes`);
    this.id = id;
    this.#material = Buffer.from(material);
  }

  material(): Buffer {
    return this.#material;
  }

  toJSON(): { id: string } {
    return { id: this.id };
  }

  [inspect.custom](): string {
    return `KeyEncryptionKey(${this.id})`;
  }
}

export interface Keyring {
  /** Wraps new and re-wrapped data keys. */
  readonly current: KeyEncryptionKey;
  /** The current key or a read-only one with this id. */
  find(id: string): KeyEncryptionKey | undefined;
  readonly ids: readonly string[];
}

export function createKeyring(current: KeyEncryptionKey, decryptOnly: readonly KeyEncryptionKey[] = []): Keyring {
  const byId = new Map<string, KeyEncryptionKey>([[current.id, current]]);
  for (const key of decryptOnly) {
    const known = byId.get(key.id);
    if (known && !known.material().equals(key.material())) {
      throw new RangeError(`Two different key-encryption keys have the id '${key.id}'`);
    }
    byId.set(key.id, key);
  }
  return { current, find: (id) => byId.get(id), ids: [...byId.keys()] };
}

/** A keyring whose keys a running service replaces during an in-process rotation (key-rotation/). */
export interface SwitchableKeyring {
  /** Always reads the keys of the latest replace(). */
  readonly keyring: Keyring;
  replace(next: Keyring): void;
}

export function switchableKeyring(initial: Keyring): SwitchableKeyring {
  let active = initial;
  return {
    keyring: {
      get current() {
        return active.current;
      },
      find: (id) => active.find(id),
      get ids() {
        return active.ids;
      },
    },
    replace(next) {
      active = next;
    },
  };
}

/** Decodes a base64 (or base64url) KEK; anything but 32 bytes is refused. */
export function decodeKeyMaterial(encoded: string): Buffer {
  const trimmed = encoded.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new RangeError('is not base64');
  const material = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (material.length !== KEY_BYTES) throw new RangeError(`must decode to ${KEY_BYTES} bytes, not ${material.length}`);
  return material;
}

/**
 * The default id of a KEK given without one: a fingerprint (SHA-256 prefix). Two different keys never share it,
 * and 64 bits of a hash of a random 256-bit key tell nothing about the key.
 */
export function fingerprintId(material: Buffer): string {
  return `fp-${createHash('sha256').update(material).digest('hex').slice(0, 16)}`;
}

export function generateKeyEncryptionKey(now: Date = new Date()): KeyEncryptionKey {
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
  return new KeyEncryptionKey(`local-${stamp}-${randomBytes(4).toString('hex')}`, randomBytes(KEY_BYTES));
}

// ---------- The embedded default's key file ----------

const StoredKey = z.object({ id: z.string().regex(KEK_ID_PATTERN), key: z.string() });
const KeyFile = z.object({
  version: z.literal(1),
  current: StoredKey,
  /** Keys a rotation still needs for reading; emptied when the rotation finished. */
  decryptOnly: z.array(StoredKey).default([]),
});

export interface KeyFileContents {
  readonly current: KeyEncryptionKey;
  readonly decryptOnly: readonly KeyEncryptionKey[];
}

function toStored(key: KeyEncryptionKey): z.infer<typeof StoredKey> {
  return { id: key.id, key: key.material().toString('base64') };
}

function fromStored(stored: z.infer<typeof StoredKey>): KeyEncryptionKey {
  return new KeyEncryptionKey(stored.id, decodeKeyMaterial(stored.key));
}

export async function readKeyFile(file: string): Promise<KeyFileContents | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = KeyFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`The key file ${file} is not a portals key file`);
  return { current: fromStored(parsed.data.current), decryptOnly: parsed.data.decryptOnly.map(fromStored) };
}

/** Writes the file whole, readable by its owner only, and replaces the old one atomically (rename). */
export async function writeKeyFile(file: string, contents: KeyFileContents): Promise<void> {
  const body = JSON.stringify(
    { version: 1, current: toStored(contents.current), decryptOnly: contents.decryptOnly.map(toStored) },
    null,
    2,
  );
  await writeOwnerOnlyFile(file, `${body}\n`);
}

/** The key file's keys; at first start a new KEK is generated and written. */
export async function loadOrCreateKeyFile(file: string): Promise<KeyFileContents> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  const created: KeyFileContents = { current: generateKeyEncryptionKey(), decryptOnly: [] };
  await writeKeyFile(file, created);
  return created;
}

export function keyringOf(contents: KeyFileContents): Keyring {
  return createKeyring(contents.current, contents.decryptOnly);
}
