/**
 * Who may call what (SPEC section 7); the gateway applies this table before proxying. Paths are patterns like
 * the page routes: `{name}` stands for one segment. A HEAD request is judged like the GET of the same path.
 *
 * - public: feature flags, identity provider settings, organization lookup;
 * - portals and credentials: office users (OFFICE_ROLES) and company users (COMPANY_ROLES); the portals catalogue
 *   (/api/management/portals) is written by admins and super administrators;
 * - bug reports: every role files one; company staff who open /management (agent, admin, superadministrator,
 *   SPEC section 2: /management/bugs has the /management roles) list, read, download and solve them;
 * - payments (stripe): office users and a user registering a dental office (registration sets up the card);
 * - dental office settings: any signed-in user, whatever the roles (a registering user has none yet);
 * - management of offices, groups and users (the offices service): company users read (COMPANY_ROLES), admins and
 *   super administrators write; an office's managers (MANAGER_ROLES) also read their office and change its
 *   settings (the service narrows them to their own office and to the schedule integration);
 * - feature flag management: super administrators (SPEC: /management/features);
 * - verifications, tickets and the plan library (the verifications service): the roles of the /verification and
 *   /plan pages (VERIFICATION_ROLES); the carrier catalogue: any signed-in user; the 271 preview support tool:
 *   admins and super administrators (the support staff who read carriers' replies; an agent works tickets, not
 *   the mapping).
 *
 * Where a call serves one page, its roles are that page's roles, read from ROUTES rather than retyped.
 */
import { ROLES, type Role } from '../enums';
import { COMPANY_ADMIN_ROLES, COMPANY_ROLES, MANAGER_ROLES, OFFICE_ROLES, REGISTRATION_ROLE, hasAnyRole } from './roles';
import { literalFirst, pathOnly } from './path-pattern';
import { PATHS, pageRoles } from './routes';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** 'public': no token needed; 'authenticated': any valid token; a role list: a valid token with one of them. */
export type ApiAccessRule = 'public' | 'authenticated' | readonly Role[];

export type ApiRoute = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: ApiAccessRule;
};

export type ApiAccess = 'public' | 'allowed' | 'forbidden' | 'unknown';

const PORTAL_USERS: readonly Role[] = [...OFFICE_ROLES, ...COMPANY_ROLES];
const PAYING_USERS: readonly Role[] = [...OFFICE_ROLES, REGISTRATION_ROLE];
const EVERY_ROLE: readonly Role[] = ROLES;
const MANAGEMENT_READERS: readonly Role[] = COMPANY_ROLES;
const MANAGEMENT_WRITERS: readonly Role[] = COMPANY_ADMIN_ROLES;
const OFFICE_READERS: readonly Role[] = [...MANAGEMENT_READERS, ...MANAGER_ROLES];
const OFFICE_SETTINGS_WRITERS: readonly Role[] = [...MANAGEMENT_WRITERS, ...MANAGER_ROLES];
/** Feature flags are managed on /management/features. */
const FLAG_MANAGERS: readonly Role[] = pageRoles(PATHS.managementFeatures);
/** Who works bug reports: the roles of the /management page, which /management/bugs inherits. */
export const BUG_MANAGER_ROLES: readonly Role[] = pageRoles(PATHS.managementBugs);
/**
 * Who works verifications, tickets and the plan library: the roles of the /verification and /plan pages
 * (SPEC section 2). The verifications service narrows office users to their office's tickets and company users
 * to their organization's.
 */
