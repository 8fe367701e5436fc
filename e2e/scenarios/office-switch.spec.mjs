/**
 * Issue 13 item 12: the demo staff manager is staff manager at Main St (office-demo-1) and staff at Oak Ave
 * (office-demo-2). Switched to Oak Ave on a manager-only page, they keep the frame (menu, office switcher, Sign out)
 * and move to the staff start page instead of a bare Unauthorized; on a page staff may open they stay. On a phone
 * the same switch, made with the keyboard alone, leaves a page without sideways scroll or a serious axe violation.
 */
import { PATHS } from '@dv/contracts';
import { checkAccessibility, checkNoHorizontalScroll, VIEWPORTS } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, menuLabels, pathOf, settled, signInAt, waitForPath } from '../lib/helpers.mjs';

const MAIN_ST = 'office-demo-1';
const OAK_AVE = 'office-demo-2';
const STAFF_MENU_AT_OAK_AVE = ['New Verification', 'Plan Search', 'Verifications History', 'User Guide', 'Bug report'];

async function currentOfficeIs(page, officeId) {
  await expect.poll(() => page.evaluate(() => globalThis.sessionStorage.getItem('current_office'))).toBe(officeId);
}

async function chooseOffice(page, name) {
  await page.getByRole('combobox', { name: 'Current office' }).click();
  await page.getByRole('option', { name }).click();
}

/** The staff start page has rendered in the frame: the header's office switcher and Sign out, no Unauthorized. */
async function checkStartPageInFrame(page, where) {
  await waitForPath(page, PATHS.verification);
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  const header = page.getByRole('banner');
  await header.getByRole('combobox', { name: 'Current office' }).waitFor();
  await header.getByRole('button', { name: 'Sign out' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Unauthorized' }).count(), 0, `no Unauthorized page ${where}`);
}

async function signInOn(page, stack, path) {
  await page.goto(`${stack.demoUrl}${path}`);
  await signInAt(page, stack, 'staffmanager@demo.test');
  await waitForPath(page, path);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

test('office-switch', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  await signInOn(page, stack, PATHS.dentalOfficeSettings);
  await currentOfficeIs(page, MAIN_ST);
  await shot('1-manager-page');

  await chooseOffice(page, /Oak Ave/);
  await currentOfficeIs(page, OAK_AVE);
  await checkStartPageInFrame(page, 'after switching on a manager-only page');
  assert.deepEqual(await menuLabels(page), STAFF_MENU_AT_OAK_AVE, 'the menu of the role held at Oak Ave');
  await shot('2-staff-start-page');

  // /verification is open to staff managers too: switching back stays there.
  await chooseOffice(page, /Main St/);
  await currentOfficeIs(page, MAIN_ST);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Dental Office Settings').waitFor();
  assert.equal(pathOf(page), PATHS.verification, 'a page the new role opens stays');
  await shot('3-back-at-main-st');

  // On a phone, by keyboard: from Form Customization (managers only) to Oak Ave.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`${stack.demoUrl}${PATHS.customization}`);
  await page.getByRole('heading', { level: 1, name: 'Form Customization' }).waitFor();
  const switcher = page.getByRole('combobox', { name: 'Current office' });
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: /Oak Ave/ }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await currentOfficeIs(page, OAK_AVE);
  await checkStartPageInFrame(page, 'after switching on the phone');
  await page.getByRole('button', { name: 'Open menu' }).waitFor();
  // antd's enter animations finish first: axe cannot judge the colours of a fading element.
  await settled(page);
  await shot('4-phone-staff-start-page');
  await checkNoHorizontalScroll(page, 'the start page after an office switch at 390x844');
  await checkAccessibility(page, 'the start page after an office switch at 390x844');
});
