import { ROLES } from '../enums';
import { API_ROUTES, apiAccess, matchApiRoute } from './api-routes';
import { PATHS, pageRoles } from './routes';

// Transcribed from SPEC section 7 and the gateway's role rules (office users: staffmanager, staff, groupmanager,
// groupmember; company users: agent, admin, superadministrator, goduser; a registering user pays too).
const OFFICE = ['staffmanager', 'staff', 'groupmanager', 'groupmember'];
const COMPANY = ['agent', 'admin', 'superadministrator', 'goduser'];
const PORTALS = [...OFFICE, ...COMPANY];
const STRIPE = [...OFFICE, 'doregistration'];
const EVERY = [...ROLES] as string[];
const MANAGEMENT_READ = COMPANY;
const MANAGEMENT_WRITE = ['admin', 'superadministrator'];
const OFFICE_READ = [...COMPANY, 'staffmanager', 'groupmanager'];
const OFFICE_SETTINGS = ['admin', 'superadministrator', 'staffmanager', 'groupmanager'];
const FLAGS = ['superadministrator'];
// SPEC section 2: /management/bugs and /management/bugs/{id} have the roles of /management.
const BUG_MANAGERS = ['agent', 'admin', 'superadministrator'];
// SPEC section 2: /verification and /plan pages; /management/verification for the 271 preview.
const VERIFIERS = ['superadministrator', 'staffmanager', 'staff', 'admin', 'agent'];
const X271 = ['admin', 'superadministrator'];

const CALLS: [method: string, path: string, access: 'public' | string[]][] = [
  ['GET', '/api/features', 'public'],
  ['GET', '/api/auth/credentials/auth0', 'public'],
  ['POST', '/api/auth/organization', 'public'],
  ['GET', '/api/portals', PORTALS],
  ['GET', '/api/portals/credentials', PORTALS],
  ['POST', '/api/portals/p1/credentials/', PORTALS],
  ['PUT', '/api/portals/credentials/c1', PORTALS],
  ['POST', '/api/portals/credentials/c1', PORTALS],
  ['DELETE', '/api/portals/credentials/c1', PORTALS],
  ['POST', '/api/portals/credentials/p1/mfa', PORTALS],
  ['GET', '/api/portals/sandbox', PORTALS],
  ['PUT', '/api/bugReports', EVERY],
  ['GET', '/api/management/bugs?solved=false&page=2', BUG_MANAGERS],
  ['GET', '/api/management/bugs/b1', BUG_MANAGERS],
  ['GET', '/api/management/bugs/b1/attachment', BUG_MANAGERS],
  ['PATCH', '/api/management/bugs/b1', BUG_MANAGERS],
  ['GET', '/api/stripe', STRIPE],
  ['GET', '/api/stripe/subscription/valid', STRIPE],
  ['POST', '/api/stripe/register', STRIPE],
  ['GET', '/api/stripe/setupintent', STRIPE],
  ['POST', '/api/stripe/subscription/create', STRIPE],
  ['GET', '/api/stripe/coupon?code=SPRING', STRIPE],
  ['GET', '/api/stripe/list', STRIPE],
  ['POST', '/api/stripe/subscription/freemium', STRIPE],
  ['GET', '/api/dentaloffice/user/all', EVERY],
  ['GET', '/api/dentaloffice/o1', EVERY],
  ['GET', '/api/management/offices?page=2', MANAGEMENT_READ],
  ['POST', '/api/management/offices', MANAGEMENT_WRITE],
  ['GET', '/api/management/offices/o1', OFFICE_READ],
  ['PATCH', '/api/management/offices/o1', MANAGEMENT_WRITE],
  ['PATCH', '/api/management/offices/o1/settings', OFFICE_SETTINGS],
  ['GET', '/api/management/groups', MANAGEMENT_READ],
  ['POST', '/api/management/groups', MANAGEMENT_WRITE],
  ['GET', '/api/management/groups/g1', MANAGEMENT_READ],
  ['PATCH', '/api/management/groups/g1', MANAGEMENT_WRITE],
  ['POST', '/api/management/groups/g1/offices', MANAGEMENT_WRITE],
  ['DELETE', '/api/management/groups/g1/offices/o1', MANAGEMENT_WRITE],
  ['GET', '/api/management/users', MANAGEMENT_READ],
  ['POST', '/api/management/users', MANAGEMENT_WRITE],
  ['GET', '/api/management/users/u1', MANAGEMENT_READ],
  ['PATCH', '/api/management/users/u1', MANAGEMENT_WRITE],
  ['POST', '/api/management/portals', MANAGEMENT_WRITE],
  ['PUT', '/api/management/portals/cigna', MANAGEMENT_WRITE],
  ['DELETE', '/api/management/portals/cigna', MANAGEMENT_WRITE],
  ['GET', '/api/management/features', FLAGS],
  ['PUT', '/api/management/features/MAINTANANCE_LOCK', FLAGS],
  ['GET', '/api/carriers', EVERY],
  ['POST', '/api/verifications', VERIFIERS],
  ['GET', '/api/verifications?patientName=lopez&page=2', VERIFIERS],
  ['GET', '/api/verifications/v1', VERIFIERS],
  ['GET', '/api/verifications/sandbox/patients', VERIFIERS],
  ['PATCH', '/api/verifications/v1', VERIFIERS],
  ['POST', '/api/verifications/v1/submit', VERIFIERS],
  ['POST', '/api/verifications/v1/jobs/j1/retry', VERIFIERS],
  ['GET', '/api/verifications/v1/sources', VERIFIERS],
  ['GET', '/api/verifications/v1/pdf?type=Plan', VERIFIERS],
  ['GET', '/api/plans?groupNumber=01234', VERIFIERS],
  ['GET', '/api/plans/p1', VERIFIERS],
  ['POST', '/api/management/x271/preview', X271],
];

