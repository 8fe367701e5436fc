/**
 * Payments (issue 17 items 5 and 6), with PAYMENTS_CONTINUOUS switched on for this file (and off again after it).
 * The demo's Oak Ave office (office-demo-2) has no subscription; Main St (office-demo-1) has one. Oak Ave's staff
 * manager (oakmanager@demo.test) subscribes it; the demo staff manager, staff at Oak Ave, verifies.
 *
 * - payment-gate: staff switched to Oak Ave on /verification are sent to /payment, where the plans show and an
 *   office manager subscribes; the server refuses their verification with 402 as well.
 * - payment-subscribe: Oak Ave's staff manager applies WELCOME20 on /payment, chooses Standard and reaches the
 *   sandbox's checkout page; the declined card 4000 0000 0000 0002 gets Stripe's reason there, 4242 4242 4242 4242
 *   goes through; back on /payment/verify the plan is active. The staff tab left on /payment turns live (no reload)
 *   and goes on to verify a patient.
 * - payment-cancel: Billing Settings shows the plan, the card and the invoices; cancelling at the period's end (after
 *   the confirmation) shows the end date, also to staff on Payment Settings (read-only); Keep my plan undoes it.
 *
 * The tests depend on each other (one office's subscription) and run in order.
 */
import { BILLING_MESSAGES, FEATURE_FLAGS } from '@dv/contracts';
import { shotPath } from '../lib/artifacts.mjs';
import { checkAccessibility, checkBothSizes, fullPageShot } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { api, assert, devToken, officeApi, pathOf, sandboxPatient, settled, waitForPath } from '../lib/helpers.mjs';
import { pickSandboxPatient, signIn, verifyAndOpen } from './verification-common.mjs';

const OAK_AVE = 'office-demo-2';
const CHECKOUT_PATH = /^\/checkout\/[A-Za-z0-9_]+$/;
const US_DATE = /\d{2}\/\d{2}\/\d{4}/;

const setPayments = (stack, token, isActive) => api(stack, token, 'PUT', `/api/management/features/${FEATURE_FLAGS.PAYMENTS_CONTINUOUS.name}`, { isActive });

test.describe.configure({ mode: 'serial' });

let superToken;
test.beforeAll(async ({ stack }) => {
  superToken = await devToken(stack, 'superadministrator@demo.test');
  await setPayments(stack, superToken, true);
});
test.afterAll(async ({ stack }) => {
  await setPayments(stack, superToken, false).catch(() => undefined);
});

async function chooseOffice(page, name) {
  await page.getByRole('combobox', { name: 'Current office' }).click();
  await page.getByRole('option', { name }).click();
}

/** Signs in and acts for Oak Ave from the first page on (the office of the tab, SPEC section 6). */
async function signInAtOakAve(page, stack, email, path) {
  await signIn(page, stack, email);
  await page.evaluate((officeId) => globalThis.sessionStorage.setItem('current_office', officeId), OAK_AVE);
  await page.goto(`${stack.demoUrl}${path}`);
}

/** Both checks at the desktop and phone sizes, with a phone screenshot. */
const checkPage = (page, label) => checkBothSizes(page, label, { shot: fullPageShot(page, 'payment') });

const plans = (page) => page.getByRole('list', { name: 'Plans' });

test('payment-gate', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  // Main St pays: its staff manager stays on /verification.
  await signIn(page, stack, 'staffmanager@demo.test', '/verification');
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  await settled(page);
  assert.equal(pathOf(page), '/verification', 'an office that pays is let through');

  // Oak Ave does not: its staff go to /payment.
  await chooseOffice(page, /Oak Ave/);
  await waitForPath(page, '/payment');
  await page.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor();
  await expect(page.getByText('Your office has no active subscription')).toBeVisible();
  await expect(plans(page).getByRole('heading', { level: 2 })).toHaveText(['Freemium', 'Standard', 'Premium']);
  await expect(plans(page).getByRole('listitem').filter({ hasText: 'Standard' }).first()).toContainText('An office manager subscribes the office to this plan.');
  assert.equal(await page.getByRole('button', { name: /^Choose / }).count(), 0, 'staff choose no paid plan');
  await shot('1-staff-sent-to-payment');
  await checkPage(page, 'payment-staff');

  // The server refuses the same work to a client that skips the page.
  const staffToken = await devToken(stack, 'staffmanager@demo.test');
  const { patient, carrier } = await sandboxPatient(stack, staffToken, 'DD100200300', 'Maria');
  const refused = await officeApi(stack, staffToken, OAK_AVE, 'POST', '/api/verifications', { patient, carrier: { payerId: carrier.payerId } });
  assert.equal(refused.status, 402, `POST /api/verifications for an unpaid office answered ${refused.status}`);
  assert.equal(refused.data.message, BILLING_MESSAGES.paymentRequired);
});

