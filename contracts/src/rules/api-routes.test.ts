import fc from 'fast-check';
import { ROLES } from '../enums';
import {
  API_ROUTES,
  BUG_MANAGER_ROLES,
  CARRIER_ADMIN_ROLES,
  INTEGRATION_STATUS_ROLES,
  FEATURE_FLAG_ROLES,
  FORM_ADMIN_ROLES,
  GLOBAL_CUSTOMIZATION_ROLES,
  OFFICE_CUSTOMIZATION_ROLES,
  MANAGEMENT_READ_ROLES,
  MANAGEMENT_WRITE_ROLES,
  OFFICE_READ_ROLES,
  OFFICE_SETTINGS_WRITE_ROLES,
  OUTSOURCE_QUEUE_ROLES,
  OUTSOURCE_REQUEST_ROLES,
  OUTSOURCE_REQUESTERS_ROLES,
  REVERIFICATION_ROLES,
  SCHEDULE_ROLES,
  SCHEDULE_SETTINGS_ROLES,
  SCHEDULE_SETTINGS_READ_ROLES,
  OFFICE_DETAILS_ROLES,
  OFFICE_REGISTRATION_ROLES,
  TICKET_CORRECTION_ROLES,
  PORTAL_USERS,
  USER_PRIVILEGE_ROLES,
  VERIFICATION_ROLES,
  STATS_ROLES,
  X271_PREVIEW_ROLES,
  apiAccess,
  matchApiRoute,
  type ApiRoute,
} from './api-routes';
import { CREDENTIAL_EDIT_ROLES, CREDENTIAL_USE_ROLES } from './credentials';
import { literalFirst, pathOnly } from './path-pattern';
import { PATHS, pageRoles } from './routes';

// Transcribed by hand from SPEC sections 2, 6 and 7, independently of API_ROUTES: each call has the roles of the
// pages that make it (office users: staffmanager, staff, groupmanager, groupmember; company users: agent, admin,
// superadministrator, goduser).
const OFFICE = ['staffmanager', 'staff', 'groupmanager', 'groupmember'];
const COMPANY = ['agent', 'admin', 'superadministrator', 'goduser'];
const PORTALS = [...OFFICE, ...COMPANY];
// /dental-office-settings (staffmanager, groupmanager) and /management/portal-credentials (the /management roles).
const CREDENTIAL_EDITORS = ['staffmanager', 'groupmanager', 'agent', 'admin', 'superadministrator'];
// /payment: staff, staffmanager, groupmanager; the payment gate's office users (staff, staffmanager) are among them.
const PAYMENT_PAGE = ['staff', 'staffmanager', 'groupmanager'];
// /payment/setup and /payment/verify: staffmanager, groupmanager.
const PAYMENT_SETUP = ['staffmanager', 'groupmanager'];
const EVERY = [...ROLES] as string[];
// /management and the sub-routes that inherit its roles; not the goduser (its page is /correction).
const MANAGEMENT_READ = ['agent', 'admin', 'superadministrator'];
const MANAGEMENT_WRITE = ['admin', 'superadministrator'];
const OFFICE_READ = [...MANAGEMENT_READ, 'staffmanager', 'groupmanager'];
const OFFICE_SETTINGS = ['admin', 'superadministrator', 'staffmanager', 'groupmanager'];
const FLAGS = ['superadministrator'];
// SPEC section 2: /management/bugs and /management/bugs/{id} have the roles of /management.
const BUG_MANAGERS = ['agent', 'admin', 'superadministrator'];
// SPEC section 2: /verification and /plan pages; /management/verification for the 271 preview.
const VERIFIERS = ['superadministrator', 'staffmanager', 'staff', 'admin', 'agent'];
const REVERIFIERS = ['superadministrator', 'staffmanager', 'staff'];
const SCHEDULERS = ['superadministrator', 'staffmanager', 'staff'];
const X271 = ['admin', 'superadministrator'];

