/**
 * A dental practice registers itself (issue 18 item 8, SPEC sections 4 and 6). A user in registration (no office,
 * no office or company role) signs in through the development provider and is sent to /register-do; the NPI with
 * a wrong check digit is refused with the contract's message under the field; the right one registers the
 * practice, the session is renewed silently (the provider reads the offices service's user record, which now
 * names the office and the staff manager role) and the user lands on the verification page with the new office in
 * the header, without signing out. The new staff manager then finds the registered details on
 * /dental-office-settings. The form passes axe-core at both sizes.
 *
 * A registration changes the user for the rest of the stack's run, and roles.spec.mjs signs the seeded
 * doregistration@demo.test in as a registering user: this scenario invites a user of its own instead (an admin's
 * POST /api/management/users with the role doregistration, which answers the development password).
 */
import { NPI_MESSAGES } from '@dv/contracts';
import { checkBothSizes } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { api, assert, claimsOf, devToken, refusedWith, settled, storedSession, waitForPath } from '../lib/helpers.mjs';

const PRACTICE = {
  name: `Riverside Family Dental ${Date.now().toString(36)}`,
  npi: '1245319599',
  taxId: '12-3456789',
  phone: '(312) 555-0142',
  street: '100 Lake Shore Dr',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
};

// The wrong NPI is refused on purpose: its 400 shows on the console as a failed resource.
test.use({ expectedConsoleErrors: [refusedWith(400, '/api/registration/office')] });

/** A user in registration, invited by an admin: their e-mail and the development password the invitation made. */
async function inviteRegisteringUser(stack) {
  const admin = await devToken(stack, 'admin@demo.test');
  const email = `registrant-${Date.now().toString(36)}@demo.test`;
  const invited = await api(stack, admin, 'POST', '/api/management/users', { email, name: 'Riley Registrant', roles: ['doregistration'] });
  assert.equal(invited.signIn.kind, 'developmentPassword', 'the stack runs the development provider');
  return { email, password: invited.signIn.password };
}

async function signIn(page, stack, { email, password }) {
  await page.goto(stack.demoUrl);
  await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('register-do-practice', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const account = await inviteRegisteringUser(stack);
  await signIn(page, stack, account);
  await waitForPath(page, '/register-do', 20_000);
  const form = page.getByRole('form', { name: 'Register your dental practice' });
  await form.waitFor();
  assert.equal(claimsOf((await storedSession(page)).access_token).officeId, undefined, 'no office before registering');
  await checkBothSizes(page, '/register-do');

  await form.getByLabel('Practice name').fill(PRACTICE.name);
  await form.getByLabel('NPI').fill('1245319590');
  await form.getByLabel('Tax ID (EIN)').fill(PRACTICE.taxId);
  await form.getByLabel('Phone').fill(PRACTICE.phone);
  await form.getByLabel('Street address').fill(PRACTICE.street);
  await form.getByLabel('City').fill(PRACTICE.city);
  await form.getByLabel('State').selectOption(PRACTICE.state);
  await form.getByLabel('ZIP code').fill(PRACTICE.zipCode);
  await form.getByRole('button', { name: 'Register practice' }).click();

  // The check digit, in the contract's words, under the field, which has the focus.
  const npi = form.getByLabel('NPI');
  await expect(form.getByText(NPI_MESSAGES.checkDigit)).toBeVisible();
  await expect(npi).toBeFocused();
  await expect(npi).toHaveAttribute('aria-invalid', 'true');
  await shot('1-npi-refused');

  await npi.fill(PRACTICE.npi);
  await npi.press('Enter');
  await waitForPath(page, '/verification', 20_000);
  const header = page.getByRole('banner');
  await expect(header.getByText(PRACTICE.name)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  const renewed = claimsOf((await storedSession(page)).access_token);
  assert.ok(renewed.officeId, 'the renewed token names the new office');
  assert.deepEqual(renewed.roles, { [renewed.officeId]: ['staffmanager'] });
  assert.deepEqual(renewed.allowedOfficeIds, [renewed.officeId]);
  await settled(page);
  await shot('2-verification-page');

  // The staff manager's menu, and the registered details on the office's settings page.
  await page.goto(`${stack.demoUrl}/dental-office-settings`);
  const details = page.getByRole('form', { name: 'Office details' });
  await details.waitFor({ timeout: 15_000 });
  await expect(details.getByText(PRACTICE.name)).toBeVisible();
  await expect(details.getByLabel('NPI')).toHaveValue(PRACTICE.npi);
  await expect(details.getByLabel('Phone')).toHaveValue(PRACTICE.phone);
  await expect(details.getByLabel('ZIP code')).toHaveValue(PRACTICE.zipCode);
  await settled(page);
  await shot('3-office-details');
});
