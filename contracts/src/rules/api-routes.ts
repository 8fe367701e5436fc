/**
 * Who may call what (SPEC section 7); the gateway applies this table before proxying and the services check the
 * same role lists (exported below). Paths are patterns like the page routes: `{name}` stands for one segment. A
 * HEAD request is judged like the GET of the same path.
 *
 * A call's roles follow the pages that make it (SPEC section 2; issue 13 found billing and management calls
 * wider than their pages). Each entry names those pages (`pages`); a read has exactly the roles of its pages, a
 * write the same or fewer (agents open the management pages and read them; admins change what they show).
 * Calls without pages are made on every page or outside one:
 * - public: feature flags, identity provider settings, organization lookup;
 * - dental office settings and the carrier catalogue: any signed-in user (a registering user has no roles yet);
 * - reading portals and credentials, retrying a login, answering MFA: the header's notification popover shows
 *   the current office's credentials on every private page, to office and company users (CREDENTIAL_USE_ROLES;
 *   adding, editing and deleting one are the credential pages' calls, CREDENTIAL_EDIT_ROLES);
 * - filing a bug report: the bug report popover of every private page, every role.
 *
 * Each entry also names the service that serves it: the gateway's upstream table is derived from this one, and
 * the route agreement test (services/standalone) asks every service whether it serves its entries, and nothing
 * else under /api.
 */
import { ROLES, type Role } from '../enums';
import { COMPANY_ADMIN_ROLES, DENTAL_OFFICE_ROLES, hasAnyRole } from './roles';
import { CREDENTIAL_EDIT_ROLES, CREDENTIAL_PAGES, CREDENTIAL_USE_ROLES } from './credentials';
import { literalFirst, pathOnly } from './path-pattern';
import { PATHS, pageRoles, pagesRoles } from './routes';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The services behind the gateway (ARCHITECTURE.md). Billing is specified (SPEC section 7) and not built yet: its
 * calls answer 503 until a deployment names BILLING_URL.
 */
export const SERVICE_NAMES = ['offices', 'portals', 'bugs', 'billing', 'verifications', 'realtime'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The realtime service's Socket.IO endpoint (SPEC section 7, "Socket"): proxied with its WebSocket upgrades. */
export const SOCKET_ROUTE = { path: '/socket.io', service: 'realtime' } as const satisfies {
  readonly path: string;
  readonly service: ServiceName;
};

/** 'public': no token needed; 'authenticated': any valid token; a role list: a valid token with one of them. */
export type ApiAccessRule = 'public' | 'authenticated' | readonly Role[];

export type ApiRoute = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: ApiAccessRule;
  /** The pages (PATHS) that make the call; absent for calls made on every page or outside one (see above). */
  readonly pages?: readonly string[];
  /** The service that serves the call. */
  readonly service: ServiceName;
};

/** A call before the table's section names its service. */
type ApiCall = Omit<ApiRoute, 'service'>;

export type ApiAccess = 'public' | 'allowed' | 'forbidden' | 'unknown';

/** Readers of the portals catalogue: whoever sees credentials, which name their portals. */
export const PORTAL_USERS: readonly Role[] = CREDENTIAL_USE_ROLES;
const EVERY_ROLE: readonly Role[] = ROLES;

// Billing (SPEC section 2). /payment lists the plans, takes a coupon and subscribes to the freemium plan (no card:
// nothing to set up or verify); /payment/setup registers the office and sets up the card, /payment/verify
// subscribes to the plan chosen; those two and /payment/settings (Billing Settings) are the managers'. The
// validity checks serve the payment pages and the payment gate of SPEC section 6, whose office users (staff,
// staffmanager) are roles of /payment. A group member and a registering user open no payment page.
const PLAN_CHOICE_PAGES = [PATHS.payment];
const BILLING_CHECK_PAGES = [PATHS.payment, PATHS.paymentVerify, PATHS.paymentBillingSettings];
const CARD_SETUP_PAGES = [PATHS.paymentSetup];
const SUBSCRIBE_PAGES = [PATHS.paymentVerify];

