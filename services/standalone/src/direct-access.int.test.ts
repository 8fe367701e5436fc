/**
 * Defence in depth against the real offices service: reached directly (not through the gateway), with the
 * identity headers a gateway might set forged by the caller, it refuses the request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startStandalone, type RunningStandalone } from './start';
import { devToken } from './testing/dev-token';

const FORGED = {
  'x-user-id': 'user-superadministrator',
  'x-user-email': 'superadministrator@demo.test',
  'x-org-id': 'org-demo',
  'x-organization-id': 'org-demo',
  'x-roles': 'superadministrator',
  'x-actor-id': 'user-superadministrator',
  'x-forwarded-user': 'superadministrator@demo.test',
  'x-forwarded-host': 'demo.localhost',
  'connected-dental-office': 'office-demo-1',
};

describe('the offices service reached directly with forged identity headers', () => {
  let dataDir: string;
  let running: RunningStandalone;
  let offices: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-direct-'));
    running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent' });
    offices = running.loopback.offices;
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function direct(urlPath: string, headers: Record<string, string>) {
    const response = await request(new URL(urlPath, offices), { headers });
    return { status: response.statusCode, text: await response.body.text() };
  }

  const token = (email: string) => devToken(running, email);

  it('refuses forged headers without a token (401, no data)', async () => {
    for (const urlPath of ['/api/dentaloffice/user/all', '/api/dentaloffice/office-demo-1', '/api/management/users', '/api/management/offices']) {
      const response = await direct(urlPath, FORGED);
      expect([urlPath, response.status]).toEqual([urlPath, 401]);
      expect(response.text).not.toContain('Bright Smiles');
    }
  });

  it('does not let forged roles widen a real token', async () => {
    const staff = await token('staff@demo.test');
    const management = await direct('/api/management/users', { ...FORGED, authorization: `Bearer ${staff}` });
    expect(management.status).toBe(403);
    expect(management.text).not.toContain('@demo.test');
    const otherOffice = await direct('/api/dentaloffice/user/all', {
      ...FORGED,
      authorization: `Bearer ${staff}`,
      'connected-dental-office': 'office-demo-2',
    });
    expect(otherOffice.status).toBe(403);
  });

  it('refuses its internal routes without the internal token', async () => {
    const attempts: Record<string, string>[] = [{}, FORGED, { 'x-internal-token': 'guessed-guessed-guessed' }];
    for (const headers of attempts) {
      const response = await direct('/internal/offices/office-demo-1', headers);
      expect(response.status).toBe(401);
      expect(response.text).not.toContain('org-demo');
    }
  });
});
