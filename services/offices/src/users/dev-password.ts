/**
 * The development password of an invited user (only with the development identity provider, DEV_IDP_ACCOUNTS):
 * made at random at invitation, answered once to the admin who invited, kept only as a scrypt hash under a random
 * salt, and compared in constant time when the provider asks (/internal/dev-accounts/sign-in).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** 18 random bytes: 24 URL-safe characters, easy to copy, impossible to guess. */
const PASSWORD_BYTES = 18;

/** As stored on the user: base64 of the salt and of the derived key. */
export interface StoredDevPassword {
  readonly salt: string;
  readonly hash: string;
}

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function newDevPassword(): string {
  return randomBytes(PASSWORD_BYTES).toString('base64url');
}

export async function hashDevPassword(password: string): Promise<StoredDevPassword> {
  const salt = randomBytes(SALT_BYTES);
  return { salt: salt.toString('base64'), hash: (await derive(password, salt)).toString('base64') };
}

/** A decoy for unknown e-mails and users without a password, so every answer costs one scrypt. */
let decoy: Promise<StoredDevPassword> | undefined;

/** Whether `password` is the stored one; `stored` undefined (no such user, or none made) is never a match. */
export async function devPasswordMatches(stored: StoredDevPassword | undefined, password: string): Promise<boolean> {
  const against = stored ?? (await (decoy ??= hashDevPassword(randomBytes(16).toString('hex'))));
  const expected = Buffer.from(against.hash, 'base64');
  const actual = await derive(password, Buffer.from(against.salt, 'base64'));
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
