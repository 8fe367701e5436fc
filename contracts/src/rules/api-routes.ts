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
 * The services behind the gateway (ARCHITECTURE.md); the gateway reads each one's address from <SERVICE>_URL.
 */
export const SERVICE_NAMES = ['offices', 'portals', 'bugs', 'billing', 'verifications', 'schedule', 'realtime'] as const;
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
// The subscription as it stands (plan, card on file, invoices): Billing Settings (/payment/settings) and Payment
// Settings (/payment-settings); changing the plan or cancelling it is the managers' (and super administrators').
const BILLING_SETTINGS_PAGES = [PATHS.paymentBillingSettings, PATHS.paymentSettings];
/** Who changes or cancels the office's subscription. */
export const BILLING_CHANGE_ROLES: readonly Role[] = pagesRoles(BILLING_SETTINGS_PAGES).filter((role) => role !== 'staff');

// Management of offices, groups and users (the offices service): the /management sub-routes of SPEC section 2.
// The office's managers also read and set up their own office on /dental-office-settings.
// Issue 18: the users page assigns offices and groups, a group's page adds offices to it, an office gets a group.
const OFFICE_LIST_PAGES = [
  PATHS.managementDoManagement,
  PATHS.managementPortalCredentials,
  PATHS.managementBugs,
  PATHS.managementAgents,
  PATHS.managementDoGroup,
  PATHS.managementIntegrations,
];
const OFFICE_PAGES = [PATHS.managementDoManagement, PATHS.managementDoGroup, PATHS.dentalOfficeSettings];
const OFFICE_SETTINGS_PAGES = [PATHS.managementDoManagement, PATHS.dentalOfficeSettings];
const GROUP_PAGES = [PATHS.managementDoGroups, PATHS.managementDoGroup, PATHS.managementAgents, PATHS.managementDoManagement];
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
/** The re-verification pages, where a re-check starts and is read. */
const REVERIFICATION_PAGES = [PATHS.reverification, PATHS.reverificationDetail];
/** Who re-verifies: the roles of /reverification (superadministrator, staffmanager, staff). */
export const REVERIFICATION_ROLES: readonly Role[] = pagesRoles(REVERIFICATION_PAGES);
/** The schedule pages (/schedule, /schedule/{date}): superadministrator, staffmanager, staff. */
const SCHEDULE_PAGES = [PATHS.schedule, PATHS.scheduleDay];
/** Who reads the schedule and verifies it: the roles of the schedule pages. */
export const SCHEDULE_ROLES: readonly Role[] = pagesRoles(SCHEDULE_PAGES);
/** Who changes the office's schedule settings and fee schedule: its managers and super administrators. */
export const SCHEDULE_SETTINGS_ROLES: readonly Role[] = SCHEDULE_ROLES.filter((role) => role !== 'staff');
/**
 * The settings and the fee schedule are also read on /dental-office-settings (issue 18: its fee schedule and batch
 * freshness tabs), by its roles too: a group manager reads them there; only SCHEDULE_SETTINGS_ROLES change them.
 */
