/**
 * The left side menu (SPEC section 2 screen 10, section 6). Items come in the screen's order; an item is shown
 * when its section 6 rule holds and, for an item that opens a private page, when the user may open that page
 * (so Management shows for agents, admins and super administrators, not for god users, whose page is
 * /correction). The item of the current page is disabled; the Bug report item opens the report popover and
 * has no page.
 *
 * "The current page" is a route, not a path: an item is current on its own route and on the routes that only
 * add parameters below it (Plan Search on /plan/{id}, Appointment Schedule on /schedule/{date}, New
 * Verification on /verification/{id} and its /source). A literal sub-page is a page of its own and leaves the
 * item enabled (Management on /management/bugs, Form Customization on /customization/verification).
 */
import { MENU_LABELS } from '../constants';
import { type OfficePlanType, type PaymentType } from '../enums';
import { isCompanyAuthorized, isDentalOfficeAuthorized, hasAnyRole, MANAGER_ROLES } from './roles';
import { paysByCard } from './office';
import { pathOnly } from './path-pattern';
import { canAccess, homePathFor, matchRoute, PATHS } from './routes';

export type MenuItemId = keyof typeof MENU_LABELS;

export type MenuItem = {
  readonly id: MenuItemId;
  readonly label: string;
  /** The page it opens in a new tab; absent for the settings group and the bug report. */
  readonly path?: string;
  readonly disabled: boolean;
  readonly children?: readonly MenuItem[];
};

export type MenuContext = {
  /** Normalized or not; compared normalized. */
  roles: readonly string[];
  /** The current browser path. */
  currentPath: string;
  inRegistration: boolean;
  /** The session's integration subdomain; the Appointment Schedule needs one. */
  integrationSubdomain?: string | null;
  planType?: OfficePlanType | null;
  paymentType?: PaymentType | null;
};

type ItemRule = { id: MenuItemId; path?: string; visible: (context: MenuContext) => boolean };

const always = (): boolean => true;
const isManager = ({ roles }: MenuContext): boolean => hasAnyRole(roles, MANAGER_ROLES);
const notFreemium = ({ planType }: MenuContext): boolean => planType !== 'freemium';

/**
 * Whether an office has the Appointment Schedule (SPEC section 6, menu rules): an integration subdomain and a plan
 * that is not freemium. The menu shows it by this rule and the schedule service refuses an office without it.
 */
export function offersSchedule(integrationSubdomain: string | null | undefined, planType: OfficePlanType | null | undefined): boolean {
  return Boolean(integrationSubdomain) && planType !== 'freemium';
}

const SETTINGS_ITEMS: readonly ItemRule[] = [
  { id: 'formCustomization', path: PATHS.customization, visible: isManager },
  {
    id: 'billingSettings',
    path: PATHS.paymentBillingSettings,
    visible: (context) =>
      isManager(context) &&
      paysByCard(context.paymentType) &&
      notFreemium(context) &&
      pathOnly(context.currentPath) !== PATHS.paymentSetup,
  },
  { id: 'dentalOfficeSettings', path: PATHS.dentalOfficeSettings, visible: isManager },
];

const TOP_ITEMS: readonly (ItemRule | 'settings')[] = [
  { id: 'newVerification', path: PATHS.verification, visible: always },
  { id: 'planSearch', path: PATHS.plan, visible: always },
  { id: 'management', path: PATHS.management, visible: ({ roles }) => isCompanyAuthorized(roles) },
  {
    id: 'appointmentSchedule',
    path: PATHS.schedule,
    visible: (context) => offersSchedule(context.integrationSubdomain, context.planType),
  },
  {
    id: 'verificationsHistory',
    path: PATHS.pastVerifications,
    visible: ({ roles, inRegistration }) => isDentalOfficeAuthorized(roles) && !inRegistration,
  },
  'settings',
  { id: 'userGuide', path: PATHS.userGuide, visible: always },
  { id: 'bugReport', visible: always },
];

/**
 * Whether the item's page is the one on screen: the current route is the item's route, or a route that starts
 * with the item's path followed by a parameter segment.
 */
function isCurrentMenuPath(itemPath: string, currentPath: string): boolean {
  const route = matchRoute(currentPath)?.path ?? pathOnly(currentPath);
  return route === itemPath || route.startsWith(`${itemPath}/{`);
}

function build(rule: ItemRule, context: MenuContext): MenuItem | undefined {
  if (!rule.visible(context)) return undefined;
  if (rule.path !== undefined && !canAccess(rule.path, context.roles)) return undefined;
  const disabled = rule.path !== undefined && isCurrentMenuPath(rule.path, context.currentPath);
  const item = { id: rule.id, label: MENU_LABELS[rule.id], disabled };
  return rule.path === undefined ? item : { ...item, path: rule.path };
}

/** The visible menu items, in order; the settings group appears when any of its items does. */
export function leftMenu(context: MenuContext): MenuItem[] {
  const items: MenuItem[] = [];
  for (const rule of TOP_ITEMS) {
    if (rule === 'settings') {
      const children = SETTINGS_ITEMS.map((child) => build(child, context)).filter((child) => child !== undefined);
      if (children.length > 0) items.push({ id: 'settings', label: MENU_LABELS.settings, disabled: false, children });
      continue;
    }
    const item = build(rule, context);
    if (item) items.push(item);
  }
  return items;
}

/**
 * Where a signed-in user with these roles (the roles that count, effectiveRoles) starts, and where a dead end
 * sends them on: their home page (homePathFor) when the route table gives them one, else the first page of their
 * menu. A role with no private page (groupmember, doregistration outside registration) still has the User Guide
 * there, a public page, so the answer is always a page the roles may open and never /unauthorized.
 */
export function startPageFor(roles: readonly string[]): string {
  const home = homePathFor(roles);
  if (home !== PATHS.unauthorized) return home;
  const menu = leftMenu({ roles, currentPath: PATHS.home, inRegistration: false });
  const first = menu.flatMap((item) => [item, ...(item.children ?? [])]).find((item) => item.path !== undefined);
  return first?.path ?? PATHS.userGuide;
}