const CALLS: [method: string, path: string, access: 'public' | string[]][] = [
  ['GET', '/api/features', 'public'],
  ['GET', '/api/auth/credentials/auth0', 'public'],
  ['POST', '/api/auth/organization', 'public'],
  ['GET', '/api/portals', PORTALS],
  ['GET', '/api/portals/credentials', PORTALS],
  ['POST', '/api/portals/p1/credentials/', CREDENTIAL_EDITORS],
  ['PUT', '/api/portals/credentials/c1', CREDENTIAL_EDITORS],
  ['POST', '/api/portals/credentials/c1', PORTALS],
  ['DELETE', '/api/portals/credentials/c1', CREDENTIAL_EDITORS],
  ['POST', '/api/portals/credentials/p1/mfa', PORTALS],
  ['GET', '/api/portals/sandbox', PORTALS],
  ['PUT', '/api/bugReports', EVERY],
  ['GET', '/api/management/bugs?solved=false&page=2', BUG_MANAGERS],
  ['GET', '/api/management/bugs/b1', BUG_MANAGERS],
  ['GET', '/api/management/bugs/b1/attachment', BUG_MANAGERS],
  ['PATCH', '/api/management/bugs/b1', BUG_MANAGERS],
  ['GET', '/api/stripe', PAYMENT_PAGE],
  ['GET', '/api/stripe/subscription/valid', PAYMENT_PAGE],
  ['POST', '/api/stripe/register', PAYMENT_SETUP],
  ['GET', '/api/stripe/setupintent', PAYMENT_SETUP],
  ['POST', '/api/stripe/subscription/create', PAYMENT_SETUP],
  ['GET', '/api/stripe/coupon?code=SPRING', PAYMENT_PAGE],
  ['GET', '/api/stripe/list', [...new Set([...PAYMENT_PAGE, 'superadministrator', 'staffmanager', 'staff', 'groupmanager'])]],
  ['POST', '/api/stripe/subscription/freemium', PAYMENT_PAGE],
  // Issue 17: the subscription's settings, read on both settings pages, changed by managers; the provider's webhook.
  ['GET', '/api/stripe/settings', ['superadministrator', 'staffmanager', 'staff', 'groupmanager']],
  ['POST', '/api/stripe/subscription/change', ['superadministrator', 'staffmanager', 'groupmanager']],
  ['POST', '/api/stripe/subscription/cancel', ['superadministrator', 'staffmanager', 'groupmanager']],
  ['POST', '/api/stripe/webhook', 'public'],
  ['GET', '/api/dentaloffice/user/all', EVERY],
  ['GET', '/api/dentaloffice/o1', EVERY],
  ['GET', '/api/management/offices?page=2', MANAGEMENT_READ],
  ['POST', '/api/management/offices', MANAGEMENT_WRITE],
  ['GET', '/api/management/offices/o1', OFFICE_READ],
  ['PATCH', '/api/management/offices/o1', MANAGEMENT_WRITE],
  ['PATCH', '/api/management/offices/o1/settings', OFFICE_SETTINGS],
  // Issue 18: an office's own details on /dental-office-settings; registering a practice on /register-do.
  ['GET', '/api/management/offices/o1/details', ['staffmanager', 'groupmanager']],
  ['PATCH', '/api/management/offices/o1/details', ['staffmanager', 'groupmanager']],
  ['POST', '/api/registration/office', ['superadministrator', 'doregistration']],
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
  // Issue 18: an office's users and their roles there.
  ['GET', '/api/management/offices/o1/users?page=2', MANAGEMENT_READ],
  ['PUT', '/api/management/offices/o1/users/u1', MANAGEMENT_WRITE],
  ['DELETE', '/api/management/offices/o1/users/u1', MANAGEMENT_WRITE],
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
  ['GET', '/api/verifications/v1/recommendations', VERIFIERS],
  ['GET', '/api/plans?groupNumber=01234', VERIFIERS],
  ['GET', '/api/plans/p1', VERIFIERS],
  ['GET', '/api/plans/p1/pdf?paper=a4', VERIFIERS],
  ['POST', '/api/management/x271/preview', X271],
  // Outsourcing (issue 15): the office's staff ask; /management/verifications works the queue; requesters are admins'.
  ['POST', '/api/verifications/v1/outsource', ['staff', 'staffmanager']],
  ['GET', '/api/management/verifications?status=Open&page=2', MANAGEMENT_READ],
  ['GET', '/api/management/verifications/v1', MANAGEMENT_READ],
  ['POST', '/api/management/verifications/v1/claim', MANAGEMENT_READ],
  ['POST', '/api/management/verifications/v1/status', MANAGEMENT_READ],
  ['PATCH', '/api/management/verifications/v1/call', MANAGEMENT_READ],
  ['PATCH', '/api/management/verifications/v1/fields', MANAGEMENT_READ],
  ['GET', '/api/management/requesters', MANAGEMENT_WRITE],
  // Re-verification (issue 15): the roles of /reverification (SPEC section 2).
  ['GET', '/api/reverifications?q=smith&page=2', REVERIFIERS],
  ['POST', '/api/reverifications', REVERIFIERS],
  ['GET', '/api/reverifications/r1', REVERIFIERS],
  ['GET', '/api/reverifications/r1/pdf?paper=a4', REVERIFIERS],
  // Data correction (issue 18): /correction is the goduser's alone.
  ['GET', '/api/correction/tickets/t1', ['goduser']],
  ['PUT', '/api/correction/tickets/t1', ['goduser']],
  // Verification forms (issue 18): templates and rules on the superadministrator's pages, customizations on the
  // managers' (/customization) and the company administrators' (/management/customization), the form on the ticket.
  ['GET', '/api/management/form-templates?page=2', ['superadministrator']],
  ['POST', '/api/management/form-templates', ['superadministrator']],
  ['GET', '/api/management/form-templates/t1', ['superadministrator']],
  ['PUT', '/api/management/form-templates/t1', ['superadministrator']],
  ['DELETE', '/api/management/form-templates/t1', ['superadministrator']],
  ['GET', '/api/management/form-rules?payerKey=GEHA', ['superadministrator']],
  ['POST', '/api/management/form-rules', ['superadministrator']],
  ['PUT', '/api/management/form-rules/r1', ['superadministrator']],
  ['DELETE', '/api/management/form-rules/r1', ['superadministrator']],
  ['GET', '/api/customization/verification', ['staffmanager', 'groupmanager']],
  ['PUT', '/api/customization/verification', ['staffmanager', 'groupmanager']],
  ['GET', '/api/management/customization/verification', ['admin', 'superadministrator']],
  ['PUT', '/api/management/customization/verification', ['admin', 'superadministrator']],
  ['GET', '/api/verifications/v1/form', VERIFIERS],
  ['PUT', '/api/verifications/v1/form', VERIFIERS],
  // Statistics (issue 18): the roles of /management/stats (SPEC section 2).
  ['GET', '/api/management/stats?from=2026-01-01&to=2026-01-07', ['superadministrator', 'staffmanager', 'staff']],
  // The carrier catalogue (issue 18): the roles of /management/carriers (SPEC section 2).
  ['GET', '/api/management/carriers?status=inactive&page=2', ['superadministrator']],
  ['POST', '/api/management/carriers', ['superadministrator']],
  ['GET', '/api/management/carriers/CX014', ['superadministrator']],
  ['PATCH', '/api/management/carriers/77777', ['superadministrator']],
  // The appointment schedule (issue 16): the roles of /schedule; settings and fees are changed by managers.
  ['GET', '/api/schedule/2026-12-01', SCHEDULERS],
  ['POST', '/api/schedule/2026-12-01/batch', SCHEDULERS],
  ['GET', '/api/schedule/appointments/a1', SCHEDULERS],
  ['POST', '/api/schedule/appointments/a1/verify', SCHEDULERS],
  ['POST', '/api/schedule/appointments/a1/write-back', SCHEDULERS],
  // Also read on /dental-office-settings (issue 18), where a group manager reads them too.
  ['GET', '/api/schedule/settings', [...SCHEDULERS, 'groupmanager']],
  ['PUT', '/api/schedule/settings', ['superadministrator', 'staffmanager']],
  ['GET', '/api/schedule/fees', [...SCHEDULERS, 'groupmanager']],
  ['PUT', '/api/schedule/fees', ['superadministrator', 'staffmanager']],
  ['POST', '/api/schedule/sandbox/reset', SCHEDULERS],
  // Issue 18: the offices' integration status, on /management/integrations (admin, superadministrator).
  ['GET', '/api/management/integrations/status?officeIds=o1,o2', MANAGEMENT_WRITE],
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

describe('API roles follow the pages they serve (issue 13: billing and management calls were wider)', () => {
  const sorted = (roles: readonly string[]) => [...roles].sort();
  const union = (pages: readonly string[]) => sorted([...new Set(pages.flatMap((page) => pageRoles(page)))]);
  const name = (route: ApiRoute) => `${route.method} ${route.path}`;
  const roleList = (route: ApiRoute): readonly string[] => {
    if (!Array.isArray(route.access)) throw new Error(`${name(route)} has no role list`);
    return route.access as readonly string[];
  };
  const PAGE_ROUTES = API_ROUTES.filter((route) => route.pages !== undefined);

  it.each(PAGE_ROUTES.map((route) => [name(route), route] as const))(
    '%s: no role beyond its pages, and a read has every role of them',
    (_name, route) => {
      const pages = route.pages ?? [];
      expect(pages.length).toBeGreaterThan(0);
      const allowed = union(pages);
      const roles = sorted(roleList(route));
      expect(roles.filter((role) => !allowed.includes(role))).toEqual([]);
      if (route.method === 'GET') expect(roles).toEqual(allowed);
    },
  );

  it('only calls of every page (notification and bug report popovers) have roles and no pages', () => {
    const pageless = API_ROUTES.filter((route) => Array.isArray(route.access) && route.pages === undefined).map(name);
    expect(pageless.sort()).toEqual(
      [
        'GET /api/portals',
        'GET /api/portals/credentials',
        'GET /api/portals/sandbox',
        'POST /api/portals/credentials/{id}',
        'POST /api/portals/credentials/{portalId}/mfa',
        'PUT /api/bugReports',
      ].sort(),
    );
  });

  it('refuses every role its pages do not have, on generated paths of every page-bound route', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);
    fc.assert(
      fc.property(fc.constantFrom(...PAGE_ROUTES), fc.constantFrom(...ROLES), fc.array(segment, { minLength: 4, maxLength: 4 }), (route, role, ids) => {
        let index = 0;
        const path = route.path.replace(/\{[^}]+\}/g, () => ids[index++] ?? 'x');
        const pageHasRole = union(route.pages ?? []).includes(role);
        const access = apiAccess(route.method, path, [role]);
        if (!pageHasRole) expect([name(route), path, role, access]).toEqual([name(route), path, role, 'forbidden']);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['GET', '/api/management/bugs', PATHS.managementBugs],
    ['PATCH', '/api/management/bugs/b1', PATHS.managementBug],
    ['GET', '/api/management/features', PATHS.managementFeatures],
    ['PUT', '/api/management/features/MAINTANANCE_LOCK', PATHS.managementFeatures],
    ['POST', '/api/verifications', PATHS.verification],
    ['GET', '/api/verifications/v1', PATHS.verificationDetail],
    ['GET', '/api/plans', PATHS.plan],
    ['GET', '/api/reverifications', PATHS.reverification],
    ['GET', '/api/reverifications/r1', PATHS.reverificationDetail],
    ['GET', '/api/stripe/setupintent', PATHS.paymentSetup],
    ['POST', '/api/stripe/subscription/create', PATHS.paymentVerify],
    ['GET', '/api/management/groups/g1', PATHS.managementDoGroup],
  ])('%s %s: the roles of %s', (method, path, page) => {
    const route = matchApiRoute(method, path);
    if (!route) throw new Error(`${method} ${path} is not in the table`);
    expect(sorted(roleList(route))).toEqual(sorted(pageRoles(page)));
  });

  it('keeps the 271 preview tool to admins and super administrators', () => {
    expect(sorted(roleList(matchApiRoute('POST', '/api/management/x271/preview') as ApiRoute))).toEqual(['admin', 'superadministrator']);
  });
});

describe("the services' role lists are the table's", () => {
  // Each service checks these lists itself; they must be exactly what the gateway applies to the same calls.
  const CHECKS: [list: string, roles: readonly string[], calls: [method: string, path: string][]][] = [
    ['MANAGEMENT_READ_ROLES', MANAGEMENT_READ_ROLES, [['GET', '/api/management/offices'], ['GET', '/api/management/groups'], ['GET', '/api/management/groups/g1'], ['GET', '/api/management/users'], ['GET', '/api/management/users/u1'], ['GET', '/api/management/offices/o1/users']]],
    ['MANAGEMENT_WRITE_ROLES', MANAGEMENT_WRITE_ROLES, [['POST', '/api/management/offices'], ['PATCH', '/api/management/offices/o1'], ['POST', '/api/management/groups'], ['PATCH', '/api/management/groups/g1'], ['POST', '/api/management/groups/g1/offices'], ['DELETE', '/api/management/groups/g1/offices/o1'], ['POST', '/api/management/users'], ['PATCH', '/api/management/users/u1'], ['PUT', '/api/management/offices/o1/users/u1'], ['DELETE', '/api/management/offices/o1/users/u1'], ['POST', '/api/management/portals'], ['PUT', '/api/management/portals/p1'], ['DELETE', '/api/management/portals/p1']]],
    ['OFFICE_READ_ROLES', OFFICE_READ_ROLES, [['GET', '/api/management/offices/o1']]],
    ['OFFICE_SETTINGS_WRITE_ROLES', OFFICE_SETTINGS_WRITE_ROLES, [['PATCH', '/api/management/offices/o1/settings']]],
    ['FEATURE_FLAG_ROLES', FEATURE_FLAG_ROLES, [['GET', '/api/management/features'], ['PUT', '/api/management/features/F']]],
    ['BUG_MANAGER_ROLES', BUG_MANAGER_ROLES, [['GET', '/api/management/bugs'], ['GET', '/api/management/bugs/b1'], ['GET', '/api/management/bugs/b1/attachment'], ['PATCH', '/api/management/bugs/b1']]],
    ['VERIFICATION_ROLES', VERIFICATION_ROLES, [['POST', '/api/verifications'], ['GET', '/api/verifications'], ['GET', '/api/verifications/sandbox/patients'], ['GET', '/api/verifications/v1'], ['PATCH', '/api/verifications/v1'], ['POST', '/api/verifications/v1/submit'], ['POST', '/api/verifications/v1/jobs/j1/retry'], ['GET', '/api/verifications/v1/sources'], ['GET', '/api/verifications/v1/pdf'], ['GET', '/api/plans'], ['GET', '/api/plans/p1']]],
    ['X271_PREVIEW_ROLES', X271_PREVIEW_ROLES, [['POST', '/api/management/x271/preview']]],
    ['OUTSOURCE_REQUEST_ROLES', OUTSOURCE_REQUEST_ROLES, [['POST', '/api/verifications/v1/outsource']]],
    ['OUTSOURCE_QUEUE_ROLES', OUTSOURCE_QUEUE_ROLES, [['GET', '/api/management/verifications'], ['GET', '/api/management/verifications/v1'], ['POST', '/api/management/verifications/v1/claim'], ['POST', '/api/management/verifications/v1/status'], ['PATCH', '/api/management/verifications/v1/call'], ['PATCH', '/api/management/verifications/v1/fields']]],
    ['OUTSOURCE_REQUESTERS_ROLES', OUTSOURCE_REQUESTERS_ROLES, [['GET', '/api/management/requesters']]],
    ['SCHEDULE_ROLES', SCHEDULE_ROLES, [['GET', '/api/schedule/2026-12-01'], ['POST', '/api/schedule/2026-12-01/batch'], ['GET', '/api/schedule/appointments/a1']]],
    ['SCHEDULE_SETTINGS_READ_ROLES', SCHEDULE_SETTINGS_READ_ROLES, [['GET', '/api/schedule/settings'], ['GET', '/api/schedule/fees']]],
    ['OFFICE_DETAILS_ROLES', OFFICE_DETAILS_ROLES, [['GET', '/api/management/offices/o1/details'], ['PATCH', '/api/management/offices/o1/details']]],
    ['OFFICE_REGISTRATION_ROLES', OFFICE_REGISTRATION_ROLES, [['POST', '/api/registration/office']]],
    ['TICKET_CORRECTION_ROLES', TICKET_CORRECTION_ROLES, [['GET', '/api/correction/tickets/t1'], ['PUT', '/api/correction/tickets/t1']]],
    ['SCHEDULE_SETTINGS_ROLES', SCHEDULE_SETTINGS_ROLES, [['PUT', '/api/schedule/settings'], ['PUT', '/api/schedule/fees']]],
    ['REVERIFICATION_ROLES', REVERIFICATION_ROLES, [['GET', '/api/reverifications'], ['POST', '/api/reverifications'], ['GET', '/api/reverifications/r1'], ['GET', '/api/reverifications/r1/pdf']]],
    ['FORM_ADMIN_ROLES', FORM_ADMIN_ROLES, [['GET', '/api/management/form-templates'], ['POST', '/api/management/form-templates'], ['GET', '/api/management/form-templates/t1'], ['PUT', '/api/management/form-templates/t1'], ['DELETE', '/api/management/form-templates/t1'], ['GET', '/api/management/form-rules'], ['POST', '/api/management/form-rules'], ['PUT', '/api/management/form-rules/r1'], ['DELETE', '/api/management/form-rules/r1']]],
    ['OFFICE_CUSTOMIZATION_ROLES', OFFICE_CUSTOMIZATION_ROLES, [['GET', '/api/customization/verification'], ['PUT', '/api/customization/verification']]],
    ['GLOBAL_CUSTOMIZATION_ROLES', GLOBAL_CUSTOMIZATION_ROLES, [['GET', '/api/management/customization/verification'], ['PUT', '/api/management/customization/verification']]],
    ['STATS_ROLES', STATS_ROLES, [['GET', '/api/management/stats']]],
    ['CARRIER_ADMIN_ROLES', CARRIER_ADMIN_ROLES, [['GET', '/api/management/carriers'], ['POST', '/api/management/carriers'], ['GET', '/api/management/carriers/CX014'], ['PATCH', '/api/management/carriers/CX014']]],
    ['INTEGRATION_STATUS_ROLES', INTEGRATION_STATUS_ROLES, [['GET', '/api/management/integrations/status']]],
    ['PORTAL_USERS', PORTAL_USERS, [['GET', '/api/portals'], ['GET', '/api/portals/sandbox']]],
    ['CREDENTIAL_USE_ROLES', CREDENTIAL_USE_ROLES, [['GET', '/api/portals/credentials'], ['POST', '/api/portals/credentials/c1'], ['POST', '/api/portals/credentials/p1/mfa']]],
    ['CREDENTIAL_EDIT_ROLES', CREDENTIAL_EDIT_ROLES, [['POST', '/api/portals/p1/credentials'], ['PUT', '/api/portals/credentials/c1'], ['DELETE', '/api/portals/credentials/c1']]],
  ];

  it.each(CHECKS)('%s', (_list, roles, calls) => {
    for (const [method, path] of calls) {
      expect([method, path, [...(matchApiRoute(method, path)?.access ?? [])].sort()]).toEqual([method, path, [...roles].sort()]);
    }
  });

  it('management lists: agent, admin and superadministrator; a goduser reads none (its page is /correction)', () => {
    expect([...MANAGEMENT_READ_ROLES].sort()).toEqual(['admin', 'agent', 'superadministrator']);
    for (const path of ['/api/management/offices', '/api/management/users', '/api/management/groups', '/api/management/offices/o1']) {
      expect([path, apiAccess('GET', path, ['goduser'])]).toEqual([path, 'forbidden']);
    }
  });

  it('privilege flags are held by the roles of the page each opens', () => {
    expect(USER_PRIVILEGE_ROLES).toEqual({
      editGlobalCustomization: pageRoles(PATHS.managementCustomization),
      editGlobalCarriers: ['superadministrator'],
    });
    expect([...USER_PRIVILEGE_ROLES.editGlobalCustomization].sort()).toEqual(['admin', 'superadministrator']);
  });
});

describe('matchApiRoute', () => {
  // The table read in order, literal paths first: what matchApiRoute's index must answer the same as.
  const inOrder = literalFirst(API_ROUTES);
  const scan = (method: string, path: string) => {
    const upper = method.toUpperCase();
    const wanted = upper === 'HEAD' ? 'GET' : upper;
    return inOrder.find(({ entry, regex }) => entry.method === wanted && regex.test(pathOnly(path)))?.entry;
  };
  const segment = fc.oneof(fc.constantFrom('api', 'portals', 'credentials', 'management', 'offices', 'Api', '{id}', 'x'), fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/));
  const fromRoute = fc.constantFrom(...API_ROUTES).chain((route) =>
    fc.tuple(fc.constant(route.path), fc.array(segment, { maxLength: 2 })).map(([pattern, extra]) =>
      [...pattern.split('/').map((part) => (part.startsWith('{') ? 'v-1' : part)), ...extra].join('/'),
    ),
  );
  const anyPath = fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
  const suffix = fc.constantFrom('', '/', '?q=1', '/?a=b#c');

  it('finds the entry a scan of the whole table in order finds, for any method and path (generated cases)', () => {
    fc.assert(
      fc.property(fc.constantFrom('GET', 'get', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), fc.oneof(fromRoute, anyPath), suffix, (method, path, end) => {
        expect(matchApiRoute(method, `${path}${end}`)).toBe(scan(method, `${path}${end}`));
      }),
      { numRuns: 3_000 },
    );
  });
});