const SCHEDULE_SETTINGS_PAGES = [...SCHEDULE_PAGES, PATHS.dentalOfficeSettings];
/** Who reads the office's schedule settings and fee schedule: the roles of the schedule pages and the settings page. */
export const SCHEDULE_SETTINGS_READ_ROLES: readonly Role[] = pagesRoles(SCHEDULE_SETTINGS_PAGES);
// Verification forms (issue 18): templates and rules are the super administrators' (/management/form,
// /management/form-templates, /management/rules); an office's customization its managers' (/customization pages);
// the organization's (global) customization the company administrators' (/management/customization), and changing
// it also needs the user privilege editGlobalCustomization (USER_PRIVILEGE_ROLES below; the service checks it).
const FORM_TEMPLATE_PAGES = [PATHS.managementForm, PATHS.managementFormTemplates, PATHS.managementRules];
const FORM_RULE_PAGES = [PATHS.managementRules];
const OFFICE_CUSTOMIZATION_PAGES = [PATHS.customization, PATHS.customizationVerification];
/** Who edits form templates and rules: the roles of their pages (superadministrator). */
export const FORM_ADMIN_ROLES: readonly Role[] = pagesRoles(FORM_TEMPLATE_PAGES);
/** Who reads and changes an office's form customization: the roles of /customization (staffmanager, groupmanager). */
export const OFFICE_CUSTOMIZATION_ROLES: readonly Role[] = pagesRoles(OFFICE_CUSTOMIZATION_PAGES);
/** Who reads the organization's form customization: the roles of /management/customization (admin, superadministrator). */
export const GLOBAL_CUSTOMIZATION_ROLES: readonly Role[] = pageRoles(PATHS.managementCustomization);
/** The 271 preview support tool: admins and super administrators (an agent works tickets, not the mapping). */
export const X271_PREVIEW_ROLES: readonly Role[] = COMPANY_ADMIN_ROLES;
/** Who reads and changes an office's own details (NPI, tax id, address, phone): /dental-office-settings' roles. */
export const OFFICE_DETAILS_ROLES: readonly Role[] = pageRoles(PATHS.dentalOfficeSettings);
/** Who registers a dental practice: the roles of /register-do (superadministrator, doregistration). */
export const OFFICE_REGISTRATION_ROLES: readonly Role[] = pageRoles(PATHS.registerDo);
/** Who corrects a ticket's raw document: the role of /correction (goduser). */
export const TICKET_CORRECTION_ROLES: readonly Role[] = pageRoles(PATHS.correction);
/** Who reads the statistics of /management/stats: its roles (superadministrator, staffmanager, staff). */
export const STATS_ROLES: readonly Role[] = pageRoles(PATHS.managementStats);
/**
 * Who reads and changes the product's carrier catalogue: the roles of /management/carriers (superadministrator);
 * a change also needs the user privilege editGlobalCarriers (USER_PRIVILEGE_ROLES below; the service checks it).
 */
