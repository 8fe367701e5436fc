/**
 * The probes of issue 13 items 6 and 8, replayed through the whole stack (gateway, offices service, development
 * identity provider's demo users): an admin granting himself a super administrator's privilege, billing calls
 * from roles without a payment page, and the goduser reading management lists.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startStandalone, type RunningStandalone } from './start';
import { devToken } from './testing/dev-token';

const DEMO_HOST = 'demo.localhost';

describe('role rules through the gateway and the real services (issue 13)', () => {
  let dataDir: string;
  let running: RunningStandalone;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-role-rules-'));
    running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web') });
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const token = (email: string) => devToken(running, email);

  async function call(role: string, method: string, urlPath: string, body?: unknown) {
    const response = await request(new URL(urlPath, running.loopback.gateway), {
      method: method as 'GET',
      headers: {
        host: DEMO_HOST,
        authorization: `Bearer ${await token(`${role}@demo.test`)}`,
        'connected-dental-office': 'office-demo-1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
  }

  it('an admin may not grant himself editGlobalCarriers (403) and does not hold it afterwards', async () => {
    const own = await call('admin', 'PATCH', '/api/management/users/user-admin', { editGlobalCarriers: true });
    expect(own.status).toBe(403);
    expect((await call('admin', 'GET', '/api/management/users/user-admin')).json).toMatchObject({ editGlobalCarriers: false });
    const rename = await call('admin', 'PATCH', '/api/management/users/user-admin', { name: 'Alex Admin' });
    expect(rename.status).toBe(200);
  });

  it('billing calls refuse roles whose pages do not make them, before any service', async () => {
    const refused: [role: string, method: string, urlPath: string][] = [
      ['groupmember', 'GET', '/api/stripe'],
      ['doregistration', 'GET', '/api/stripe/list'],
      ['staff', 'POST', '/api/stripe/subscription/create'],
      ['staff', 'GET', '/api/stripe/setupintent'],
    ];
    for (const [role, method, urlPath] of refused) {
      const response = await call(role, method, urlPath, method === 'POST' ? {} : undefined);
      expect([role, urlPath, response.status]).toEqual([role, urlPath, 403]);
    }
  });

  it('the goduser reads no management list of offices, users or groups', async () => {
    for (const urlPath of ['/api/management/offices', '/api/management/users', '/api/management/groups']) {
      const response = await call('goduser', 'GET', urlPath);
      expect([urlPath, response.status]).toEqual([urlPath, 403]);
    }
    expect((await call('agent', 'GET', '/api/management/users')).status).toBe(200);
  });
});