// Management of offices, groups and users (the offices service): the /management sub-routes of SPEC section 2.
// The office's managers also read and set up their own office on /dental-office-settings.
const OFFICE_LIST_PAGES = [PATHS.managementDoManagement, PATHS.managementPortalCredentials, PATHS.managementBugs];
const OFFICE_PAGES = [PATHS.managementDoManagement, PATHS.managementDoGroup, PATHS.dentalOfficeSettings];
const OFFICE_SETTINGS_PAGES = [PATHS.managementDoManagement, PATHS.dentalOfficeSettings];
const GROUP_PAGES = [PATHS.managementDoGroups, PATHS.managementDoGroup];
const USER_PAGES = [PATHS.managementAgents, PATHS.managementDoManagement];
const PORTAL_CATALOGUE_PAGES = [PATHS.managementPortalCredentials];

/** Read management lists of offices, groups and users: the /management roles (agent, admin, superadministrator). */
export const MANAGEMENT_READ_ROLES: readonly Role[] = pagesRoles(OFFICE_LIST_PAGES);
/** Change offices, groups, users and the portal catalogue: company administrators. */
export const MANAGEMENT_WRITE_ROLES: readonly Role[] = COMPANY_ADMIN_ROLES;
/** Read one office: management readers and the office's managers (the offices service narrows them to theirs). */
export const OFFICE_READ_ROLES: readonly Role[] = pagesRoles(OFFICE_PAGES);
/** Change an office's settings: company administrators and the office's managers (schedule integration only). */
export const OFFICE_SETTINGS_WRITE_ROLES: readonly Role[] = [...MANAGEMENT_WRITE_ROLES, ...pageRoles(PATHS.dentalOfficeSettings)];
/** Feature flags are managed on /management/features. */
export const FEATURE_FLAG_ROLES: readonly Role[] = pageRoles(PATHS.managementFeatures);
/** Who works bug reports: the roles of the /management page, which /management/bugs inherits. */
export const BUG_MANAGER_ROLES: readonly Role[] = pageRoles(PATHS.managementBugs);
/**
 * Who works verifications, tickets and the plan library: the roles of the /verification and /plan pages
 * (SPEC section 2). The verifications service narrows office users to their office's tickets and company users
 * to their organization's.
 */
export const VERIFICATION_ROLES: readonly Role[] = pageRoles(PATHS.verification);
/** Who outsources a ticket: the office's own staff (company users work the queue, they do not fill it). */
export const OUTSOURCE_REQUEST_ROLES: readonly Role[] = DENTAL_OFFICE_ROLES;
/** Who works the outsourcing queue: the roles of /management/verifications (agent, admin, superadministrator). */
export const OUTSOURCE_QUEUE_ROLES: readonly Role[] = pageRoles(PATHS.managementVerifications);
/** Who sees who requested outsourced work: the roles of /management/requesters (admin, superadministrator). */
export const OUTSOURCE_REQUESTERS_ROLES: readonly Role[] = pageRoles(PATHS.managementRequesters);
/** The 271 preview support tool: admins and super administrators (an agent works tickets, not the mapping). */
export const X271_PREVIEW_ROLES: readonly Role[] = COMPANY_ADMIN_ROLES;

/**
 * The privilege flags of a managed user (SPEC section 3) and the roles that hold each: the roles of the page it
 * opens. Only those roles grant or take it away, and nobody on themselves (issue 13).
 */
export const USER_PRIVILEGE_ROLES = {
  editGlobalCustomization: pageRoles(PATHS.managementCustomization),
  editGlobalCarriers: pageRoles(PATHS.managementCarriers),
} as const satisfies Record<string, readonly Role[]>;
export type UserPrivilege = keyof typeof USER_PRIVILEGE_ROLES;
export const USER_PRIVILEGES = Object.keys(USER_PRIVILEGE_ROLES) as readonly UserPrivilege[];

/** A call made on these pages, open to every role of them. */
function pageCall(method: HttpMethod, path: string, pages: readonly string[]): ApiCall {
  return { method, path, access: pagesRoles(pages), pages };
}

/** A call made on these pages that changes something, open to `access` (some roles of the pages only read). */
function pageWrite(method: HttpMethod, path: string, pages: readonly string[], access: readonly Role[]): ApiCall {
  return { method, path, access, pages };
}

/** A section of the table: the calls one service serves. */
function servedBy(service: ServiceName, calls: readonly ApiCall[]): ApiRoute[] {
  return calls.map((call) => ({ ...call, service }));
}

