/**
 * The route table of SPEC section 2 and the routing rules of section 4.
 *
 * Route paths are patterns: `{name}` stands for one path segment. Management sub-routes are written in full
 * (`/management/bugs/{id}`). A sub-route's roles are the ones the specification puts in parentheses right after
 * it; "(all superadministrator)" covers the four routes before it; a sub-route without its own roles has the
 * roles of /management.
 *
 * showLeftSideMenu: every private page shows the menu except /register-do (a registering user has nothing the
 * menu could open); of the public pages only /user-guide does (it is a menu item itself).
 */
import { type Role } from '../enums';
import { isPattern, literalFirst, pathOnly } from './path-pattern';
import { effectiveRoles, hasAnyRole } from './roles';

export type Route = {
  readonly label: string;
  readonly path: string;
  readonly private: boolean;
  readonly default: boolean;
  /** Roles allowed on a private route; empty on public routes (everyone). */
  readonly roles: readonly Role[];
  readonly showLeftSideMenu: boolean;
};

const PLAN_ROLES = ['superadministrator', 'staffmanager', 'staff', 'admin', 'agent'] as const;
const OFFICE_WORK_ROLES = ['superadministrator', 'staffmanager', 'staff'] as const;
const MANAGER_ROLES = ['staffmanager', 'groupmanager'] as const;
const MANAGEMENT_ROLES = ['agent', 'admin', 'superadministrator'] as const;
const ADMIN_ROLES = ['admin', 'superadministrator'] as const;
const SUPERADMIN_ROLES = ['superadministrator'] as const;

type RouteOptions = { default?: boolean; showLeftSideMenu?: boolean };

function publicRoute(path: string, label: string, options: RouteOptions = {}): Route {
  return {
    label,
    path,
    private: false,
    default: options.default ?? false,
    roles: [],
    showLeftSideMenu: options.showLeftSideMenu ?? false,
  };
}

function privateRoute(
  path: string,
  label: string,
  roles: readonly Role[],
  options: RouteOptions = {},
): Route {
  return {
    label,
    path,
    private: true,
    default: options.default ?? false,
    roles,
    showLeftSideMenu: options.showLeftSideMenu ?? true,
  };
}

function managementRoute(subPath: string, label: string, roles: readonly Role[] = MANAGEMENT_ROLES): Route {
  return privateRoute(`/management${subPath}`, label, roles);
}

export const ROUTES: readonly Route[] = [
  // Public
  publicRoute('/', 'Home', { default: true }),
  publicRoute('/login', 'Login'),
  publicRoute('/logout', 'Logout'),
  publicRoute('/unauthorized', 'Unauthorized'),
  publicRoute('/under-construction', 'Under construction'),
  publicRoute('/handleLogin', 'Signing in'),
  publicRoute('/sessionEnd', 'Session ended'),
  publicRoute('/refreshToken', 'Refreshing session'),
  publicRoute('/user-guide', 'User Guide', { showLeftSideMenu: true }),
  publicRoute('/terms', 'Terms'),

  // Private
  privateRoute('/payment-settings', 'Payment Settings', OFFICE_WORK_ROLES),
  privateRoute('/past-verifications', 'Verifications History', ['staffmanager', 'staff']),
  privateRoute('/plan', 'Plan Search', PLAN_ROLES),
  privateRoute('/plan/{id}', 'Plan', PLAN_ROLES),
  privateRoute('/verification', 'New Verification', PLAN_ROLES, { default: true }),
  privateRoute('/verification/{id}', 'Verification', PLAN_ROLES),
  privateRoute('/verification/{id}/source', 'Verification Source', PLAN_ROLES),
  privateRoute('/reverification', 'Re-verification', OFFICE_WORK_ROLES),
  privateRoute('/reverification/{id}', 'Re-verification', OFFICE_WORK_ROLES),
  privateRoute('/register-do', 'Dental Office Registration', ['superadministrator', 'doregistration'], {
    showLeftSideMenu: false,
  }),
  privateRoute('/customization', 'Form Customization', MANAGER_ROLES),
  privateRoute('/customization/verification', 'Verification Form Customization', MANAGER_ROLES),
  privateRoute('/dental-office-settings', 'Dental Office Settings', MANAGER_ROLES),
  privateRoute('/schedule', 'Appointment Schedule', OFFICE_WORK_ROLES),
  privateRoute('/schedule/{date}', 'Appointment Schedule', OFFICE_WORK_ROLES),
  privateRoute('/payment', 'Payment', ['staff', 'staffmanager', 'groupmanager']),
  privateRoute('/payment/verify', 'Payment Verification', MANAGER_ROLES),
  privateRoute('/payment/setup', 'Payment Setup', MANAGER_ROLES),
  privateRoute('/payment/settings', 'Billing Settings', MANAGER_ROLES),
  privateRoute('/management', 'Management', MANAGEMENT_ROLES),
  privateRoute('/correction', 'Correction', ['goduser']),

  // Management sub-routes
  managementRoute('/agents', 'Agents'),
  managementRoute('/do-groups', 'Dental Office Groups'),
  managementRoute('/portal-credentials', 'Portal Credentials'),
  managementRoute('/do-groups/{id}', 'Dental Office Group'),
  managementRoute('/customization', 'Global Customization', ADMIN_ROLES),
  managementRoute('/form', 'Forms', SUPERADMIN_ROLES),
  managementRoute('/form-templates', 'Form Templates', SUPERADMIN_ROLES),
  managementRoute('/carriers', 'Carriers', SUPERADMIN_ROLES),
  managementRoute('/rules', 'Rules', SUPERADMIN_ROLES),
  managementRoute('/verification', 'Verification'),
  managementRoute('/requesters', 'Requesters'),
  managementRoute('/integrations', 'Integrations', ADMIN_ROLES),
  managementRoute('/verifications', 'Verifications', MANAGEMENT_ROLES),
  managementRoute('/bugs', 'Bug Reports'),
  managementRoute('/bugs/{id}', 'Bug Report'),
  managementRoute('/do-management', 'Dental Office Management'),
  managementRoute('/features', 'Feature Flags', SUPERADMIN_ROLES),
  managementRoute('/stats', 'Statistics', OFFICE_WORK_ROLES),
];

