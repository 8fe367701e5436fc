import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createDevIdp, DEFAULT_AUDIENCE } from './app';
import { KEYS_FILE_NAME } from './keys';
import { signInWithCodeFlow, silentLogger } from './testing';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'dev-idp-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('with a data folder', () => {
  it('keeps its signing key and its sessions across a restart', async () => {
    const before = createDevIdp({ dataDir, logger: silentLogger });
    const { url, issuer } = await before.start();
    const port = Number(new URL(url).port);
    const signedIn = await signInWithCodeFlow({ baseUrl: url, email: 'staff@demo.test', password: 'demo' });
    await before.close();
    expect(statSync(join(dataDir, KEYS_FILE_NAME)).mode & 0o777).toBe(0o600);

    const after = createDevIdp({ dataDir, issuer, port, logger: silentLogger });
    await after.start();
    try {
      expect(after.jwks).toEqual(before.jwks);
      // A token issued before the restart still verifies against the keys published after it.
      const { payload } = await jwtVerify(signedIn.access_token, createLocalJWKSet({ keys: [...after.jwks.keys] }), {
        issuer,
        audience: DEFAULT_AUDIENCE,
        typ: 'at+jwt',
      });
      expect(payload.sub).toBe('user-staff');

      // The refresh token too: the sign-in session was kept.
      const refreshed = await fetch(`${url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: 'verific-web',
          grant_type: 'refresh_token',
          refresh_token: signedIn.refresh_token ?? '',
        }).toString(),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await after.close();
    }
  });
});

describe('without a data folder', () => {
  it('generates new keys for every instance', () => {
    const one = createDevIdp({ logger: silentLogger });
    const two = createDevIdp({ logger: silentLogger });
    expect(one.jwks.keys[0]?.kid).not.toBe(two.jwks.keys[0]?.kid);
  });
});
