import { ROLES, type Role } from '../enums';
import { leftMenu, type MenuContext, type MenuItem, startPageFor } from './menu';
import { effectiveRoles } from './roles';
import { homePathFor, matchRoute, PATHS, resolveRedirect } from './routes';

/** Ids of visible items; a group as `settings[child,child]`. */
function shape(items: readonly MenuItem[]): string[] {
  return items.map((item) => (item.children ? `${item.id}[${item.children.map((child) => child.id).join(',')}]` : item.id));
}

const base: Omit<MenuContext, 'roles'> = {
  currentPath: '/user-guide',
  inRegistration: false,
  integrationSubdomain: 'smiles',
  planType: 'standard',
  paymentType: 'auto',
};

describe('left side menu per role (SPEC sections 2 and 6)', () => {
  it.each<[Role, string[]]>([
    ['superadministrator', ['newVerification', 'planSearch', 'management', 'appointmentSchedule', 'userGuide', 'bugReport']],
    ['admin', ['newVerification', 'planSearch', 'management', 'userGuide', 'bugReport']],
    ['agent', ['newVerification', 'planSearch', 'management', 'userGuide', 'bugReport']],
    [
      'staffmanager',
      [
        'newVerification',
        'planSearch',
        'appointmentSchedule',
        'verificationsHistory',
        'settings[formCustomization,billingSettings,dentalOfficeSettings]',
        'userGuide',
        'bugReport',
      ],
    ],
    ['staff', ['newVerification', 'planSearch', 'appointmentSchedule', 'verificationsHistory', 'userGuide', 'bugReport']],
    ['groupmanager', ['settings[formCustomization,billingSettings,dentalOfficeSettings]', 'userGuide', 'bugReport']],
    ['groupmember', ['userGuide', 'bugReport']],
    ['doregistration', ['userGuide', 'bugReport']],
    ['goduser', ['userGuide', 'bugReport']],
  ])('%s sees %p', (role, expected) => {
    expect(shape(leftMenu({ ...base, roles: [role] }))).toEqual(expected);
  });

  it('keeps the screen order and the labels', () => {
    const items = leftMenu({ ...base, roles: ['staffmanager', 'agent'] });
    expect(items.map((item) => item.label)).toEqual([
      'New Verification',
      'Plan Search',
      'Management',
      'Appointment Schedule',
      'Verifications History',
      'Settings',
      'User Guide',
      'Bug report',
    ]);
    expect(items.find((item) => item.id === 'settings')?.children?.map((child) => child.label)).toEqual([
      'Form Customization',
      'Billing Settings',
      'Dental Office Settings',
    ]);
  });
});