test('payment-subscribe', async ({ stack, page, browser, shot }) => {
  test.setTimeout(180_000);
  // Oak Ave's staff, sent to /payment, wait there.
  await signIn(page, stack, 'staffmanager@demo.test', '/verification');
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  await chooseOffice(page, /Oak Ave/);
  await waitForPath(page, '/payment');
  await expect(page.getByText('Your office has no active subscription')).toBeVisible();
  await page.evaluate(() => {
    globalThis.__noReload = true;
  });

  // Its manager subscribes, in another browser.
  const managerContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    await signIn(manager, stack, 'oakmanager@demo.test', '/payment');
    await manager.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor();
    await expect(manager.getByText('Your office has no active subscription')).toBeVisible();
    await manager.getByLabel('Coupon code').fill('WELCOME20');
    await manager.getByRole('button', { name: 'Apply' }).click();
    await expect(manager.getByText(/20% off applied/)).toBeVisible();
    const standard = plans(manager).getByRole('listitem').filter({ has: manager.getByRole('heading', { level: 2, name: 'Standard' }) });
    await expect(standard.getByTestId(/^plan-price-/)).toContainText('Now');
    await settled(manager);
    await manager.screenshot({ path: shotPath('payment-subscribe--2-coupon') });
    await standard.getByRole('button', { name: 'Choose Standard' }).click();

    // Stripe's page (the sandbox's): the card is typed there, never on ours.
    await manager.waitForURL((url) => CHECKOUT_PATH.test(url.pathname), { timeout: 20_000 });
    await manager.getByRole('heading', { level: 1, name: 'Subscribe' }).waitFor();
    await expect(manager.getByText('Discount')).toBeVisible();
    const pay = async (number) => {
      await manager.getByLabel('Card number').fill(number);
      await manager.getByLabel('Expiration date (MM/YY)').fill('12/34');
      await manager.getByLabel('Security code (CVC)').fill('123');
      await manager.getByLabel('Name on card').fill('Gale Groupmanager');
      await manager.getByRole('button', { name: /^Subscribe/ }).click();
    };
    await pay('4000 0000 0000 0002');
    const declined = manager.getByRole('alert');
    await expect(declined).toContainText('Your payment did not go through');
    await expect(declined).toContainText('Your card was declined.');
    await manager.screenshot({ path: shotPath('payment-subscribe--3-declined') });

    await pay('4242 4242 4242 4242');
    await manager.waitForURL((url) => url.pathname === '/payment/verify' && url.searchParams.has('session_id'), { timeout: 20_000 });
    await expect(manager.getByTestId('payment-active')).toContainText('Your Standard plan is active', { timeout: 30_000 });
    await expect(manager.getByTestId('payment-active')).toContainText('$99.00 / month');
    await expect(manager.getByTestId('payment-active')).toContainText(/Renews on \d{2}\/\d{2}\/\d{4}/);
    const stored = await manager.evaluate(() => [globalThis.localStorage.getItem('selected_plan'), globalThis.localStorage.getItem('coupon_code')]);
    assert.deepEqual(stored, [null, null], 'the stored plan and coupon are cleared once the subscription is valid');
    await settled(manager);
    await manager.screenshot({ path: shotPath('payment-subscribe--4-active') });
    await checkPage(manager, 'payment-verify');
  } finally {
    await managerContext.close();
  }

  // The staff tab follows live, without a reload, and goes on to verify a patient.
  await expect(page.getByText("Your office's subscription is active")).toBeVisible({ timeout: 30_000 });
  assert.equal(await page.evaluate(() => globalThis.__noReload === true), true, 'the staff tab turned without a reload');
  await shot('5-staff-live');
  await page.getByRole('link', { name: 'Verify a patient' }).click();
  await waitForPath(page, '/verification');
  await page.getByRole('combobox', { name: 'Try a sandbox patient' }).waitFor();
  await pickSandboxPatient(page, 'Maria Lopez, subscriber', 'DD100200300');
  const id = await verifyAndOpen(page);
  assert.ok(id, 'the verification of the office that just subscribed was made');
  await shot('6-verified');
});

test('payment-cancel', async ({ stack, page, browser, shot }) => {
  test.setTimeout(120_000);
  await signInAtOakAve(page, stack, 'oakmanager@demo.test', '/payment/settings');
  await page.getByRole('heading', { level: 1, name: 'Billing Settings' }).waitFor();
  const facts = page.getByRole('table', { name: 'Subscription' });
  const fact = (label) => facts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
  await expect(fact('Plan')).toHaveText('Standard');
  await expect(fact('Price')).toHaveText('$99.00 / month');
  await expect(fact('Status')).toHaveText('Active');
  await expect(fact('Discount')).toContainText('20% off');
  await expect(fact('Renews on')).toHaveText(US_DATE);
  const periodEnd = (await fact('Renews on').innerText()).trim();
  await expect(page.getByTestId('billing-card')).toContainText('Visa ending in 4242');
  const invoice = page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
  await expect(invoice).toContainText('$79.20');
  const view = invoice.getByRole('link', { name: /^View invoice/ });
  assert.match((await view.getAttribute('href')) ?? '', /^https?:\/\//, 'the invoice links to its hosted page');
  await shot('1-billing-settings');
  await checkPage(page, 'billing-settings');

  // Cancel at period end, confirmed: the end date shows.
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the plan at the end of the period?' });
  await expect(dialog).toContainText(`Your office keeps its plan until ${periodEnd}.`);
  await settled(page);
  await checkAccessibility(page, 'the cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(`Your plan ends on ${periodEnd}`)).toBeVisible();
  await expect(fact('Ends on')).toHaveText(periodEnd);
  await shot('2-ends-on');
  await checkPage(page, 'billing-settings-cancelled');

  // Staff read it on Payment Settings, and change nothing.
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signInAtOakAve(staff, stack, 'staffmanager@demo.test', '/payment-settings');
    await staff.getByRole('heading', { level: 1, name: 'Payment Settings' }).waitFor();
    await expect(staff.getByText(`Your plan ends on ${periodEnd}`)).toBeVisible();
    for (const name of ['Cancel at period end', 'Keep my plan', 'Change plan']) assert.equal(await staff.getByRole('button', { name }).count(), 0, `no ${name} for staff`);
    await settled(staff);
    await staff.screenshot({ path: shotPath('payment-cancel--3-staff-read-only') });
  } finally {
    await staffContext.close();
  }

  // Keep my plan takes it back.
  await page.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(page.getByText('Your plan goes on: it renews as before.')).toBeVisible();
  await expect(fact('Renews on')).toHaveText(periodEnd);
  assert.equal(await page.getByText(`Your plan ends on ${periodEnd}`).count(), 0);
});
