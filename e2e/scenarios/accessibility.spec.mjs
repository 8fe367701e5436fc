/**
 * Issue 12: every page that exists works at 1280x800 and at 390x844 (a phone) without the page scrolling
 * sideways, with no serious or critical axe-core violation, and the frame's menu is usable by keyboard alone (on
 * a phone the left menu is a drawer behind the header's 'Open menu' button). Full-page screenshots of each page
 * at both sizes go to e2e/artifacts/.
 */
import { PATHS } from '@dv/contracts';
import { shotPath } from '../lib/artifacts.mjs';
import { checkAccessibility, checkNoHorizontalScroll, VIEWPORTS } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, devToken, injectToken, settled } from '../lib/helpers.mjs';

/**
 * Both checks and a full-page screenshot at each viewport, for a page that `ready` waits for. antd's enter
 * animations finish first: axe measures colours, and a fading element has none it could judge.
 */
async function checkPage(page, id, name, ready) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await ready();
    await settled(page);
    const label = `${name} at ${viewport.width}x${viewport.height}`;
    await page.screenshot({ path: shotPath(`${id}--${name}-${size}`), fullPage: true });
    await checkNoHorizontalScroll(page, label);
    await checkAccessibility(page, label);
  }
}

async function signIn(page, stack, email) {
  await page.goto(`${stack.demoUrl}${PATHS.terms}`);
  await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
  await injectToken(page, await devToken(stack, email));
}

const heading = (page, name) => () => page.getByRole('heading', { level: 1, name }).waitFor();

/** On a phone: the menu opens from the header by keyboard, shows the items, and Escape closes it again. */
async function checkMenuDrawerByKeyboard(page, id, shotName) {
  await page.setViewportSize(VIEWPORTS.phone);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Main menu' }).isVisible(), false, 'the menu is folded away on a phone');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await settled(page);
  // The drawer takes the focus once it has opened.
  await expect
    .poll(() => drawer.evaluate((element) => element.contains(globalThis.document.activeElement)), { message: 'the open drawer has the focus' })
    .toBe(true);
  await page.screenshot({ path: shotPath(`${id}--${shotName}`) });
  await checkAccessibility(page, 'the open menu drawer at 390x844');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  // Focus goes back to the button that opened it, so a keyboard user is where they were.
  await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute('aria-label') === 'Open menu', undefined, {
    timeout: 3_000,
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  assert.equal(await menuButton.isVisible(), false, 'at 1280 the menu is a side column, no button');
}

/**
 * Pages without a session: the organization prompt on a host without organization, terms, unauthorized, and the
 * sign-in prompt of /sessionEnd (the signed-out '/' shows the same one).
 */
test('accessibility-public', async ({ stack, page }) => {
  test.setTimeout(120_000);
  const id = 'accessibility-public';
  await page.goto(stack.gatewayUrl);
  await checkPage(page, id, 'organization-prompt', () => page.getByRole('heading', { name: 'Enter organization name' }).waitFor());

  await page.goto(`${stack.demoUrl}${PATHS.terms}`);
  await checkPage(page, id, 'terms', heading(page, 'Terms of use'));

  await page.goto(`${stack.demoUrl}${PATHS.unauthorized}`);
  await checkPage(page, id, 'unauthorized', heading(page, 'Unauthorized'));

  // The signed-out default page shows the same sign-in prompt.
  await page.goto(`${stack.demoUrl}${PATHS.sessionEnd}`);
  await checkPage(page, id, 'session-end', heading(page, 'Your session has ended'));
});

/** The staff manager's pages with the frame: start page, user guide, portal credentials; the menu by keyboard. */
test('accessibility-office', async ({ stack, page }) => {
  test.setTimeout(150_000);
  const id = 'accessibility-office';
  await signIn(page, stack, 'staffmanager@demo.test');

  await page.goto(`${stack.demoUrl}${PATHS.userGuide}`);
  await checkPage(page, id, 'user-guide', heading(page, 'User Guide'));
  await checkMenuDrawerByKeyboard(page, id, 'menu-drawer-phone');

  await page.goto(`${stack.demoUrl}${PATHS.dentalOfficeSettings}?tab=1`);
  await checkPage(page, id, 'portal-credentials', async () => {
    await heading(page, 'Portal Credentials Management')();
    await page.getByRole('button', { name: /^(Login|Edit)$/ }).first().waitFor();
  });

  // The notification popover fits a phone's width.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: /^Portal credential notifications/ }).click();
  const popover = page.getByRole('region', { name: 'Portal credential notifications' });
  await popover.waitFor();
  await settled(page);
  const box = await page.locator('.ant-popover').filter({ has: popover }).boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width, `the popover stays on screen: ${JSON.stringify(box)}`);
  await page.screenshot({ path: shotPath(`${id}--notifications-phone`) });
  await checkNoHorizontalScroll(page, 'notification popover at 390x844');
  await checkAccessibility(page, 'notification popover at 390x844');
  await page.keyboard.press('Escape');

  await page.goto(`${stack.demoUrl}${PATHS.home}`);
  await page.waitForURL((url) => url.pathname !== PATHS.home, { waitUntil: 'commit' });
  await page.getByRole('navigation', { name: 'Main menu' }).or(page.getByRole('button', { name: 'Open menu' })).first().waitFor();
});

