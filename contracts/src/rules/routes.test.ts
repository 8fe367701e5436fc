import fc from 'fast-check';
import { ROLES } from '../enums';
import {
  DEFAULT_PRIVATE_ROUTE,
  DEFAULT_PUBLIC_ROUTE,
  PATHS,
  ROUTES,
  canAccess,
  homePathFor,
  isPublicForAuthFailure,
  matchRoute,
  resolveRedirect,
} from './routes';

// Transcribed from SPEC section 2 by hand, independently of ROUTES: a concrete path for every route and the
// roles the specification allows on it. Management sub-routes take the roles in parentheses right after them
// ("(all ...)" covers the group before it); without one they have the roles of /management.
const PLAN = ['superadministrator', 'staffmanager', 'staff', 'admin', 'agent'];
const MANAGEMENT = ['agent', 'admin', 'superadministrator'];

const PUBLIC_PATHS = [
  '/',
  '/login',
  '/login?return=%2Fplan',
  '/logout',
  '/unauthorized',
  '/under-construction',
  '/handleLogin',
  '/sessionEnd',
  '/refreshToken',
  '/user-guide',
  '/terms',
];

const PRIVATE_PATHS: [path: string, roles: string[]][] = [
  ['/payment-settings', ['superadministrator', 'staffmanager', 'staff']],
  ['/past-verifications', ['staffmanager', 'staff']],
  ['/plan', PLAN],
  ['/plan/42', PLAN],
  ['/verification', PLAN],
  ['/verification/0f8fad5b-d9cb-469f-a165-70867728950e', PLAN],
  ['/verification/0f8fad5b-d9cb-469f-a165-70867728950e/source', PLAN],
  ['/reverification', ['superadministrator', 'staffmanager', 'staff']],
  ['/reverification/42', ['superadministrator', 'staffmanager', 'staff']],
  ['/register-do', ['superadministrator', 'doregistration']],
  ['/customization', ['staffmanager', 'groupmanager']],
  ['/customization/verification', ['staffmanager', 'groupmanager']],
  ['/dental-office-settings', ['staffmanager', 'groupmanager']],
  ['/dental-office-settings?tab=1', ['staffmanager', 'groupmanager']],
  ['/schedule', ['superadministrator', 'staffmanager', 'staff']],
  ['/schedule/2024-06-15', ['superadministrator', 'staffmanager', 'staff']],
  ['/payment', ['staff', 'staffmanager', 'groupmanager']],
  ['/payment/verify', ['staffmanager', 'groupmanager']],
  ['/payment/setup', ['staffmanager', 'groupmanager']],
  ['/payment/settings', ['staffmanager', 'groupmanager']],
  ['/management', MANAGEMENT],
  ['/correction', ['goduser']],
  ['/management/agents', MANAGEMENT],
  ['/management/do-groups', MANAGEMENT],
  ['/management/portal-credentials', MANAGEMENT],
  ['/management/do-groups/7', MANAGEMENT],
  ['/management/customization', ['admin', 'superadministrator']],
  ['/management/form', ['superadministrator']],
  ['/management/form-templates', ['superadministrator']],
  ['/management/carriers', ['superadministrator']],
  ['/management/rules', ['superadministrator']],
  ['/management/verification', ['admin', 'superadministrator']],
  ['/management/requesters', ['admin', 'superadministrator']],
  ['/management/integrations', ['admin', 'superadministrator']],
  ['/management/verifications', ['agent', 'admin', 'superadministrator']],
  ['/management/bugs', MANAGEMENT],
  ['/management/bugs/9', MANAGEMENT],
  ['/management/do-management', MANAGEMENT],
  ['/management/features', ['superadministrator']],
  ['/management/stats', ['superadministrator', 'staffmanager', 'staff']],
];

const UNKNOWN_PATHS = ['/nope', '/plans', '/verifications', '/plan/1/2', '/management/unknown', '/management/bugs/1/x', '/Login'];

