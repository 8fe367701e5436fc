/**
 * The provider's key material: one RS256 signing key (published at the JWKS endpoint) and the secrets that sign
 * its cookies. Generated when the provider is created and never committed; with a data folder they are kept in
 * a file (mode 0600) so tokens issued before a restart still verify after it.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const SIGNING_ALG = 'RS256';

const PrivateRsaJwk = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal(SIGNING_ALG),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
export type PrivateRsaJwk = z.infer<typeof PrivateRsaJwk>;

export const DevIdpKeys = z.object({
  signing: PrivateRsaJwk,
  cookieSecrets: z.array(z.string().min(32)).min(1),
});
export type DevIdpKeys = z.infer<typeof DevIdpKeys>;

export interface PublicRsaJwk {
  readonly kty: 'RSA';
  readonly kid: string;
  readonly alg: typeof SIGNING_ALG;
  readonly use: 'sig';
  readonly n: string;
  readonly e: string;
}

export interface PublicJwks {
  readonly keys: readonly PublicRsaJwk[];
}

export const KEYS_FILE_NAME = 'dev-idp-keys.json';

/** RFC 7638 thumbprint of an RSA key, used as its kid. */
function thumbprint(n: string, e: string): string {
  return createHash('sha256').update(JSON.stringify({ e, kty: 'RSA', n })).digest('base64url');
}

export function generateKeys(): DevIdpKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const signing = PrivateRsaJwk.parse({
    ...jwk,
    kid: thumbprint(String(jwk.n), String(jwk.e)),
    alg: SIGNING_ALG,
    use: 'sig',
  });
  return { signing, cookieSecrets: [randomBytes(32).toString('base64url')] };
}

/** Reads the keys kept in `dataDir`, or generates them and writes them there. */
export function loadOrCreateKeys(dataDir: string): DevIdpKeys {
  const file = join(dataDir, KEYS_FILE_NAME);
  if (existsSync(file)) {
    const parsed = DevIdpKeys.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      // Never overwrite: the file may be someone's on purpose. Deleting it regenerates the keys.
      throw new Error(`${file} is not a dev-idp key file (${parsed.error.message}); delete it to generate new keys`);
    }
    return parsed.data;
  }
  const keys = generateKeys();
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return keys;
}

export function publicJwks(keys: DevIdpKeys): PublicJwks {
  const { kty, kid, alg, use, n, e } = keys.signing;
  return { keys: [{ kty, kid, alg, use, n, e }] };
}
