/**
 * The left side menu (SPEC section 2 screen 10, section 6). Items come in the screen's order; an item is shown
 * when its section 6 rule holds and, for an item that opens a private page, when the user may open that page
 * (so Management shows for agents, admins and super administrators, not for god users, whose page is
 * /correction). The item of the current page is disabled; the Bug report item opens the report popover and
 * has no page.
 */
import { MENU_LABELS } from '../constants';
import { type OfficePlanType, type PaymentType } from '../enums';
import { isCompanyAuthorized, isDentalOfficeAuthorized, hasAnyRole, MANAGER_ROLES } from './roles';
import { paysByCard } from './office';
import { pathOnly } from './path-pattern';
import { canAccess } from './routes';

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

const SETTINGS_ITEMS: readonly ItemRule[] = [
  { id: 'formCustomization', path: '/customization', visible: isManager },
  {
    id: 'billingSettings',
    path: '/payment/settings',
    visible: (context) =>
      isManager(context) &&
      paysByCard(context.paymentType) &&
      notFreemium(context) &&
      pathOnly(context.currentPath) !== '/payment/setup',
  },
  { id: 'dentalOfficeSettings', path: '/dental-office-settings', visible: isManager },
];

const TOP_ITEMS: readonly (ItemRule | 'settings')[] = [
  { id: 'newVerification', path: '/verification', visible: always },
  { id: 'planSearch', path: '/plan', visible: always },
  { id: 'management', path: '/management', visible: ({ roles }) => isCompanyAuthorized(roles) },
  {
    id: 'appointmentSchedule',
    path: '/schedule',
    visible: (context) => Boolean(context.integrationSubdomain) && notFreemium(context),
  },
  {
    id: 'verificationsHistory',
    path: '/past-verifications',
    visible: ({ roles, inRegistration }) => isDentalOfficeAuthorized(roles) && !inRegistration,
  },
  'settings',
  { id: 'userGuide', path: '/user-guide', visible: always },
  { id: 'bugReport', visible: always },
];

function build(rule: ItemRule, context: MenuContext): MenuItem | undefined {
  if (!rule.visible(context)) return undefined;
  if (rule.path !== undefined && !canAccess(rule.path, context.roles)) return undefined;
  const item = { id: rule.id, label: MENU_LABELS[rule.id], disabled: rule.path === pathOnly(context.currentPath) };
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
