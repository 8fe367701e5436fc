/**
 * The portals service applies contracts' route table itself (issue 13: calls no wider than the pages). For every
 * call of API_ROUTES this service answers and every role, a user holding only that role gets 403 wherever the
 * table refuses the role (credential edits are the roles of /dental-office-settings and
 * /management/portal-credentials, so not the goduser), on a credential and a portal that exist, and the refused
 * call changes nothing.
 */
import { API_ROUTES, COMPANY_ROLES, ROLES, apiAccess, type ApiRoute, type Role } from '@dv/contracts';
import { createHarness, OFFICE_A1, ORG_A, USERS, type Harness, type Method, type TestUser } from './testing/harness';

const BODIES: Readonly<Record<string, unknown>> = {
  'POST /api/portals/{portalId}/credentials': { username: 'probe.user', password: 'probe-password' },
  'PUT /api/portals/credentials/{id}': { username: 'probe.user', password: 'probe-password' },
  'POST /api/portals/credentials/{portalId}/mfa': { code: '123456' },
  'POST /api/management/portals': { name: 'Probe Portal', url: 'https://probe.example.test', carriers: [] },
  'PUT /api/management/portals/{id}': { name: 'Probe Portal', url: 'https://probe.example.test', carriers: [] },
};

/** A user holding only this role: office users act for office-a1 (so do company users, by the header). */
function userWith(role: Role): TestUser {
  const company = (COMPANY_ROLES as readonly Role[]).includes(role) || role === 'doregistration';
  return { sub: `u-only-${role}`, org: ORG_A, roles: [role], allowedOfficeIds: company ? [] : [OFFICE_A1] };
}

describe('the portals service refuses every role the route table refuses', () => {
  let h: Harness;
  let served: ApiRoute[] = [];
  let credentialId = '';
  beforeAll(async () => {
    h = await createHarness();
    served = API_ROUTES.filter((route) => h.app.hasRoute({ method: route.method, url: route.path.replace(/\{([^}]+)\}/g, ':$1') }));
    const created = await h.call('POST', '/api/portals/cigna/credentials', {
      as: USERS.managerA1,
      office: OFFICE_A1,
      body: { username: 'real.user', password: 'real-password' },
    });
    expect(created.statusCode).toBe(201);
    credentialId = created.json<{ id: string }>().id;
    // The sandbox login settles first, so the snapshots below compare a resting state.
    await h.waitForStatus(credentialId, 'valid');
  });
  afterAll(() => h.close());

  const samplePath = (route: ApiRoute) =>
    route.path.replace('{portalId}', 'cigna').replace('{id}', route.path.startsWith('/api/management/portals') ? 'cigna' : credentialId);

  /** What a manager of office-a1 sees: it must not move when a call is refused. */
  async function snapshot(): Promise<string[]> {
    const urls = ['/api/portals', '/api/portals/credentials'];
    return Promise.all(urls.map(async (url) => (await h.call('GET', url, { as: USERS.managerA1, office: OFFICE_A1 })).body));
  }

  it('serves the credential and catalogue calls of the table', () => {
    expect(served.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['PUT /api/portals/credentials/{id}', 'POST /api/management/portals']),
    );
  });

  it('the goduser (its only page is /correction) reads credentials but does not add, edit or delete them', async () => {
    const goduser = userWith('goduser');
    const list = await h.call('GET', '/api/portals/credentials', { as: goduser, office: OFFICE_A1 });
    expect(list.statusCode).toBe(200);
    const body = BODIES['PUT /api/portals/credentials/{id}'];
    const calls: [Method, string][] = [
      ['POST', '/api/portals/cigna/credentials'],
      ['PUT', `/api/portals/credentials/${credentialId}`],
      ['DELETE', `/api/portals/credentials/${credentialId}`],
    ];
    for (const [method, url] of calls) {
      const response = await h.call(method, url, { as: goduser, office: OFFICE_A1, ...(method === 'DELETE' ? {} : { body }) });
      expect([method, response.statusCode]).toEqual([method, 403]);
    }
  });

  it.each(ROLES.map((role) => [role]))('as %s', async (role) => {
    const before = await snapshot();
    for (const route of served) {
      const path = samplePath(route);
      if (apiAccess(route.method, path, [role]) !== 'forbidden') continue;
      const key = `${route.method} ${route.path}`;
      const response = await h.call(route.method as Method, path, { as: userWith(role), office: OFFICE_A1, body: BODIES[key] });
      expect({ key, role, status: response.statusCode }).toEqual({ key, role, status: 403 });
    }
    expect(await snapshot()).toEqual(before);
  });
});