describe('menu rules', () => {
  const staffManager = { ...base, roles: ['staffmanager'] };
  const ids = (context: MenuContext): string[] => shape(leftMenu(context)).join(' ').split(/[ [\],]+/).filter(Boolean);

  it('Appointment Schedule needs an integration subdomain and a non-freemium plan', () => {
    expect(ids(staffManager)).toContain('appointmentSchedule');
    expect(ids({ ...staffManager, integrationSubdomain: null })).not.toContain('appointmentSchedule');
    expect(ids({ ...staffManager, integrationSubdomain: '' })).not.toContain('appointmentSchedule');
    expect(ids({ ...staffManager, planType: 'freemium' })).not.toContain('appointmentSchedule');
    expect(ids({ ...staffManager, planType: undefined })).toContain('appointmentSchedule');
  });

  it('Verifications History is for office users not in registration', () => {
    expect(ids({ ...base, roles: ['staff'] })).toContain('verificationsHistory');
    expect(ids({ ...base, roles: ['staff'], inRegistration: true })).not.toContain('verificationsHistory');
    expect(ids({ ...base, roles: ['groupmanager'] })).not.toContain('verificationsHistory');
  });

  it('Management is for company users who may open it', () => {
    for (const role of ['agent', 'admin', 'superadministrator']) expect(ids({ ...base, roles: [role] })).toContain('management');
    for (const role of ['staff', 'staffmanager', 'groupmanager', 'goduser']) {
      expect(ids({ ...base, roles: [role] })).not.toContain('management');
    }
  });

  it('Billing Settings needs payment type auto, locked or unset, a non-freemium plan and not being on /payment/setup', () => {
    expect(ids({ ...staffManager, paymentType: 'locked' })).toContain('billingSettings');
    expect(ids({ ...staffManager, paymentType: null })).toContain('billingSettings');
    expect(ids({ ...staffManager, paymentType: undefined })).toContain('billingSettings');
    expect(ids({ ...staffManager, paymentType: 'manual' })).not.toContain('billingSettings');
    expect(ids({ ...staffManager, paymentType: 'invoice' })).not.toContain('billingSettings');
    expect(ids({ ...staffManager, planType: 'freemium' })).not.toContain('billingSettings');
    expect(ids({ ...staffManager, currentPath: '/payment/setup' })).not.toContain('billingSettings');
    expect(ids({ ...staffManager, currentPath: '/payment/setup?step=2' })).not.toContain('billingSettings');
    expect(ids({ ...staffManager, currentPath: '/payment/setup' })).toContain('formCustomization');
    expect(ids({ ...base, roles: ['staff'] })).not.toContain('billingSettings');
  });

  it('Form Customization and Dental Office Settings are for staff managers and group managers', () => {
    for (const role of ['staffmanager', 'groupmanager', 'Staff Manager']) {
      expect(ids({ ...base, roles: [role] })).toEqual(expect.arrayContaining(['formCustomization', 'dentalOfficeSettings']));
    }
    for (const role of ['staff', 'superadministrator', 'admin']) {
      expect(ids({ ...base, roles: [role] })).not.toContain('formCustomization');
      expect(ids({ ...base, roles: [role] })).not.toContain('settings');
    }
  });

  it('disables the item of the current page, only that one', () => {
    const onPlan = leftMenu({ ...staffManager, currentPath: '/plan?q=delta' });
    expect(onPlan.filter((item) => item.disabled).map((item) => item.id)).toEqual(['planSearch']);
    const onSettings = leftMenu({ ...staffManager, currentPath: '/dental-office-settings?tab=1' });
    const settings = onSettings.find((item) => item.id === 'settings');
    expect(settings?.disabled).toBe(false);
    expect(settings?.children?.filter((child) => child.disabled).map((child) => child.id)).toEqual(['dentalOfficeSettings']);
    const onGuide = leftMenu(staffManager);
    expect(onGuide.filter((item) => item.disabled).map((item) => item.id)).toEqual(['userGuide']);
  });

  const disabledOn = (currentPath: string, roles: string[] = ['staffmanager', 'agent']): string[] =>
    leftMenu({ ...base, roles, currentPath })
      .flatMap((item) => [item, ...(item.children ?? [])])
      .filter((item) => item.disabled)
      .map((item) => item.id);

  it.each([
    ['/plan/42', ['planSearch']],
    ['/plan/42?tab=benefits', ['planSearch']],
    ['/schedule/2026-01-01', ['appointmentSchedule']],
    ['/schedule/', ['appointmentSchedule']],
    ['/verification/abcdefgh-1234-abcd-1234-abcdefghijkl', ['newVerification']],
    ['/verification/abcdefgh-1234-abcd-1234-abcdefghijkl/source', ['newVerification']],
  ])('disables the item on a parameterised page of its route: %s', (currentPath, expected) => {
    expect(disabledOn(currentPath)).toEqual(expected);
  });

  it.each([
    ['/management/bugs'],
    ['/management/bugs/42'],
    ['/customization/verification'],
    ['/payment/settings/extra'],
    ['/verifications'],
    ['/planning'],
    ['/no-such-page'],
  ])('leaves every item enabled on %s, a page of its own', (currentPath) => {
    expect(disabledOn(currentPath)).toEqual([]);
  });

  it('gives each item its page; the bug report opens the popover instead', () => {
    const items = leftMenu({ ...staffManager, roles: ['staffmanager', 'agent'] });
    const paths = Object.fromEntries(items.map((item) => [item.id, item.path]));
    expect(paths).toEqual({
      newVerification: '/verification',
      planSearch: '/plan',
      management: '/management',
      appointmentSchedule: '/schedule',
      verificationsHistory: '/past-verifications',
      settings: undefined,
      userGuide: '/user-guide',
      bugReport: undefined,
    });
    const settings = items.find((item) => item.id === 'settings');
    expect(settings?.children?.map((child) => child.path)).toEqual(['/customization', '/payment/settings', '/dental-office-settings']);
  });
});

/** Every combination of ROLES (2^9 role lists), the empty one included. */
function everyRoleList(): Role[][] {
  return Array.from({ length: 2 ** ROLES.length }, (_, mask) => ROLES.filter((_, bit) => (mask >> bit) % 2 === 1));
}

describe('start page (issue 13 item 11)', () => {
  it.each<[Role, string]>([
    ['superadministrator', '/verification'],
    ['admin', '/verification'],
    ['agent', '/verification'],
    ['staffmanager', '/verification'],
    ['staff', '/verification'],
    ['groupmanager', '/customization'],
    // No private page of SPEC section 2 is theirs: the first page of their menu.
    ['groupmember', '/user-guide'],
    ['doregistration', '/user-guide'],
    ['goduser', '/correction'],
  ])('%s starts on %s', (role, expected) => {
    expect(startPageFor(effectiveRoles([role], false))).toBe(expected);
  });

  it('is, for every list of roles, a page those roles may open: never /unauthorized, never a redirect', () => {
    const wrong = everyRoleList().flatMap((roles) => {
      const effective = effectiveRoles(roles, false);
      const start = startPageFor(effective);
      const menuPaths = leftMenu({ roles: effective, currentPath: PATHS.home, inRegistration: false }).flatMap((item) =>
        [item, ...(item.children ?? [])].map((entry) => entry.path),
      );
      const fine =
        start !== PATHS.unauthorized &&
        matchRoute(start)?.path === start &&
        resolveRedirect({ path: start, loggedIn: true, roles, inRegistration: false }) === null &&
        // The home page of the route table where there is one, else a page of the menu.
        [homePathFor(effective), ...menuPaths].includes(start);
      return fine ? [] : [{ roles, start }];
    });
    expect(wrong).toEqual([]);
  });

  it('is /register-do for a user in registration (doregistration counts then)', () => {
    for (const roles of [[], ['doregistration'], ['groupmember', 'doregistration']]) {
      const start = startPageFor(effectiveRoles(roles, true));
      expect(start).toBe('/register-do');
      expect(resolveRedirect({ path: start, loggedIn: true, roles, inRegistration: true })).toBeNull();
    }
  });
});
