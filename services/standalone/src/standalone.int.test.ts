import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { ATTACHMENT_MAX_BYTES } from '@dv/contracts';
import { DEMO_PASSWORD } from '@dv/dev-idp';
import { signInSession } from '@dv/dev-idp/testing';
import { DEMO_PORTAL_CREDENTIAL } from './demo-portal-credential';
import { startStandalone, type RunningStandalone } from './start';

const DEMO_HOST = 'demo.localhost';

async function call(baseUrl: string, urlPath: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await request(new URL(urlPath, baseUrl), {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, text, json: <T>() => JSON.parse(text) as T };
}

async function devToken(running: RunningStandalone, email: string): Promise<string> {
  const response = await call(running.loopback.idp, '/dev/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

describe('standalone runner (every service in one process, random ports, temporary data)', () => {
  let dataDir: string;
  let running: RunningStandalone | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-standalone-'));
  });
  afterAll(async () => {
    await running?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = (ports: { port: number; idpPort: number } = { port: 0, idpPort: 0 }) =>
    startStandalone({ dataDir, ...ports, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web') });

  it('serves the feature flags to the demo host without a token', async () => {
    running = await start();
    expect(running.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    expect(running.demoUrl).toMatch(/^http:\/\/demo\.localhost:\d+$/);
    const response = await call(running.loopback.gateway, '/api/features', { headers: { host: DEMO_HOST } });
    expect(response.status).toBe(200);
    const flags = response.json<{ name: string }[]>();
    expect(flags.map((flag) => flag.name)).toContain('MAINTANANCE_LOCK');
  });

  it("gives staff@demo.test that user's offices with a token from /dev/token", async () => {
    if (!running) throw new Error('not started');
    const token = await devToken(running, 'staff@demo.test');
    const response = await call(running.loopback.gateway, '/api/dentaloffice/user/all', {
      headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-demo-1' },
    });
    expect(response.status).toBe(200);
    expect(response.json<{ id: string }[]>().map((office) => office.id)).toEqual(['office-demo-1']);

    const elsewhere = await call(running.loopback.gateway, '/api/dentaloffice/user/all', {
      headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-acme-1' },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.text).not.toContain('Acme');
  });

  it("refuses a signed-out session's access token at once, and not another session's", async () => {
    if (!running) throw new Error('not started');
    const signIn = () =>
      signInSession({
        baseUrl: running?.loopback.idp ?? '',
        email: 'staff@demo.test',
        password: DEMO_PASSWORD,
        redirectUri: `${running?.gatewayUrl ?? ''}/handleLogin`,
      });
    const [leaving, staying] = [await signIn(), await signIn()];
    const settings = (token: string) =>
      call(running?.loopback.gateway ?? '', '/api/dentaloffice/user/all', {
        headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-demo-1' },
      });
    expect((await settings(leaving.tokens.access_token)).status).toBe(200);
    await leaving.signOut();
    expect((await settings(leaving.tokens.access_token)).status).toBe(401);
    expect((await settings(staying.tokens.access_token)).status).toBe(200);
  });

  it('takes a bug report with a 5 MB attachment through the gateway, and refuses that size on other routes', async () => {
    if (!running) throw new Error('not started');
    const token = await devToken(running, 'staff@demo.test');
    const headers = {
      host: DEMO_HOST,
      authorization: `Bearer ${token}`,
      'connected-dental-office': 'office-demo-1',
      'content-type': 'application/json',
    };
    // A PNG signature followed by filler: exactly ATTACHMENT_MAX_BYTES decoded bytes.
    const png = Buffer.alloc(ATTACHMENT_MAX_BYTES);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(png);
    const report = {
      type: 'Technical bug',
      title: 'Schedule does not load',
      description: 'Spinner forever',
      url: '/schedule',
      fileBase64: png.toString('base64'),
      fileMime: 'image/png',
    };
    const sent = await call(running.loopback.gateway, '/api/bugReports', { method: 'PUT', headers, body: JSON.stringify(report) });
    expect(sent.status).toBe(201);
    expect(sent.json<{ id: string }>().id).toEqual(expect.any(String));

    const elsewhere = await call(running.loopback.gateway, '/api/auth/organization', {
      method: 'POST',
      headers: { host: DEMO_HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('runs a verification for a sandbox patient through the gateway: ready, readable, editable, submitted', async () => {
    if (!running) throw new Error('not started');
    const token = await devToken(running, 'staff@demo.test');
    const headers = {
      host: DEMO_HOST,
      authorization: `Bearer ${token}`,
      'connected-dental-office': 'office-demo-1',
      'content-type': 'application/json',
    };
    const gateway = running.loopback.gateway;
    // The demo office has its Delta Dental portal login out of the box (demo-portal-credential.ts).
    const credentials = (await call(gateway, '/api/portals/credentials', { headers })).json<{ portalId: string; username: string }[]>();
    expect(credentials).toContainEqual(expect.objectContaining({ portalId: DEMO_PORTAL_CREDENTIAL.portalId, username: DEMO_PORTAL_CREDENTIAL.username }));
    const sandbox = (await call(gateway, '/api/verifications/sandbox/patients', { headers })).json<{
      sandbox: boolean;
      patients: { label: string; carrier: { payerId: string }; coverage: string; patient: unknown }[];
    }>();
    expect(sandbox.sandbox).toBe(true);
    const maria = sandbox.patients.find((entry) => entry.label.startsWith('Maria Lopez') && entry.coverage === 'active');
    if (!maria) throw new Error('the sandbox has no active Maria Lopez');

    const created = await call(gateway, '/api/verifications', {
      method: 'POST',
      headers,
      body: JSON.stringify({ patient: maria.patient, carrier: { payerId: maria.carrier.payerId } }),
    });
    expect(created.status).toBe(201);
    const { id } = created.json<{ id: string }>();

    type Detail = {
      status: string;
      readyAt: string | null;
      jobs: { source: string; status: string; outcome: string | null }[];
      plan: { benefits: { annualMax?: { value: unknown } } } | null;
    };
    let detail: Detail | undefined;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      detail = (await call(gateway, `/api/verifications/${id}`, { headers })).json<Detail>();
      if (detail.readyAt !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(detail?.readyAt).not.toBeNull();
    expect(detail?.jobs.every((job) => job.status === 'done')).toBe(true);
    expect(detail?.jobs.map((job) => [job.source, job.outcome])).toEqual([
      ['clearinghouse', 'success'],
      ['portal', 'success'],
    ]);
    expect(detail?.plan?.benefits.annualMax?.value).toEqual(expect.any(Number));

    const edited = await call(gateway, `/api/verifications/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ edits: [{ path: 'plan.benefits.annualMax', value: 2500 }] }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json<Detail>().plan?.benefits.annualMax).toMatchObject({ value: 2500, score: 4 });

    const submitted = await call(gateway, `/api/verifications/${id}/submit`, { method: 'POST', headers, body: '{}' });
    expect(submitted.status).toBe(200);
    expect(submitted.json<Detail>().status).toBe('Completed');

    // Another office of the organization does not see it.
    const manager = await devToken(running, 'staffmanager@demo.test');
    const hidden = await call(gateway, `/api/verifications/${id}`, {
      headers: { ...headers, authorization: `Bearer ${manager}`, 'connected-dental-office': 'office-demo-2' },
    });
    expect(hidden.status).toBe(404);
  });

  it("waits for the office's portal login, added through the gateway, then finishes the verification", async () => {
    if (!running) throw new Error('not started');
    const gateway = running.loopback.gateway;
    // office-demo-2 has no portal login: the staff manager (staff there) verifies, the group manager adds the login.
    const staff = { host: DEMO_HOST, authorization: `Bearer ${await devToken(running, 'staffmanager@demo.test')}`, 'connected-dental-office': 'office-demo-2', 'content-type': 'application/json' };
    const manager = { ...staff, authorization: `Bearer ${await devToken(running, 'groupmanager@demo.test')}` };
    const sandbox = (await call(gateway, '/api/verifications/sandbox/patients', { headers: staff })).json<{
      patients: { label: string; carrier: { payerId: string }; portalId: string | null; patient: unknown }[];
    }>();
    const maria = sandbox.patients.find((entry) => entry.label === 'Maria Lopez, subscriber')!;
    expect(maria.portalId).toBe('deltadental');
    const created = await call(gateway, '/api/verifications', {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ patient: maria.patient, carrier: { payerId: maria.carrier.payerId } }),
    });
    expect(created.status).toBe(201);
    const { id } = created.json<{ id: string }>();

    type Detail = { status: string; jobs: { source: string; status: string; outcome: string | null; reason: string | null }[] };
    const read = async () => (await call(gateway, `/api/verifications/${id}`, { headers: staff })).json<Detail>();
    const until = async (done: (detail: Detail) => boolean): Promise<Detail> => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const detail = await read();
        if (done(detail)) return detail;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`verification ${id} never got there: ${JSON.stringify(await read())}`);
    };
    const waiting = await until((detail) => detail.jobs[1]?.status === 'credentialPending');
    expect(waiting.status).toBe('portalpending');
    expect(waiting.jobs[1]?.reason).toContain('no credential for the Delta Dental Provider Tools portal');

    const added = await call(gateway, '/api/portals/deltadental/credentials/', {
      method: 'POST',
      headers: manager,
      body: JSON.stringify({ username: 'oak-frontdesk', password: 'sandbox-password' }),
    });
    expect(added.status).toBe(201);
    const finished = await until((detail) => detail.jobs.every((job) => job.status === 'done'));
    expect(finished.jobs.map((job) => [job.source, job.outcome])).toEqual([
      ['clearinghouse', 'success'],
      ['portal', 'success'],
    ]);
  });

  it('keeps data and signing keys across a restart', async () => {
    if (!running) throw new Error('not started');
    const admin = await devToken(running, 'superadministrator@demo.test');
    const renamed = await call(running.loopback.gateway, '/api/management/offices/office-demo-2', {
      method: 'PATCH',
      headers: { host: DEMO_HOST, authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bright Smiles Dental – Elm St' }),
    });
    expect(renamed.status).toBe(200);
    // The office deletes the demo portal login: it is not added again at the next start.
    const manager = { host: DEMO_HOST, authorization: `Bearer ${await devToken(running, 'staffmanager@demo.test')}`, 'connected-dental-office': 'office-demo-1' };
    const demoLogin = (await call(running.loopback.gateway, '/api/portals/credentials', { headers: manager }))
      .json<{ id: string; portalId: string }[]>()
      .find((credential) => credential.portalId === DEMO_PORTAL_CREDENTIAL.portalId)!;
    expect((await call(running.loopback.gateway, `/api/portals/credentials/${demoLogin.id}`, { method: 'DELETE', headers: manager })).status).toBe(204);

    const ports = { port: running.port, idpPort: running.idpPort };
    await running.close();
    // Same ports, so the issuer (http://localhost:<idpPort>) is the same one.
    running = await start(ports);

    // The token issued before the restart still verifies: the provider kept its keys in the data folder.
    const office = await call(running.loopback.gateway, '/api/management/offices/office-demo-2', {
      headers: { host: DEMO_HOST, authorization: `Bearer ${admin}` },
    });
    expect(office.status).toBe(200);
    expect(office.json()).toMatchObject({ id: 'office-demo-2', name: 'Bright Smiles Dental – Elm St' });
    const after = (await call(running.loopback.gateway, '/api/portals/credentials', { headers: { ...manager, authorization: `Bearer ${admin}` } })).json<{ portalId: string }[]>();
    expect(after.map((credential) => credential.portalId)).not.toContain(DEMO_PORTAL_CREDENTIAL.portalId);
  });

  it('closes every listener', async () => {
    if (!running) throw new Error('not started');
    expect(running.stripeSandboxUrl).not.toBeNull();
    const urls = [...Object.values(running.loopback), running.stripeSandboxUrl ?? ''];
    expect(urls).toHaveLength(10);
    await running.close();
    running = undefined;
    for (const url of urls) {
      await expect(call(url, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    }
  });
});
