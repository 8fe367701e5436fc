/** The service as main.ts runs it: its own store, attachment files and bus, a real listener, JWKS over HTTP. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BugReportCreated } from '@dv/contracts';
import { createLogger } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { startBugs, type RunningBugs } from './app';
import { loadBugsConfig } from './config';
import { SMALL_PNG, base64 } from './testing/files';

describe('startBugs', () => {
  let dir: string;
  let issuer: TestIssuer;
  let bugs: RunningBugs;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bugs-service-'));
    issuer = await createTestIssuer({ issuer: 'https://id.bugs.test/', audience: 'https://api.bugs.test' });
    bugs = await startBugs({
      config: loadBugsConfig({
        OIDC_ISSUER: issuer.issuer,
        OIDC_AUDIENCE: issuer.audience,
        OIDC_JWKS_URL: await issuer.serveJwks(),
        PORT: '0',
        DATA_DIR: dir,
      }),
      logger: createLogger({ name: 'bugs-service-test', level: 'silent' }),
    });
  });
  afterAll(async () => {
    await bugs.close();
    await issuer.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens, answers probes, files a report over HTTP and keeps its attachment under DATA_DIR/bugs/attachments', async () => {
    expect(bugs.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${bugs.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${bugs.url}/readyz`)).json()).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok' } });

    const staff = await issuer.sign({ sub: 'user-staff', email: 'staff@a.test', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] });
    const response = await fetch(`${bugs.url}/api/bugReports`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json', 'connected-dental-office': 'office-a1' },
      body: JSON.stringify({ type: 'Data error', title: 'Wrong max', description: 'Annual max is off', url: '/plan/7', fileBase64: base64(SMALL_PNG), fileMime: 'image/png' }),
    });
    expect(response.status).toBe(201);
    const { id } = BugReportCreated.parse(await response.json());
    expect(await readdir(path.join(dir, 'bugs', 'attachments'))).toEqual([`${id}.bin`]);

    const agent = await issuer.sign({ sub: 'user-agent', org: 'org-a', roles: ['agent'] });
    const download = await fetch(`${bugs.url}/api/management/bugs/${id}/attachment`, { headers: { authorization: `Bearer ${agent}` } });
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(SMALL_PNG)).toBe(true);
  });
});