export const VERIFICATION_ROLES: readonly Role[] = pageRoles(PATHS.verification);
/** The 271 preview support tool: admins and super administrators. */
export const X271_PREVIEW_ROLES: readonly Role[] = COMPANY_ADMIN_ROLES;

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/features', access: 'public' },
  { method: 'GET', path: '/api/auth/credentials/auth0', access: 'public' },
  { method: 'POST', path: '/api/auth/organization', access: 'public' },

  { method: 'GET', path: '/api/portals', access: PORTAL_USERS },
  { method: 'GET', path: '/api/portals/credentials', access: PORTAL_USERS },
  { method: 'POST', path: '/api/portals/{portalId}/credentials', access: PORTAL_USERS },
  { method: 'PUT', path: '/api/portals/credentials/{id}', access: PORTAL_USERS },
  { method: 'POST', path: '/api/portals/credentials/{id}', access: PORTAL_USERS },
  { method: 'DELETE', path: '/api/portals/credentials/{id}', access: PORTAL_USERS },
  { method: 'POST', path: '/api/portals/credentials/{portalId}/mfa', access: PORTAL_USERS },
  { method: 'GET', path: '/api/portals/sandbox', access: PORTAL_USERS },

  { method: 'PUT', path: '/api/bugReports', access: EVERY_ROLE },
  { method: 'GET', path: '/api/management/bugs', access: BUG_MANAGER_ROLES },
  { method: 'GET', path: '/api/management/bugs/{id}', access: BUG_MANAGER_ROLES },
  { method: 'GET', path: '/api/management/bugs/{id}/attachment', access: BUG_MANAGER_ROLES },
  { method: 'PATCH', path: '/api/management/bugs/{id}', access: BUG_MANAGER_ROLES },

  { method: 'GET', path: '/api/stripe', access: PAYING_USERS },
  { method: 'GET', path: '/api/stripe/subscription/valid', access: PAYING_USERS },
  { method: 'POST', path: '/api/stripe/register', access: PAYING_USERS },
  { method: 'GET', path: '/api/stripe/setupintent', access: PAYING_USERS },
  { method: 'POST', path: '/api/stripe/subscription/create', access: PAYING_USERS },
  { method: 'GET', path: '/api/stripe/coupon', access: PAYING_USERS },
  { method: 'GET', path: '/api/stripe/list', access: PAYING_USERS },
  { method: 'POST', path: '/api/stripe/subscription/freemium', access: PAYING_USERS },

  { method: 'GET', path: '/api/dentaloffice/user/all', access: 'authenticated' },
  { method: 'GET', path: '/api/dentaloffice/{id}', access: 'authenticated' },

  { method: 'GET', path: '/api/management/offices', access: MANAGEMENT_READERS },
  { method: 'POST', path: '/api/management/offices', access: MANAGEMENT_WRITERS },
  { method: 'GET', path: '/api/management/offices/{id}', access: OFFICE_READERS },
  { method: 'PATCH', path: '/api/management/offices/{id}', access: MANAGEMENT_WRITERS },
  { method: 'PATCH', path: '/api/management/offices/{id}/settings', access: OFFICE_SETTINGS_WRITERS },

  { method: 'GET', path: '/api/management/groups', access: MANAGEMENT_READERS },
  { method: 'POST', path: '/api/management/groups', access: MANAGEMENT_WRITERS },
  { method: 'GET', path: '/api/management/groups/{id}', access: MANAGEMENT_READERS },
  { method: 'PATCH', path: '/api/management/groups/{id}', access: MANAGEMENT_WRITERS },
  { method: 'POST', path: '/api/management/groups/{id}/offices', access: MANAGEMENT_WRITERS },
  { method: 'DELETE', path: '/api/management/groups/{id}/offices/{officeId}', access: MANAGEMENT_WRITERS },

  { method: 'GET', path: '/api/management/users', access: MANAGEMENT_READERS },
  { method: 'POST', path: '/api/management/users', access: MANAGEMENT_WRITERS },
  { method: 'GET', path: '/api/management/users/{id}', access: MANAGEMENT_READERS },
  { method: 'PATCH', path: '/api/management/users/{id}', access: MANAGEMENT_WRITERS },

  { method: 'POST', path: '/api/management/portals', access: MANAGEMENT_WRITERS },
  { method: 'PUT', path: '/api/management/portals/{id}', access: MANAGEMENT_WRITERS },
  { method: 'DELETE', path: '/api/management/portals/{id}', access: MANAGEMENT_WRITERS },

  { method: 'GET', path: '/api/management/features', access: FLAG_MANAGERS },
  { method: 'PUT', path: '/api/management/features/{name}', access: FLAG_MANAGERS },

  { method: 'GET', path: '/api/carriers', access: 'authenticated' },
  { method: 'POST', path: '/api/verifications', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/verifications', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/verifications/sandbox/patients', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/verifications/{id}', access: VERIFICATION_ROLES },
  { method: 'PATCH', path: '/api/verifications/{id}', access: VERIFICATION_ROLES },
  { method: 'POST', path: '/api/verifications/{id}/submit', access: VERIFICATION_ROLES },
  { method: 'POST', path: '/api/verifications/{id}/jobs/{jobId}/retry', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/verifications/{id}/sources', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/verifications/{id}/pdf', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/plans', access: VERIFICATION_ROLES },
  { method: 'GET', path: '/api/plans/{id}', access: VERIFICATION_ROLES },
  { method: 'POST', path: '/api/management/x271/preview', access: X271_PREVIEW_ROLES },
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
