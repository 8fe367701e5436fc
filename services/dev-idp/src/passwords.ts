/**
 * Password check for the sign-in page. Even in development the password is never compared in clear: each user's
 * password is hashed with scrypt under a random salt when the provider starts, and a sign-in attempt is hashed the
 * same way and compared in constant time. Unknown emails are hashed too, so timing does not reveal which exist.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface Hashed {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

async function hash(password: string): Promise<Hashed> {
  const salt = randomBytes(16);
  return { salt, hash: await derive(password, salt) };
}

export interface PasswordVerifier<U> {
  /** The user whose email and password match, or undefined. */
  verify(email: string, password: string): Promise<U | undefined>;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function createPasswordVerifier<U extends { readonly email: string }>(
  users: readonly U[],
  passwordOf: (user: U) => string,
): Promise<PasswordVerifier<U>> {
  const entries = new Map<string, { user: U; hashed: Hashed }>();
  await Promise.all(
    users.map(async (user) => {
      entries.set(normalizeEmail(user.email), { user, hashed: await hash(passwordOf(user)) });
    }),
  );
  // Compared against when the email is unknown, so both paths cost one scrypt.
  const decoy = await hash(randomBytes(16).toString('hex'));

  return {
    async verify(email, password) {
      const entry = entries.get(normalizeEmail(email));
      const { salt, hash: expected } = entry?.hashed ?? decoy;
      const actual = await derive(password, salt);
      const matches = timingSafeEqual(actual, expected);
      return matches && entry ? entry.user : undefined;
    },
  };
}
