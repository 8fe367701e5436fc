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
import { ROLES, type Role } from '../enums';
import { isPattern, literalFirst, pathOnly } from './path-pattern';
import { effectiveRoles, hasAnyRole } from './roles';

/** Every route's path (SPEC section 2), by name; `{name}` stands for one path segment. */
export const PATHS = {
  home: '/',
  login: '/login',
  logout: '/logout',
  unauthorized: '/unauthorized',
  underConstruction: '/under-construction',
  handleLogin: '/handleLogin',
  sessionEnd: '/sessionEnd',
  refreshToken: '/refreshToken',
  userGuide: '/user-guide',
  terms: '/terms',
  paymentSettings: '/payment-settings',
  pastVerifications: '/past-verifications',
  plan: '/plan',
  planDetail: '/plan/{id}',
  verification: '/verification',
  verificationDetail: '/verification/{id}',
  verificationSource: '/verification/{id}/source',
  reverification: '/reverification',
  reverificationDetail: '/reverification/{id}',
  registerDo: '/register-do',
  customization: '/customization',
  customizationVerification: '/customization/verification',
  dentalOfficeSettings: '/dental-office-settings',
  schedule: '/schedule',
  scheduleDay: '/schedule/{date}',
  payment: '/payment',
  paymentVerify: '/payment/verify',
  paymentSetup: '/payment/setup',
  paymentBillingSettings: '/payment/settings',
  management: '/management',
  correction: '/correction',
  managementAgents: '/management/agents',
  managementDoGroups: '/management/do-groups',
  managementPortalCredentials: '/management/portal-credentials',
  managementDoGroup: '/management/do-groups/{id}',
  managementCustomization: '/management/customization',
  managementForm: '/management/form',
  managementFormTemplates: '/management/form-templates',
  managementCarriers: '/management/carriers',
  managementRules: '/management/rules',
  managementVerification: '/management/verification',
  managementRequesters: '/management/requesters',
  managementIntegrations: '/management/integrations',
  managementVerifications: '/management/verifications',
  managementBugs: '/management/bugs',
  managementBug: '/management/bugs/{id}',
  managementDoManagement: '/management/do-management',
  managementFeatures: '/management/features',
  managementStats: '/management/stats',
} as const;

/** The query value of /dental-office-settings?tab= that opens the portal credentials tab. */
export const PORTAL_CREDENTIALS_TAB = '1';

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

function managementRoute(path: string, label: string, roles: readonly Role[] = MANAGEMENT_ROLES): Route {
  return privateRoute(path, label, roles);
}

export const ROUTES: readonly Route[] = [
  // Public
  publicRoute(PATHS.home, 'Home', { default: true }),
  publicRoute(PATHS.login, 'Login'),
  publicRoute(PATHS.logout, 'Logout'),
  publicRoute(PATHS.unauthorized, 'Unauthorized'),
  publicRoute(PATHS.underConstruction, 'Under construction'),
  publicRoute(PATHS.handleLogin, 'Signing in'),
  publicRoute(PATHS.sessionEnd, 'Session ended'),
  publicRoute(PATHS.refreshToken, 'Refreshing session'),
  publicRoute(PATHS.userGuide, 'User Guide', { showLeftSideMenu: true }),
  publicRoute(PATHS.terms, 'Terms'),

  // Private
  privateRoute(PATHS.paymentSettings, 'Payment Settings', OFFICE_WORK_ROLES),
  privateRoute(PATHS.pastVerifications, 'Verifications History', ['staffmanager', 'staff']),
  privateRoute(PATHS.plan, 'Plan Search', PLAN_ROLES),
  privateRoute(PATHS.planDetail, 'Plan', PLAN_ROLES),
  privateRoute(PATHS.verification, 'New Verification', PLAN_ROLES, { default: true }),
  privateRoute(PATHS.verificationDetail, 'Verification', PLAN_ROLES),
  privateRoute(PATHS.verificationSource, 'Verification Source', PLAN_ROLES),
  privateRoute(PATHS.reverification, 'Re-verification', OFFICE_WORK_ROLES),
  privateRoute(PATHS.reverificationDetail, 'Re-verification', OFFICE_WORK_ROLES),
  privateRoute(PATHS.registerDo, 'Dental Office Registration', ['superadministrator', 'doregistration'], {
    showLeftSideMenu: false,
  }),
  privateRoute(PATHS.customization, 'Form Customization', MANAGER_ROLES),
  privateRoute(PATHS.customizationVerification, 'Verification Form Customization', MANAGER_ROLES),
  privateRoute(PATHS.dentalOfficeSettings, 'Dental Office Settings', MANAGER_ROLES),
  privateRoute(PATHS.schedule, 'Appointment Schedule', OFFICE_WORK_ROLES),
  privateRoute(PATHS.scheduleDay, 'Appointment Schedule', OFFICE_WORK_ROLES),
  privateRoute(PATHS.payment, 'Payment', ['staff', 'staffmanager', 'groupmanager']),
  privateRoute(PATHS.paymentVerify, 'Payment Verification', MANAGER_ROLES),
  privateRoute(PATHS.paymentSetup, 'Payment Setup', MANAGER_ROLES),
  privateRoute(PATHS.paymentBillingSettings, 'Billing Settings', MANAGER_ROLES),
  privateRoute(PATHS.management, 'Management', MANAGEMENT_ROLES),
  privateRoute(PATHS.correction, 'Correction', ['goduser']),

  // Management sub-routes
  managementRoute(PATHS.managementAgents, 'Agents'),
  managementRoute(PATHS.managementDoGroups, 'Dental Office Groups'),
  managementRoute(PATHS.managementPortalCredentials, 'Portal Credentials'),
  managementRoute(PATHS.managementDoGroup, 'Dental Office Group'),
  managementRoute(PATHS.managementCustomization, 'Global Customization', ADMIN_ROLES),
  managementRoute(PATHS.managementForm, 'Forms', SUPERADMIN_ROLES),
  managementRoute(PATHS.managementFormTemplates, 'Form Templates', SUPERADMIN_ROLES),
  managementRoute(PATHS.managementCarriers, 'Carriers', SUPERADMIN_ROLES),
  managementRoute(PATHS.managementRules, 'Rules', SUPERADMIN_ROLES),
  // SPEC section 2 gives "/verification, /requesters, /integrations (admin, superadministrator)".
  managementRoute(PATHS.managementVerification, 'Verification', ADMIN_ROLES),
  managementRoute(PATHS.managementRequesters, 'Requesters', ADMIN_ROLES),
  managementRoute(PATHS.managementIntegrations, 'Integrations', ADMIN_ROLES),
  managementRoute(PATHS.managementVerifications, 'Verifications', MANAGEMENT_ROLES),
  managementRoute(PATHS.managementBugs, 'Bug Reports'),
  managementRoute(PATHS.managementBug, 'Bug Report'),
  managementRoute(PATHS.managementDoManagement, 'Dental Office Management'),
  managementRoute(PATHS.managementFeatures, 'Feature Flags', SUPERADMIN_ROLES),
  managementRoute(PATHS.managementStats, 'Statistics', OFFICE_WORK_ROLES),
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

/** The roles of a page of ROUTES, by its path pattern (PATHS); throws for a path that names no page. */
export function pageRoles(path: string): readonly Role[] {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No page at ${path}`);
  return route.roles;
}

/** Every role of any of these pages (PATHS), in the order of ROLES; throws for a path that names no page. */
export function pagesRoles(paths: readonly string[]): readonly Role[] {
  const wanted = new Set(paths.flatMap((path) => pageRoles(path)));
  return ROLES.filter((role) => wanted.has(role));
}

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