describe('route access: every route x every role (SPEC section 2)', () => {
  const cases = PRIVATE_PATHS.flatMap(([path, allowed]) => ROLES.map((role) => [path, role, allowed.includes(role)] as const));

  it.each(cases)('%s as %s: %p', (path, role, allowed) => {
    expect(canAccess(path, [role])).toBe(allowed);
  });

  it.each(PUBLIC_PATHS.flatMap((path) => [...ROLES, 'nobody'].map((role) => [path, role] as const)))(
    'public %s is open to %s',
    (path, role) => {
      expect(canAccess(path, [role])).toBe(true);
    },
  );

  it('public routes are open without any role', () => {
    for (const path of PUBLIC_PATHS) expect(canAccess(path, [])).toBe(true);
  });

  it.each(UNKNOWN_PATHS)('unknown path %s is closed to everyone', (path) => {
    for (const role of ROLES) expect(canAccess(path, [role])).toBe(false);
  });

  it('private routes are closed without roles', () => {
    for (const [path] of PRIVATE_PATHS) expect(canAccess(path, [])).toBe(false);
  });

  it('compares role names normalized', () => {
    expect(canAccess('/payment/setup', ['Staff Manager'])).toBe(true);
    expect(canAccess('/management/features', ['Super Administrator'])).toBe(true);
  });

  it('ignores query, fragment and trailing slash', () => {
    expect(canAccess('/plan/42/?x=1#top', ['staff'])).toBe(true);
    expect(canAccess('/management/', ['agent'])).toBe(true);
  });

  it('the table covers every route of ROUTES and nothing more', () => {
    const concrete = (pattern: string): string => pattern.replace(/\{[^}]+\}/g, 'x1');
    const transcribed = new Set(
      [...PUBLIC_PATHS, ...PRIVATE_PATHS.map(([path]) => path)].map((path) => matchRoute(path)?.path),
    );
    expect(transcribed.has(undefined)).toBe(false);
    expect(new Set(ROUTES.map((route) => route.path))).toEqual(transcribed);
    for (const route of ROUTES) expect(matchRoute(concrete(route.path))).toBe(route);
  });

  it('public paths are open to any roles at all', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLIC_PATHS), fc.array(fc.string()), (path, roles) => canAccess(path, roles)),
    );
  });
});

