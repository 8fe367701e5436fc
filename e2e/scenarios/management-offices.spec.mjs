/**
 * Issue 18 items 1 and 2: an admin (admin@demo.test, signed in at the development identity provider) creates a
 * dental office with its settings on /management/do-management and invites its staff manager from the office's
 * page; the development password the invitation shows once signs the manager in, in another browser context, and
 * the header names the new office as their current one. The office list finds the office, the users page the
 * manager; the office, users, user and group pages pass axe.
 */
import { expect, test } from '../lib/fixtures.mjs';
import { shotPath } from '../lib/artifacts.mjs';
import { checkAccessibility } from '../lib/axe.mjs';
import { settled, signInAt, waitForPath } from '../lib/helpers.mjs';

/** Unique per run: the stack is shared, and an e-mail is unique. */
const RUN = Date.now().toString(36);
const OFFICE = `Elm Street Dental ${RUN}`;
const MANAGER = { email: `elm.manager.${RUN}@demo.test`, name: 'Elliot Elm' };

async function createOffice(page) {
  await page.getByRole('button', { name: 'New office' }).click();
  const form = page.getByRole('form', { name: 'New office' });
  await form.getByLabel('Office name').fill(OFFICE);
  await form.getByLabel('Plan type').selectOption('standard');
  // Paid by invoice: not by card, so the payment gate leaves the new office's users alone.
  await form.getByLabel('Payment type').selectOption('invoice');
  await form.getByLabel('Integration type').selectOption('manual');
  await form.getByRole('checkbox', { name: 'Outsourcing allowed' }).check();
  await checkAccessibility(page, 'the new office form');
  await form.getByRole('button', { name: 'Create the office' }).click();
  await page.getByRole('heading', { level: 1, name: OFFICE }).waitFor();
}

/** Invites the staff manager from the office's page; answers the development password shown once. */
async function inviteManager(page, shot) {
  await page.getByRole('button', { name: 'Invite a new user' }).click();
  const form = page.getByRole('form', { name: 'Invite a user' });
  await expect(form.getByRole('checkbox', { name: 'Staff manager' })).toBeChecked();
  await form.getByLabel('E-mail').fill(MANAGER.email);
  await form.getByLabel('Name').fill(MANAGER.name);
  await form.getByRole('button', { name: 'Invite' }).click();
  const password = page.getByTestId('dev-password');
  await password.waitFor();
  await settled(page);
  await shot('2-invited');
  await checkAccessibility(page, 'the office page with the invitation');
  const secret = (await password.innerText()).trim();
  expect(secret).toMatch(/^[\w-]{24}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  const users = page.getByRole('table', { name: 'The office’s users' });
  await expect(users.getByRole('row', { name: new RegExp(MANAGER.email.replace(/\./g, '\\.')) })).toContainText('Staff manager');
  return secret;
}

test('management-offices', async ({ stack, page, shot, browser }) => {
  test.setTimeout(150_000);
  await page.goto(`${stack.demoUrl}/management/do-management`);
  await signInAt(page, stack, 'admin@demo.test');
  await waitForPath(page, '/management/do-management');
  await page.getByRole('heading', { level: 1, name: 'Dental Office Management' }).waitFor();
  await createOffice(page);
  await settled(page);
  await shot('1-office');
  const password = await inviteManager(page, shot);

  // The list finds the new office by its name.
  await page.getByRole('link', { name: 'Back to the offices' }).click();
  await page.getByRole('searchbox', { name: 'Search offices' }).fill(RUN);
  await expect(page.getByRole('table', { name: 'Dental Office Management' }).getByRole('link', { name: OFFICE })).toBeVisible();
  await checkAccessibility(page, 'the office list');

  // The users page finds the invited manager, with their roles at the new office.
  await page.goto(`${stack.demoUrl}/management/agents?search=${RUN}`);
  const managerRow = page.getByRole('table', { name: 'Agents' }).getByRole('row', { name: new RegExp(MANAGER.name) });
  await expect(managerRow).toContainText(`Staff manager at ${OFFICE}`);
  await checkAccessibility(page, 'the users page');
  await managerRow.getByRole('link', { name: MANAGER.name }).click();
  await page.getByRole('heading', { level: 1, name: MANAGER.name }).waitFor();
  await page.getByRole('button', { name: 'Deactivate' }).waitFor();
  await checkAccessibility(page, 'a user’s page');
  await settled(page);
  await shot('3-user');
  await page.goto(`${stack.demoUrl}/management/do-groups`);
  await page.getByRole('table', { name: 'Dental Office Groups' }).getByRole('link', { name: 'Bright Smiles Dental Group' }).click();
  await page.getByRole('table', { name: 'Offices of this group' }).getByRole('link', { name: /Main St/ }).waitFor();
  await checkAccessibility(page, 'a group’s page');

  // The staff manager signs in elsewhere with the development password and works in the new office.
  const managerContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    await manager.goto(stack.demoUrl);
    await manager.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
    await manager.getByLabel('Email').fill(MANAGER.email);
    await manager.getByLabel('Password').fill(password);
    await manager.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(manager, '/verification', 20_000);
    const header = manager.getByRole('banner');
    await expect(header).toContainText(OFFICE);
    await manager.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
    await settled(manager);
    await manager.screenshot({ path: shotPath('management-offices--4-manager-signed-in') });
  } finally {
    await managerContext.close();
  }
});
