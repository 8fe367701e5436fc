/**
 * AES-256-GCM with associated data: the one cipher of this service. A key-encryption key wraps each office's data
 * key, and the data key encrypts that office's portal passwords. The associated data names the record a
 * ciphertext belongs to, so a ciphertext copied into another record (another office, credential or key version)
 * fails authentication instead of decrypting.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';

/** A GCM ciphertext as stored: every part base64. */
export interface Sealed {
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/** The ciphertext does not belong to this key or record, or was changed. Says nothing more, on purpose. */
export class DecryptionFailed extends Error {
  constructor() {
    super('The ciphertext could not be authenticated with this key and associated data');
    this.name = 'DecryptionFailed';
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new RangeError(`An AES-256 key has ${KEY_BYTES} bytes, not ${key.length}`);
}

export function seal(key: Buffer, plaintext: Buffer, associatedData: Buffer): Sealed {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

export function unseal(key: Buffer, sealed: Sealed, associatedData: Buffer): Buffer {
  assertKey(key);
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.tag, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionFailed();
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    throw new DecryptionFailed();
  }
}

/**
 * Associated data as a JSON array: unambiguous whatever the ids contain (no separator can be smuggled in),
 * and tagged with what it protects so a data-key ciphertext can never pass for a password ciphertext.
 */
export function associatedData(purpose: string, ...parts: readonly (string | number)[]): Buffer {
  return Buffer.from(JSON.stringify([purpose, ...parts]), 'utf8');
}