describe('ROUTES', () => {
  it('has one route for each named path of PATHS, and no other', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(Object.values(PATHS).sort());
  });

  it('every route carries label, path, private, default, roles and showLeftSideMenu', () => {
    for (const route of ROUTES) {
      expect(Object.keys(route).sort()).toEqual(['default', 'label', 'path', 'private', 'roles', 'showLeftSideMenu']);
      expect(route.label).not.toBe('');
      expect(route.private ? route.roles.length > 0 : route.roles.length === 0).toBe(true);
    }
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('has / as the default public route and one default private route', () => {
    expect(DEFAULT_PUBLIC_ROUTE.path).toBe('/');
    expect(ROUTES.filter((route) => route.default && !route.private)).toEqual([DEFAULT_PUBLIC_ROUTE]);
    expect(ROUTES.filter((route) => route.default && route.private)).toEqual([DEFAULT_PRIVATE_ROUTE]);
    expect(DEFAULT_PRIVATE_ROUTE.path).toBe('/verification');
  });

  it('shows the left side menu on private pages but /register-do, and on /user-guide', () => {
    const withMenu = ROUTES.filter((route) => route.showLeftSideMenu).map((route) => route.path);
    expect(withMenu).toContain('/user-guide');
    expect(withMenu).not.toContain('/register-do');
    expect(withMenu).not.toContain('/login');
    expect(ROUTES.filter((route) => route.private && !route.showLeftSideMenu).map((route) => route.path)).toEqual([
      '/register-do',
    ]);
  });

  it('matches literal paths before parameters', () => {
    expect(matchRoute('/payment/setup')?.path).toBe('/payment/setup');
    expect(matchRoute('/customization/verification')?.path).toBe('/customization/verification');
    expect(matchRoute('/schedule/2024-01-01')?.path).toBe('/schedule/{date}');
    expect(matchRoute('/verification/abc/source')?.path).toBe('/verification/{id}/source');
    expect(matchRoute('/nope')).toBeUndefined();
  });
});

describe('isPublicForAuthFailure', () => {
  it.each([
    '/verification/0f8fad5b-d9cb-469f-a165-70867728950e',
    '/verification/ABCDEFGH-1234-abcd-ZZZZ-0123456789ab',
    '/verification',
    '/verification/',
    '/verification/123',
    '/verification/0f8fad5b-d9cb-469f-a165-70867728950e/source',
    '/verification/anything/below?x=1',
  ])('%s is public for authentication failures', (path) => {
    expect(isPublicForAuthFailure(path)).toBe(true);
  });

  it.each(['/', '/plan/0f8fad5b-d9cb-469f-a165-70867728950e', '/verifications', '/reverification/1', '/management/verification'])(
    '%s is not',
    (path) => {
      expect(isPublicForAuthFailure(path)).toBe(false);
    },
  );
});

describe('resolveRedirect (SPEC section 4)', () => {
  const signedIn = (roles: string[], path: string, inRegistration = false): string | null =>
    resolveRedirect({ path, loggedIn: true, roles, inRegistration });

  it('public pages stay, signed in or not', () => {
    for (const path of PUBLIC_PATHS) {
      expect(resolveRedirect({ path, loggedIn: false, roles: [], inRegistration: false })).toBeNull();
      expect(signedIn(['staff'], path)).toBeNull();
      expect(signedIn([], path, true)).toBeNull();
    }
  });

  it('not signed in on a private page: login with the return path', () => {
    expect(resolveRedirect({ path: '/plan/42', loggedIn: false, roles: [], inRegistration: false })).toBe(
      '/login?return=%2Fplan%2F42',
    );
    expect(resolveRedirect({ path: '/dental-office-settings?tab=1', loggedIn: false, roles: [], inRegistration: false })).toBe(
      '/login?return=%2Fdental-office-settings%3Ftab%3D1',
    );
  });

  it('not signed in on an unknown page: the default public page', () => {
    expect(resolveRedirect({ path: '/nope', loggedIn: false, roles: [], inRegistration: false })).toBe('/');
  });

  it.each(PRIVATE_PATHS.flatMap(([path, allowed]) => ROLES.filter((role) => role !== 'doregistration').map((role) => [path, role, allowed.includes(role)] as const)))(
    'signed in on %s as %s: allowed %p, else /unauthorized',
    (path, role, allowed) => {
      expect(signedIn([role], path)).toBe(allowed ? null : '/unauthorized');
    },
  );

  it('a user in registration goes to /register-do', () => {
    expect(signedIn([], '/plan', true)).toBe('/register-do');
    expect(signedIn(['doregistration'], '/management', true)).toBe('/register-do');
    expect(signedIn(['groupmanager'], '/nope', true)).toBe('/register-do');
    expect(signedIn([], '/register-do', true)).toBeNull();
    expect(signedIn(['doregistration'], '/register-do', true)).toBeNull();
  });

  it('doregistration outside registration opens nothing', () => {
    expect(signedIn(['doregistration'], '/register-do')).toBe('/unauthorized');
    expect(signedIn(['superadministrator'], '/register-do')).toBeNull();
  });

  it('signed in on an unknown page: the default private page, or the first page the roles open', () => {
    expect(signedIn(['staff'], '/nope')).toBe('/verification');
    expect(signedIn(['agent'], '/nope')).toBe('/verification');
    expect(signedIn(['groupmanager'], '/nope')).toBe('/customization');
    expect(signedIn(['goduser'], '/nope')).toBe('/correction');
    expect(signedIn(['groupmember'], '/nope')).toBe('/unauthorized');
    expect(homePathFor(['Staff Manager'])).toBe('/verification');
  });
});
