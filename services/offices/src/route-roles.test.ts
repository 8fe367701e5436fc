/**
 * The offices service applies contracts' route table itself (issue 13: the goduser read management lists the
 * specification does not give it). For every call of API_ROUTES that this service answers and every role, a
 * user holding only that role gets 403 wherever the table refuses the role, with a body the route accepts (so no
 * 400 hides the answer), and the refused call changes nothing.
 */
import { API_ROUTES, COMPANY_ROLES, ROLES, apiAccess, type ApiRoute, type Role } from '@dv/contracts';
import { OFFICE_HEADER } from '@dv/kit';
import { createHarness, type Harness } from './testing/harness';

/** An id of the demo data for each path parameter. */
const SAMPLE_IDS: Readonly<Record<string, string>> = {
  '/api/management/offices/{id}': 'office-demo-1',
  '/api/management/groups/{id}': 'group-demo',
  '/api/management/users/{id}': 'user-staff',
  '/api/dentaloffice/{id}': 'office-demo-1',
};

function samplePath(route: ApiRoute): string {
  const prefix = Object.keys(SAMPLE_IDS).find((pattern) => route.path.startsWith(pattern));
  return route.path
    .replace('{id}', prefix ? (SAMPLE_IDS[prefix] as string) : 'sample-1')
    .replace('{officeId}', 'office-demo-2')
    .replace('{userId}', 'user-staff')
    .replace('{name}', 'MAINTANANCE_LOCK');
}

/** A body each write accepts, from the least privileged role that may send it. */
const BODIES: Readonly<Record<string, unknown>> = {
  'POST /api/auth/organization': { organizationName: 'Bright Smiles' },
  'POST /api/management/offices': { name: 'Probe Office' },
  'PATCH /api/management/offices/{id}': { name: 'Probe Office' },
  'PATCH /api/management/offices/{id}/settings': { scheduleIntegration: { type: 'manual' } },
  'POST /api/management/groups': { name: 'Probe Group' },
  'PATCH /api/management/groups/{id}': { name: 'Probe Group' },
  'POST /api/management/groups/{id}/offices': { officeId: 'office-demo-2' },
  'POST /api/management/users': { email: 'probe@demo.test', name: 'Probe', roles: ['staff'] },
  'PATCH /api/management/users/{id}': { name: 'Probe' },
  'PUT /api/management/offices/{id}/users/{userId}': { roles: ['staff'] },
  'PUT /api/management/features/{name}': { isActive: false },
  'PATCH /api/management/offices/{id}/details': { phone: '2175550100' },
  'POST /api/registration/office': {
    name: 'Probe Practice',
    npi: '1245319599',
    taxId: '12-3456789',
    phone: '2175550100',
    address: { street1: '1 Probe St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  },
};

const OFFICE_FIRST = [
  'GET /api/management/offices/{id}',
  'PATCH /api/management/offices/{id}/settings',
  'GET /api/management/offices/{id}/details',
  'PATCH /api/management/offices/{id}/details',
];
const isCompanyRole = (role: Role) => (COMPANY_ROLES as readonly Role[]).includes(role);

/** A user holding only this role: office users act for office-demo-1, company and registering users for none. */
function claimsFor(role: Role): { claims: Record<string, unknown>; office?: string } {
  const base = { sub: `user-only-${role}`, org: 'org-demo', roles: [role] };
  if (isCompanyRole(role) || role === 'doregistration') return { claims: { ...base, allowedOfficeIds: [] } };
  return { claims: { ...base, allowedOfficeIds: ['office-demo-1'] }, office: 'office-demo-1' };
}

describe("the offices service refuses every role the route table refuses", () => {
  let h: Harness;
  let served: ApiRoute[] = [];
  beforeAll(async () => {
    h = await createHarness();
    served = API_ROUTES.filter((route) => h.app.hasRoute({ method: route.method, url: route.path.replace(/\{([^}]+)\}/g, ':$1') }));
  });
  afterAll(() => h.close());

  it('serves the management, office settings and flag calls of the table', () => {
    expect(served.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/management/users/{id}', '/api/management/offices', '/api/management/groups']));
  });

  /** What the management API shows a super administrator: it must not move when a call is refused. */
  async function snapshot(): Promise<string[]> {
    const token = await h.tokenFor('superadministrator');
    const urls = ['/api/management/offices?pageSize=100', '/api/management/groups?pageSize=100', '/api/management/users?pageSize=100', '/api/management/features'];
    return Promise.all(urls.map(async (url) => (await h.call('GET', url, { token })).body));
  }

  it.each(ROLES.map((role) => [role]))('as %s', async (role) => {
    const { claims, office } = claimsFor(role);
    const token = await h.sign(claims);
    const before = await snapshot();
    for (const route of served) {
      const path = samplePath(route);
      const expected = apiAccess(route.method, path, [role]);
      if (expected !== 'forbidden') continue;
      const key = `${route.method} ${route.path}`;
      const response = await h.call(route.method, path, {
        token,
        body: BODIES[key],
        headers: office === undefined ? {} : { [OFFICE_HEADER]: office },
      });
      // Calls that office managers may make look the office up first: one the user acts for in no way is not
      // shown to exist, 404 rather than 403 (offices.service.ts).
      const hidden = OFFICE_FIRST.includes(key) && office === undefined && !isCompanyRole(role);
      expect({ key, role, status: response.statusCode }).toEqual({ key, role, status: hidden ? 404 : 403 });
    }
    expect(await snapshot()).toEqual(before);
  });
});