export const CARRIER_ADMIN_ROLES: readonly Role[] = pageRoles(PATHS.managementCarriers);
/** Who reads the offices' integration status: the roles of /management/integrations (admin, superadministrator). */
export const INTEGRATION_STATUS_ROLES: readonly Role[] = pageRoles(PATHS.managementIntegrations);

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
    // The plans: chosen on /payment, and changed to on the settings pages.
    pageCall('GET', '/api/stripe/list', [...PLAN_CHOICE_PAGES, ...BILLING_SETTINGS_PAGES]),
    pageCall('POST', '/api/stripe/subscription/freemium', PLAN_CHOICE_PAGES),
    pageCall('GET', '/api/stripe/settings', BILLING_SETTINGS_PAGES),
    pageWrite('POST', '/api/stripe/subscription/change', BILLING_SETTINGS_PAGES, BILLING_CHANGE_ROLES),
    pageWrite('POST', '/api/stripe/subscription/cancel', BILLING_SETTINGS_PAGES, BILLING_CHANGE_ROLES),
    // The payment provider's webhook: no token; the billing service checks the provider's signature.
    { method: 'POST', path: '/api/stripe/webhook', access: 'public' },
  ]),

  ...servedBy('offices', [
    { method: 'GET', path: '/api/dentaloffice/user/all', access: 'authenticated' },
    { method: 'GET', path: '/api/dentaloffice/{id}', access: 'authenticated' },

    pageCall('GET', '/api/management/offices', OFFICE_LIST_PAGES),
    pageWrite('POST', '/api/management/offices', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
    pageCall('GET', '/api/management/offices/{id}', OFFICE_PAGES),
    pageWrite('PATCH', '/api/management/offices/{id}', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
    pageWrite('PATCH', '/api/management/offices/{id}/settings', OFFICE_SETTINGS_PAGES, OFFICE_SETTINGS_WRITE_ROLES),
    // Issue 18: the office's own details on /dental-office-settings; a practice registers itself on /register-do.
    pageCall('GET', '/api/management/offices/{id}/details', [PATHS.dentalOfficeSettings]),
    pageCall('PATCH', '/api/management/offices/{id}/details', [PATHS.dentalOfficeSettings]),
    pageCall('POST', '/api/registration/office', [PATHS.registerDo]),

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
    // An office's users and their roles there (issue 18), on the office's part of /management/do-management.
    pageCall('GET', '/api/management/offices/{id}/users', [PATHS.managementDoManagement]),
    pageWrite('PUT', '/api/management/offices/{id}/users/{userId}', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
    pageWrite('DELETE', '/api/management/offices/{id}/users/{userId}', [PATHS.managementDoManagement], MANAGEMENT_WRITE_ROLES),
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
    pageCall('GET', '/api/management/verifications/{id}', [PATHS.managementVerifications]),
    pageCall('POST', '/api/management/verifications/{id}/claim', [PATHS.managementVerifications]),
    pageCall('POST', '/api/management/verifications/{id}/status', [PATHS.managementVerifications]),
    pageCall('PATCH', '/api/management/verifications/{id}/call', [PATHS.managementVerifications]),
    pageCall('PATCH', '/api/management/verifications/{id}/fields', [PATHS.managementVerifications]),
    pageCall('GET', '/api/management/requesters', [PATHS.managementRequesters]),
    // Re-verification (issue 15): started from the list page or a re-verification's own page, read on both.
    pageCall('GET', '/api/reverifications', [PATHS.reverification]),
    pageCall('POST', '/api/reverifications', REVERIFICATION_PAGES),
    pageCall('GET', '/api/reverifications/{id}', [PATHS.reverificationDetail]),
    pageCall('GET', '/api/reverifications/{id}/pdf', [PATHS.reverificationDetail]),
    // Data correction (issue 18): a ticket's raw document, read and corrected on /correction.
    pageCall('GET', '/api/correction/tickets/{id}', [PATHS.correction]),
    pageCall('PUT', '/api/correction/tickets/{id}', [PATHS.correction]),
    // Verification forms (issue 18): templates, rules, customizations, and the form of a ticket.
    pageCall('GET', '/api/management/form-templates', FORM_TEMPLATE_PAGES),
    pageCall('POST', '/api/management/form-templates', [PATHS.managementFormTemplates]),
    pageCall('GET', '/api/management/form-templates/{id}', [PATHS.managementForm, PATHS.managementRules]),
    pageCall('PUT', '/api/management/form-templates/{id}', [PATHS.managementForm]),
    pageCall('DELETE', '/api/management/form-templates/{id}', [PATHS.managementForm, PATHS.managementFormTemplates]),
    pageCall('GET', '/api/management/form-rules', FORM_RULE_PAGES),
    pageCall('POST', '/api/management/form-rules', FORM_RULE_PAGES),
    pageCall('PUT', '/api/management/form-rules/{id}', FORM_RULE_PAGES),
    pageCall('DELETE', '/api/management/form-rules/{id}', FORM_RULE_PAGES),
    pageCall('GET', '/api/customization/verification', OFFICE_CUSTOMIZATION_PAGES),
    pageCall('PUT', '/api/customization/verification', [PATHS.customizationVerification]),
    pageCall('GET', '/api/management/customization/verification', [PATHS.managementCustomization]),
    pageCall('PUT', '/api/management/customization/verification', [PATHS.managementCustomization]),
    pageCall('GET', '/api/verifications/{id}/form', [PATHS.verificationDetail]),
    pageCall('PUT', '/api/verifications/{id}/form', [PATHS.verificationDetail]),
    // Statistics (issue 18): the figures of the office, or of the organization's offices.
    pageCall('GET', '/api/management/stats', [PATHS.managementStats]),
    // The carrier catalogue (issue 18), global to the product: /management/carriers reads and changes it.
    pageCall('GET', '/api/management/carriers', [PATHS.managementCarriers]),
    pageCall('POST', '/api/management/carriers', [PATHS.managementCarriers]),
    pageCall('GET', '/api/management/carriers/{payerId}', [PATHS.managementCarriers]),
    pageCall('PATCH', '/api/management/carriers/{payerId}', [PATHS.managementCarriers]),
  ]),

  // The appointment schedule (issue 16): the day, an appointment, verifying it or the whole day, settings and fees.
  ...servedBy('schedule', [
    pageCall('GET', '/api/schedule/settings', SCHEDULE_SETTINGS_PAGES),
    pageWrite('PUT', '/api/schedule/settings', SCHEDULE_SETTINGS_PAGES, SCHEDULE_SETTINGS_ROLES),
    pageCall('GET', '/api/schedule/fees', SCHEDULE_SETTINGS_PAGES),
    pageWrite('PUT', '/api/schedule/fees', SCHEDULE_SETTINGS_PAGES, SCHEDULE_SETTINGS_ROLES),
    pageCall('POST', '/api/schedule/sandbox/reset', SCHEDULE_PAGES),
    pageCall('GET', '/api/schedule/appointments/{id}', SCHEDULE_PAGES),
    pageCall('POST', '/api/schedule/appointments/{id}/verify', SCHEDULE_PAGES),
    pageCall('POST', '/api/schedule/appointments/{id}/write-back', SCHEDULE_PAGES),
    pageCall('GET', '/api/schedule/{date}', SCHEDULE_PAGES),
    pageCall('POST', '/api/schedule/{date}/batch', SCHEDULE_PAGES),
    // Issue 18: what the schedule saw of each office's practice-management integration, on /management/integrations.
    pageCall('GET', '/api/management/integrations/status', [PATHS.managementIntegrations]),
  ]),
];

/** Literal paths first: /api/portals/credentials is never read as /api/portals/{portalId}/... */
const MATCH_ORDER = literalFirst(API_ROUTES);

/**
 * MATCH_ORDER by method, number of segments and second segment (`/api/<second>/...`), each list in MATCH_ORDER's
 * order: a `{name}` stands for exactly one segment, so only these entries can match a path (the gateway asks for
 * every call). An entry whose second segment is a `{name}` is in every list of its method and length, and in the
 * one for any other second segment.
 */
/** Stands for "any other second segment": no segment of a path holds a slash. */
const ANY_SEGMENT = '/';
const shapeOf = (method: string, segments: readonly string[], second = segments[2] ?? '') => `${method} ${segments.length} ${second}`;
const isParameterSegment = (segment: string) => /^\{[^}]+\}$/.test(segment);
const CANDIDATES = new Map<string, (typeof MATCH_ORDER)[number][]>();
for (const { entry } of MATCH_ORDER) {
  const segments = entry.path.split('/');
  if (!isParameterSegment(segments[2] ?? '')) CANDIDATES.set(shapeOf(entry.method, segments), []);
}
for (const candidate of MATCH_ORDER) {
  const segments = candidate.entry.path.split('/');
  if (!isParameterSegment(segments[2] ?? '')) {
    CANDIDATES.get(shapeOf(candidate.entry.method, segments))?.push(candidate);
    continue;
  }
  const anySecond = shapeOf(candidate.entry.method, segments, ANY_SEGMENT);
  CANDIDATES.set(anySecond, [...(CANDIDATES.get(anySecond) ?? []), candidate]);
  const sameLength = shapeOf(candidate.entry.method, segments, '');
  for (const [shape, list] of CANDIDATES) if (shape !== anySecond && shape.startsWith(sameLength)) list.push(candidate);
}

/** The table entry for a request (method any case, path with or without query or trailing slash). */
export function matchApiRoute(method: string, path: string): ApiRoute | undefined {
  const upper = method.toUpperCase();
  const wanted = upper === 'HEAD' ? 'GET' : upper;
  const bare = pathOnly(path);
  const segments = bare.split('/');
  const candidates = CANDIDATES.get(shapeOf(wanted, segments)) ?? CANDIDATES.get(shapeOf(wanted, segments, ANY_SEGMENT));
  return candidates?.find(({ regex }) => regex.test(bare))?.entry;
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