/** The bug report popover, opened from the menu drawer on a phone and from the side menu at 1280. */
test('accessibility-bug-report', async ({ stack, page }) => {
  test.setTimeout(120_000);
  const id = 'accessibility-bug-report';
  await signIn(page, stack, 'staff@demo.test');
  await page.goto(`${stack.demoUrl}${PATHS.userGuide}`);
  await heading(page, 'User Guide')();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Bug report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bug report' });
    await dialog.getByLabel('Title').waitFor();
    await settled(page);
    await page.screenshot({ path: shotPath(`${id}--popover-${size}`) });
    const label = `bug report popover at ${viewport.width}x${viewport.height}`;
    await checkNoHorizontalScroll(page, label);
    await checkAccessibility(page, label);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
});

/** An admin's management pages: the landing page, the bug list and one report. */
test('accessibility-management', async ({ stack, page }) => {
  test.setTimeout(150_000);
  const id = 'accessibility-management';
  // A report to look at, sent as the staff user of the first demo office.
  const staffToken = await devToken(stack, 'staff@demo.test');
  const response = await fetch(`${stack.loopback.gateway}/api/bugReports`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${staffToken}`,
      'x-organization-id': 'org-demo',
      'connected-dental-office': 'office-demo-1',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      type: 'Technical bug',
      title: 'Plan search shows no results on a phone',
      url: `${stack.demoUrl}/plan`,
      description: 'Searching for Delta Dental shows an empty list.\nIt works at the front desk.',
    }),
  });
  assert.equal(response.status, 201, `the report was sent: ${await response.text()}`);

  await signIn(page, stack, 'admin@demo.test');
  await page.goto(`${stack.demoUrl}${PATHS.management}`);
  await checkPage(page, id, 'management', heading(page, 'Management'));

  await page.goto(`${stack.demoUrl}${PATHS.managementBugs}`);
  await checkPage(page, id, 'bug-list', async () => {
    await heading(page, 'Bug Reports')();
    await page.getByText('Plan search shows no results on a phone').first().waitFor();
  });

  await page.getByText('Plan search shows no results on a phone').first().click();
  await page.waitForURL((url) => url.pathname.startsWith(`${PATHS.managementBugs}/`));
  await checkPage(page, id, 'bug-detail', () => page.getByText('Searching for Delta Dental shows an empty list.').waitFor());

  // A page this role may not open sends the admin to /unauthorized, inside the frame.
  await page.goto(`${stack.demoUrl}${PATHS.managementFeatures}`);
  await page.waitForURL((url) => url.pathname === PATHS.unauthorized);
  await checkPage(page, id, 'unauthorized-signed-in', heading(page, 'Unauthorized'));
});
