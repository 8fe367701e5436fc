/**
 * The provider's own main.ts in a child process, as a container runs it: configured by the environment alone, its
 * issuer the URL it listens at when no ISSUER is given (PORT 0), its keys kept in DATA_DIR, and SIGTERM ends the
 * process cleanly.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServiceProcess, startServiceUnderTest } from '@dv/kit/testing';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { DEFAULT_AUDIENCE } from './app';
import { KEYS_FILE_NAME } from './keys';

const DEV_IDP_MAIN = path.join(__dirname, 'main.ts');

describe('the development identity provider as its own process', () => {
  it('answers discovery with the URL it listens at as issuer, mints test tokens, keeps its keys and exits 0 on SIGTERM', async () => {
    // It is the identity provider: no audience, no test issuer.
    const { dataDir, service: idp, stop, dispose } = await startServiceUnderTest(DEV_IDP_MAIN, {
      env: { HOST: '127.0.0.1', ENABLE_TEST_TOKEN_ENDPOINT: 'true' },
    });
    try {
      const discovery = (await (await fetch(`${idp.url}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
        jwks_uri: string;
      };
      expect(discovery.issuer).toBe(idp.url);
      expect(discovery.jwks_uri).toBe(`${idp.url}/jwks`);

      const minted = await fetch(`${idp.url}/dev/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@demo.test' }),
      });
      expect(minted.status).toBe(200);
      const { access_token: token } = (await minted.json()) as { access_token: string };
      const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
        issuer: idp.url,
        audience: DEFAULT_AUDIENCE,
        typ: 'at+jwt',
      });
      expect(payload.sub).toBe('user-staff');
      expect(existsSync(path.join(dataDir, KEYS_FILE_NAME))).toBe(true);

      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
    } finally {
      await dispose();
    }
  });

  it('names the configured issuer in discovery, and serves no test tokens unless enabled', async () => {
    const issuer = 'http://idp.example:8090';
    // No DATA_DIR: its keys are new for this start and kept nowhere.
    const { service: idp, stop, dispose } = await startServiceUnderTest(DEV_IDP_MAIN, {
      dataDir: false,
      env: { HOST: '127.0.0.1', ISSUER: issuer },
    });
    try {
      const discovery = (await (await fetch(`${idp.url}/.well-known/openid-configuration`)).json()) as { issuer: string };
      expect(discovery.issuer).toBe(issuer);
      const minted = await fetch(`${idp.url}/dev/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'staff@demo.test' }),
      });
      expect(minted.status).toBe(404);
      expect(await stop('SIGTERM')).toMatchObject({ code: 0, signal: null });
    } finally {
      await dispose();
    }
  });

  it('names a bad variable and exits 1', async () => {
    await expect(startServiceProcess(DEV_IDP_MAIN, { PORT: '0', ENABLE_TEST_TOKEN_ENDPOINT: 'yes' })).rejects.toThrow(
      /exited \(1\)[\s\S]*ENABLE_TEST_TOKEN_ENDPOINT/,
    );
  });
});
