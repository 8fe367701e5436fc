/**
 * The gateway's own main.ts in a child process, as a container runs it: the issuer alone (its keys found by
 * discovery, no OIDC_JWKS_URL), an upstream double for the services; a signed-in write goes through, and SIGTERM
 * ends the process cleanly.
 */
import path from 'node:path';
import { startServiceProcess, startServiceUnderTest } from '@dv/kit/testing';
import { callUrl, HOST_A, ORG_A, OFFICES, STAFF_A } from './testing/harness';
import { startUpstreamDouble, TEST_INTERNAL_TOKEN, type UpstreamDouble } from './testing/upstream-double';

const GATEWAY_MAIN = path.join(__dirname, 'main.ts');
const AUDIENCE = 'https://api.test.local';

describe('the gateway as its own process', () => {
  let upstream: UpstreamDouble;

  beforeAll(async () => {
    upstream = await startUpstreamDouble({ organizations: { [HOST_A]: ORG_A }, offices: OFFICES });
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('starts with OIDC_ISSUER alone, proxies a signed-in write, and exits 0 on SIGTERM', async () => {
    // It keeps no files: no DATA_DIR.
    const { issuer, service: gateway, stop, dispose } = await startServiceUnderTest(GATEWAY_MAIN, {
      audience: AUDIENCE,
      dataDir: false,
      env: {
        INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
        OFFICES_URL: upstream.url,
        BUGS_URL: upstream.url,
        HOST: '127.0.0.1',
        WEB_DIST_DIR: path.join(__dirname, 'no-web-build'),
      },
    });
    try {
      const report = { subject: 'Broken button', description: 'It does nothing' };
      const sent = await callUrl(gateway.url, '/api/bugReports', {
        method: 'PUT',
        headers: {
          host: HOST_A,
          authorization: `Bearer ${await issuer.sign(STAFF_A)}`,
          'connected-dental-office': 'office-a1',
          'content-type': 'application/json',
        },
        body: JSON.stringify(report),
      });
      expect(sent.status).toBe(200);
      expect(sent.json()).toMatchObject({ upstream: 'double', method: 'PUT', url: '/api/bugReports' });
      expect(upstream.received.at(-1)).toMatchObject({ method: 'PUT', url: '/api/bugReports', body: JSON.stringify(report) });

      const ready = await callUrl(gateway.url, '/readyz');
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { 'identity provider': 'ok', offices: 'ok', bugs: 'ok' } });

      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
    } finally {
      await dispose();
    }
  });

  it('names every missing variable and exits 1 without them', async () => {
    // The environment is read before anything else: no issuer is asked, any URL will do.
    await expect(startServiceProcess(GATEWAY_MAIN, { OIDC_ISSUER: 'http://127.0.0.1:9/', PORT: '0' })).rejects.toThrow(
      /exited \(1\)[\s\S]*OIDC_AUDIENCE[\s\S]*INTERNAL_API_TOKEN|exited \(1\)[\s\S]*INTERNAL_API_TOKEN[\s\S]*OIDC_AUDIENCE/,
    );
  });
});