export const API_ROUTES: readonly ApiRoute[] = [
  ...servedBy('offices', [
    { method: 'GET', path: '/api/features', access: 'public' },
    { method: 'GET', path: '/api/auth/credentials/auth0', access: 'public' },
    { method: 'POST', path: '/api/auth/organization', access: 'public' },
  ]),

  ...servedBy('portals', [
    { method: 'GET', path: '/api/portals', access: PORTAL_USERS },
    { method: 'GET', path: '/api/portals/credentials', access: CREDENTIAL_USE_ROLES },
    pageWrite('POST', '/api/portals/{portalId}/credentials', CREDENTIAL_PAGES, CREDENTIAL_EDIT_ROLES),
    pageWrite('PUT', '/api/portals/credentials/{id}', CREDENTIAL_PAGES, CREDENTIAL_EDIT_ROLES),
    { method: 'POST', path: '/api/portals/credentials/{id}', access: CREDENTIAL_USE_ROLES },
    pageWrite('DELETE', '/api/portals/credentials/{id}', CREDENTIAL_PAGES, CREDENTIAL_EDIT_ROLES),
    { method: 'POST', path: '/api/portals/credentials/{portalId}/mfa', access: CREDENTIAL_USE_ROLES },
    { method: 'GET', path: '/api/portals/sandbox', access: PORTAL_USERS },
  ]),

  ...servedBy('bugs', [
    { method: 'PUT', path: '/api/bugReports', access: EVERY_ROLE },
    pageCall('GET', '/api/management/bugs', [PATHS.managementBugs]),
    pageCall('GET', '/api/management/bugs/{id}', [PATHS.managementBug]),
    pageCall('GET', '/api/management/bugs/{id}/attachment', [PATHS.managementBug]),
    pageCall('PATCH', '/api/management/bugs/{id}', [PATHS.managementBug]),
  ]),

  ...servedBy('billing', [
    pageCall('GET', '/api/stripe', BILLING_CHECK_PAGES),
    pageCall('GET', '/api/stripe/subscription/valid', BILLING_CHECK_PAGES),
    pageCall('POST', '/api/stripe/register', CARD_SETUP_PAGES),
    pageCall('GET', '/api/stripe/setupintent', CARD_SETUP_PAGES),
    pageCall('POST', '/api/stripe/subscription/create', SUBSCRIBE_PAGES),
    pageCall('GET', '/api/stripe/coupon', PLAN_CHOICE_PAGES),
    pageCall('GET', '/api/stripe/list', PLAN_CHOICE_PAGES),
    pageCall('POST', '/api/stripe/subscription/freemium', PLAN_CHOICE_PAGES),
  ]),

  ...servedBy('offices', [
    { method: 'GET', path: '/api/dentaloffice/user/all', access: 'authenticated' },
    { method: 'GET', path: '/api/dentaloffice/{id}', access: 'authenticated' },

    pageCall('GET', '/api/management/offices', OFFICE_LIST_PAGES),
    pageWrite('POST', '/api/management/offices', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
    pageCall('GET', '/api/management/offices/{id}', OFFICE_PAGES),
    pageWrite('PATCH', '/api/management/offices/{id}', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
    pageWrite('PATCH', '/api/management/offices/{id}/settings', OFFICE_SETTINGS_PAGES, OFFICE_SETTINGS_WRITE_ROLES),

    pageCall('GET', '/api/management/groups', GROUP_PAGES),
    pageWrite('POST', '/api/management/groups', GROUP_PAGES, MANAGEMENT_WRITE_ROLES),
    pageCall('GET', '/api/management/groups/{id}', [PATHS.managementDoGroup]),
    pageWrite('PATCH', '/api/management/groups/{id}', [PATHS.managementDoGroup], MANAGEMENT_WRITE_ROLES),
    pageWrite('POST', '/api/management/groups/{id}/offices', [PATHS.managementDoGroup], MANAGEMENT_WRITE_ROLES),
    pageWrite('DELETE', '/api/management/groups/{id}/offices/{officeId}', [PATHS.managementDoGroup], MANAGEMENT_WRITE_ROLES),

    pageCall('GET', '/api/management/users', USER_PAGES),
    pageWrite('POST', '/api/management/users', USER_PAGES, MANAGEMENT_WRITE_ROLES),
    pageCall('GET', '/api/management/users/{id}', USER_PAGES),
    pageWrite('PATCH', '/api/management/users/{id}', USER_PAGES, MANAGEMENT_WRITE_ROLES),
  ]),

  ...servedBy('portals', [
    pageWrite('POST', '/api/management/portals', PORTAL_CATALOGUE_PAGES, MANAGEMENT_WRITE_ROLES),
    pageWrite('PUT', '/api/management/portals/{id}', PORTAL_CATALOGUE_PAGES, MANAGEMENT_WRITE_ROLES),
    pageWrite('DELETE', '/api/management/portals/{id}', PORTAL_CATALOGUE_PAGES, MANAGEMENT_WRITE_ROLES),
  ]),

  ...servedBy('offices', [
    pageCall('GET', '/api/management/features', [PATHS.managementFeatures]),
    pageCall('PUT', '/api/management/features/{name}', [PATHS.managementFeatures]),
  ]),

  ...servedBy('verifications', [
    { method: 'GET', path: '/api/carriers', access: 'authenticated' },
    pageCall('POST', '/api/verifications', [PATHS.verification]),
    pageCall('GET', '/api/verifications', [PATHS.pastVerifications, PATHS.managementVerifications]),
    pageCall('GET', '/api/verifications/sandbox/patients', [PATHS.verification]),
    pageCall('GET', '/api/verifications/{id}', [PATHS.verificationDetail]),
    pageCall('PATCH', '/api/verifications/{id}', [PATHS.verificationDetail]),
    pageCall('POST', '/api/verifications/{id}/submit', [PATHS.verificationDetail]),
    pageCall('POST', '/api/verifications/{id}/jobs/{jobId}/retry', [PATHS.verificationDetail]),
    pageCall('GET', '/api/verifications/{id}/sources', [PATHS.verificationSource]),
    pageCall('GET', '/api/verifications/{id}/pdf', [PATHS.verificationDetail]),
    pageCall('GET', '/api/verifications/{id}/recommendations', [PATHS.verificationDetail]),
    pageCall('GET', '/api/plans', [PATHS.plan]),
    pageCall('GET', '/api/plans/{id}', [PATHS.planDetail]),
    pageCall('GET', '/api/plans/{id}/pdf', [PATHS.planDetail]),
    pageWrite('POST', '/api/management/x271/preview', [PATHS.managementVerification], X271_PREVIEW_ROLES),
    // Outsourcing (issue 15): the office asks from its ticket's page; the company works its queue.
    pageWrite('POST', '/api/verifications/{id}/outsource', [PATHS.verificationDetail], OUTSOURCE_REQUEST_ROLES),
    pageCall('GET', '/api/management/verifications', [PATHS.managementVerifications]),
    pageCall('POST', '/api/management/verifications/{id}/claim', [PATHS.managementVerifications]),
    pageCall('POST', '/api/management/verifications/{id}/status', [PATHS.managementVerifications]),
    pageCall('PATCH', '/api/management/verifications/{id}/call', [PATHS.managementVerifications]),
    pageCall('PATCH', '/api/management/verifications/{id}/fields', [PATHS.managementVerifications]),
    pageCall('GET', '/api/management/requesters', [PATHS.managementRequesters]),
  ]),
];

/** Literal paths first: /api/portals/credentials is never read as /api/portals/{portalId}/... */
const MATCH_ORDER = literalFirst(API_ROUTES);

/** The table entry for a request (method any case, path with or without query or trailing slash). */
export function matchApiRoute(method: string, path: string): ApiRoute | undefined {
  const upper = method.toUpperCase();
  const wanted = upper === 'HEAD' ? 'GET' : upper;
  const bare = pathOnly(path);
  return MATCH_ORDER.find(({ entry, regex }) => entry.method === wanted && regex.test(bare))?.entry;
}

/**
 * 'public' for calls without authentication; for an authenticated caller with these roles 'allowed' or
 * 'forbidden'; 'unknown' when the table has no such call (the gateway answers 404).
 */
export function apiAccess(method: string, path: string, roles: readonly string[]): ApiAccess {
  const route = matchApiRoute(method, path);
  if (!route) return 'unknown';
  if (route.access === 'public') return 'public';
  if (route.access === 'authenticated') return 'allowed';
  return hasAnyRole(roles, route.access) ? 'allowed' : 'forbidden';
}