function findDefault(isPrivate: boolean): Route {
  const route = ROUTES.find((candidate) => candidate.default && candidate.private === isPrivate);
  if (!route) throw new Error(`No default ${isPrivate ? 'private' : 'public'} route`);
  return route;
}

/** '/verification': where a signed-in user lands. */
export const DEFAULT_PRIVATE_ROUTE: Route = findDefault(true);
/** '/': where everyone else lands. */
export const DEFAULT_PUBLIC_ROUTE: Route = findDefault(false);

const MATCH_ORDER = literalFirst(ROUTES);

/** The route a browser path (query and fragment allowed) belongs to; undefined for unknown paths. */
export function matchRoute(path: string): Route | undefined {
  const bare = pathOnly(path);
  return MATCH_ORDER.find(({ regex }) => regex.test(bare))?.entry;
}

/** Public routes: always. Private routes: one of the route's roles (any spelling). Unknown paths: never. */
export function canAccess(path: string, roles: readonly string[]): boolean {
  const route = matchRoute(path);
  if (!route) return false;
  return !route.private || hasAnyRole(roles, route.roles);
}

const ID_8_4_4_4_12 = '[A-Za-z0-9]{8}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{12}';
const VERIFICATION_ID_PATH = new RegExp(`^/verification/${ID_8_4_4_4_12}$`);

/**
 * Paths where an authentication failure sends the user to the default page instead of to login:
 * /verification/{id} with an 8-4-4-4-12 id, and /verification with anything under it
 * (not sibling names such as /verifications).
 */
export function isPublicForAuthFailure(path: string): boolean {
  const bare = pathOnly(path);
  return VERIFICATION_ID_PATH.test(bare) || bare === '/verification' || bare.startsWith('/verification/');
}

/**
 * Where a signed-in user with these roles lands: the default private page when they may open it, else the first
 * private page of ROUTES without parameters that they may open, else /unauthorized.
 */
export function homePathFor(roles: readonly string[]): string {
  if (canAccess(DEFAULT_PRIVATE_ROUTE.path, roles)) return DEFAULT_PRIVATE_ROUTE.path;
  const reachable = ROUTES.find((route) => route.private && !isPattern(route.path) && hasAnyRole(roles, route.roles));
  return reachable?.path ?? '/unauthorized';
}

export type RedirectProbe = {
  /** The browser path, query included. */
  path: string;
  loggedIn: boolean;
  roles: readonly string[];
  /** See isInRegistration. */
  inRegistration: boolean;
};

/**
 * Where the router sends the user, or null to stay (SPEC section 4):
 * - public pages: stay;
 * - not signed in: a private page goes to /login?return={path} (path and query, URI-encoded), an unknown one to
 *   the default public page;
 * - in dental-office registration: every private or unknown page goes to /register-do;
 * - signed in: an unknown page goes to the user's home (homePathFor), a private page without one of its roles to
 *   /unauthorized. doregistration counts only during registration.
 */
export function resolveRedirect({ path, loggedIn, roles, inRegistration }: RedirectProbe): string | null {
  const route = matchRoute(path);
  if (route && !route.private) return null;
  if (!loggedIn) return route ? `/login?return=${encodeURIComponent(path)}` : DEFAULT_PUBLIC_ROUTE.path;
  if (inRegistration) return route?.path === '/register-do' ? null : '/register-do';
  const effective = effectiveRoles(roles, false);
  if (!route) return homePathFor(effective);
  return hasAnyRole(effective, route.roles) ? null : '/unauthorized';
}