describe('API access (SPEC section 7)', () => {
  it.each(CALLS.flatMap(([method, path, access]) => ROLES.map((role) => [method, path, role, access] as const)))(
    '%s %s as %s',
    (method, path, role, access) => {
      const expected = access === 'public' ? 'public' : access.includes(role) ? 'allowed' : 'forbidden';
      expect(apiAccess(method, path, [role])).toBe(expected);
    },
  );

  it('public calls need no roles', () => {
    for (const [method, path, access] of CALLS) {
      if (access === 'public') expect(apiAccess(method, path, [])).toBe('public');
    }
  });

  it('any signed-in user reads dental office settings, even without roles', () => {
    expect(apiAccess('GET', '/api/dentaloffice/user/all', [])).toBe('allowed');
    expect(apiAccess('GET', '/api/portals', [])).toBe('forbidden');
  });

  it('the table covers every call of API_ROUTES and nothing more', () => {
    const matched = new Set(CALLS.map(([method, path]) => matchApiRoute(method, path)));
    expect(matched.has(undefined)).toBe(false);
    expect(matched.size).toBe(API_ROUTES.length);
  });

  it('management calls the table does not have', () => {
    expect(apiAccess('DELETE', '/api/management/offices/o1', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('PUT', '/api/management/offices/o1', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('GET', '/api/management/offices/o1/secrets', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('POST', '/api/management/features', ['superadministrator'])).toBe('unknown');
  });

  it('office managers reach their office through management with the office roles of the header', () => {
    // Roles keyed by office reach the table as the named office's roles (the gateway resolves them).
    expect(apiAccess('PATCH', '/api/management/offices/o1/settings', ['staffmanager'])).toBe('allowed');
    expect(apiAccess('PATCH', '/api/management/offices/o1/settings', ['staff'])).toBe('forbidden');
    expect(apiAccess('GET', '/api/management/offices', ['staffmanager'])).toBe('forbidden');
  });

  it('verification calls the table does not have', () => {
    expect(apiAccess('DELETE', '/api/verifications/v1', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('PUT', '/api/verifications/v1', ['staff'])).toBe('unknown');
    expect(apiAccess('GET', '/api/verifications/v1/submit', ['staff'])).toBe('unknown');
    expect(apiAccess('POST', '/api/plans', ['staff'])).toBe('unknown');
    expect(apiAccess('GET', '/api/management/x271/preview', ['admin'])).toBe('unknown');
    expect(apiAccess('POST', '/api/carriers', ['superadministrator'])).toBe('unknown');
    expect(matchApiRoute('GET', '/api/verifications/sandbox/patients')?.path).toBe('/api/verifications/sandbox/patients');
  });

  it('office users may not use the 271 support tool; group users do not verify', () => {
    expect(apiAccess('POST', '/api/management/x271/preview', ['staffmanager'])).toBe('forbidden');
    expect(apiAccess('POST', '/api/management/x271/preview', ['agent'])).toBe('forbidden');
    expect(apiAccess('POST', '/api/verifications', ['groupmanager'])).toBe('forbidden');
    expect(apiAccess('GET', '/api/carriers', [])).toBe('allowed');
  });

  it('unknown calls', () => {
    expect(apiAccess('GET', '/api/nope', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('PATCH', '/api/portals', ['staff'])).toBe('unknown');
    expect(apiAccess('GET', '/api/bugReports', ['staff'])).toBe('unknown');
    expect(apiAccess('DELETE', '/api/management/bugs/b1', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('PUT', '/api/management/bugs/b1', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('GET', '/api/management/bugs/b1/attachment/raw', ['superadministrator'])).toBe('unknown');
    expect(apiAccess('DELETE', '/api/portals/credentials', ['staff'])).toBe('unknown');
  });

  it('reads methods in any case and HEAD like GET', () => {
    expect(apiAccess('get', '/api/features', [])).toBe('public');
    expect(apiAccess('HEAD', '/api/portals', ['staff'])).toBe('allowed');
    expect(apiAccess('HEAD', '/api/portals', ['doregistration'])).toBe('forbidden');
  });

  it('compares role names normalized', () => {
    expect(apiAccess('GET', '/api/stripe', ['Staff Manager'])).toBe('allowed');
  });

  it('reads the portals catalogue through /api/portals; writes it through management only', () => {
    expect(matchApiRoute('GET', '/api/portals/sandbox')?.path).toBe('/api/portals/sandbox');
    expect(apiAccess('GET', '/api/management/portals', ['admin'])).toBe('unknown');
    expect(apiAccess('POST', '/api/portals', ['admin'])).toBe('unknown');
    expect(apiAccess('PUT', '/api/management/portals/cigna', ['agent'])).toBe('forbidden');
  });

  it('matches /api/portals/credentials literally before /api/portals/{portalId}/credentials', () => {
    expect(matchApiRoute('GET', '/api/portals/credentials')?.path).toBe('/api/portals/credentials');
    expect(matchApiRoute('POST', '/api/portals/credentials/c1')?.path).toBe('/api/portals/credentials/{id}');
    expect(matchApiRoute('POST', '/api/portals/p1/credentials')?.path).toBe('/api/portals/{portalId}/credentials');
  });
});

describe('API roles follow the pages they serve', () => {
  const sorted = (roles: readonly string[]) => [...roles].sort();
  const rolesOf = (method: string, path: string) => {
    const access = matchApiRoute(method, path)?.access;
    if (!Array.isArray(access)) throw new Error(`${method} ${path} has no role list`);
    return sorted(access as readonly string[]);
  };

  it.each([
    ['GET', '/api/management/bugs', PATHS.managementBugs],
    ['PATCH', '/api/management/bugs/b1', PATHS.managementBug],
    ['GET', '/api/management/features', PATHS.managementFeatures],
    ['PUT', '/api/management/features/MAINTANANCE_LOCK', PATHS.managementFeatures],
    ['POST', '/api/verifications', PATHS.verification],
    ['GET', '/api/verifications/v1', PATHS.verificationDetail],
    ['GET', '/api/plans', PATHS.plan],
  ])('%s %s: the roles of %s', (method, path, page) => {
    expect(rolesOf(method, path)).toEqual(sorted(pageRoles(page)));
  });

  it('keeps the 271 preview tool to admins and super administrators', () => {
    expect(rolesOf('POST', '/api/management/x271/preview')).toEqual(['admin', 'superadministrator']);
  });
});
