/**
 * The service reached directly, without the gateway: it trusts nothing but a verified bearer token.
 */
import { OFFICE_HEADER } from '@dv/kit';
import { createHarness, type Harness } from './testing/harness';

/** Every route that needs a token, with a body where it takes one. */
const AUTHENTICATED_ROUTES: readonly { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/dentaloffice/user/all' },
  { method: 'GET', url: '/api/dentaloffice/office-demo-1' },
  { method: 'GET', url: '/api/management/offices' },
  { method: 'POST', url: '/api/management/offices', body: { name: 'Forged' } },
  { method: 'GET', url: '/api/management/offices/office-demo-1' },
  { method: 'PATCH', url: '/api/management/offices/office-demo-1', body: { name: 'Forged' } },
  { method: 'PATCH', url: '/api/management/offices/office-demo-1/settings', body: { paymentType: 'invoice' } },
  { method: 'GET', url: '/api/management/groups' },
  { method: 'POST', url: '/api/management/groups', body: { name: 'Forged' } },
  { method: 'GET', url: '/api/management/groups/group-demo' },
  { method: 'PATCH', url: '/api/management/groups/group-demo', body: { name: 'Forged' } },
  { method: 'POST', url: '/api/management/groups/group-demo/offices', body: { officeId: 'office-demo-1' } },
  { method: 'DELETE', url: '/api/management/groups/group-demo/offices/office-demo-1' },
  { method: 'GET', url: '/api/management/users' },
  { method: 'POST', url: '/api/management/users', body: { email: 'x@demo.test', name: 'X', roles: ['admin'] } },
  { method: 'GET', url: '/api/management/users/user-staff' },
  { method: 'PATCH', url: '/api/management/users/user-staff', body: { roles: ['superadministrator'] } },
  { method: 'GET', url: '/api/management/offices/office-demo-1/users' },
  { method: 'PUT', url: '/api/management/offices/office-demo-1/users/user-staff', body: { roles: ['staffmanager'] } },
  { method: 'DELETE', url: '/api/management/offices/office-demo-1/users/user-staff' },
  { method: 'GET', url: '/api/management/features' },
  { method: 'PUT', url: '/api/management/features/MAINTANANCE_LOCK', body: { isActive: true } },
];

const FORGED_IDENTITY = {
  'x-user-id': 'user-superadministrator',
  'x-org-id': 'org-acme',
  'x-roles': 'superadministrator',
  'x-user-roles': 'superadministrator',
  'x-office-id': 'office-acme-1',
};

describe('authentication of a service reached directly', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('every authenticated route answers 401 without a token, even with forged identity headers, and changes nothing', async () => {
    for (const route of AUTHENTICATED_ROUTES) {
      for (const headers of [{}, FORGED_IDENTITY]) {
        const response = await h.call(route.method, route.url, { body: route.body, headers });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
        expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    }
    const flags = (await h.call('GET', '/api/features')).json<{ name: string; isActive: boolean }[]>();
    expect(flags.find((flag) => flag.name === 'MAINTANANCE_LOCK')?.isActive).toBe(false);
  });

  it('rejects with 401 a bad, expired, foreign-audience, foreign-issuer, ID or unsigned token', async () => {
    const claims = { sub: 'user-admin', org: 'org-demo', roles: ['admin'] };
    const token = await h.sign(claims);
    const [header, payload] = token.split('.') as [string, string, string];
    const variants = [
      'not-a-jwt',
      `${header}.${payload}.`,
      `${token.slice(0, -4)}AAAA`,
      await h.sign(claims, { expiresInSeconds: -120 }),
      await h.sign(claims, { audience: 'https://other.api.test' }),
      await h.sign(claims, { issuer: 'https://evil.test/' }),
      await h.sign(claims, { typ: 'JWT' }),
    ];
    for (const bad of variants) {
      const response = await h.call('GET', '/api/management/offices', { token: bad });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('office-demo');
    }
    expect((await h.call('GET', '/api/management/offices', { token })).statusCode).toBe(200);
  });

  it('forged identity headers next to a valid token change nothing', async () => {
    const staff = await h.tokenFor('staff');
    const offices = await h.call('GET', '/api/dentaloffice/user/all', { token: staff, headers: FORGED_IDENTITY });
    expect(offices.json()).toEqual([expect.objectContaining({ id: 'office-demo-1' })]);
    const management = await h.call('GET', '/api/management/offices', { token: staff, headers: FORGED_IDENTITY });
    expect(management.statusCode).toBe(403);
    const acme = await h.call('GET', '/api/dentaloffice/office-acme-1', { token: await h.tokenFor('admin'), headers: FORGED_IDENTITY });
    expect(acme.statusCode).toBe(404);
  });

  it("a staff user naming another organization's office or an office not theirs gets 403 and no data", async () => {
    const staff = await h.tokenFor('staff');
    for (const office of ['office-acme-1', 'office-demo-2', 'office-unknown']) {
      for (const url of ['/api/dentaloffice/user/all', '/api/dentaloffice/office-demo-1', '/api/management/offices/office-demo-1']) {
        const response = await h.call('GET', url, { token: staff, headers: { [OFFICE_HEADER]: office } });
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('Bright Smiles');
        expect(response.body).not.toContain('settings');
      }
    }
  });

  it("a company user may name any office of their organization, not another organization's", async () => {
    const admin = await h.tokenFor('admin');
    const own = await h.call('GET', '/api/dentaloffice/office-demo-2', { token: admin, headers: { [OFFICE_HEADER]: 'office-demo-2' } });
    expect(own.statusCode).toBe(200);
    const foreign = await h.call('GET', '/api/dentaloffice/user/all', { token: admin, headers: { [OFFICE_HEADER]: 'office-acme-1' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('office-demo');
  });

  it('unknown routes answer the 404 envelope', async () => {
    const response = await h.call('GET', '/api/nothing-here', { token: await h.tokenFor('admin') });
    expect(response.statusCode).toBe(404);
  });
});
