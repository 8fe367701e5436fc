/**
 * The verification workspace end to end (issue 12), from the New Verification form to the ticket: a sandbox
 * patient picked and verified until the breakdown is ready while the job chips move live; a dependent (relation
 * Children) typed in by keyboard alone with the subscriber's fields; a member the payer does not find (AAA 75,
 * the reason shown); a portal job waiting for a credential that goes on, without a reload, once the office
 * manager adds it in another tab. The scenarios share the stack: each verifies a patient of its own, and the
 * credential one works on a portal (UnitedHealthcare Dental) no other scenario touches.
 */
import { shotPath } from '../lib/artifacts.mjs';
import { checkTableFits } from '../lib/axe.mjs';
import { test } from '../lib/fixtures.mjs';
import { assert, pathOf, settled } from '../lib/helpers.mjs';
import {
  assertNoFalseFailure,
  chip,
  formValues,
  openNewVerification,
  pickSandboxPatient,
  recordChips,
  recordedChips,
  scoredField,
  signIn,
  verifyAndOpen,
  waitForChip,
} from './verification-common.mjs';

const PATIENT_FIELDS = ['Patient first name', 'Patient last name', 'Patient date of birth', 'Member ID'];
const SUBSCRIBER_FIELDS = ['Subscriber first name', 'Subscriber last name', 'Subscriber date of birth'];

/** Waits until a select's list has closed (after Enter took an option), as a person sees it go before pressing Tab. */
async function closedList(page, id) {
  await page.waitForFunction((inputId) => globalThis.document.getElementById(inputId)?.getAttribute('aria-expanded') === 'false', id);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Maria Lopez of the sandbox (Delta Dental of California): the demo office has the Delta Dental portal's login. */
test('verification-sandbox-patient', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  await signIn(page, stack, 'staff@demo.test');
  await openNewVerification(page, stack);
  await page.getByText('sandbox', { exact: true }).waitFor();
  await pickSandboxPatient(page, 'Maria Lopez, subscriber', 'DD100200300');
  assert.deepEqual(await formValues(page, PATIENT_FIELDS), {
    'Patient first name': 'Maria',
    'Patient last name': 'Lopez',
    'Patient date of birth': '04/12/1985',
    'Member ID': 'DD100200300',
  });
  const form = page.locator('form#new-verification-form');
  assert.ok((await form.innerText()).includes('Delta Dental of California'), 'the carrier is filled in');
  assert.equal(await page.getByLabel('Subscriber first name', { exact: true }).count(), 0, 'Self: no subscriber fields');
  await shot('1-form-filled');

  // Every status the chips show from here on is recorded; the record also tells that nothing reloads.
  await recordChips(page);
  const id = await verifyAndOpen(page);
  await page.getByRole('heading', { level: 1, name: 'Maria Lopez' }).waitFor();
  await chip(page, 'clearinghouse').waitFor();
  await shot('2-ticket-opened');

  await waitForChip(page, 'clearinghouse', 'done', 'Done');
  await waitForChip(page, 'portal', 'done', 'Done');
  const seen = await recordedChips(page);
  const { statuses } = seen;
  console.log(`     chips seen live: clearinghouse ${seen.texts.clearinghouse.join(' -> ')}; portal ${seen.texts.portal.join(' -> ')}`);
  for (const source of ['clearinghouse', 'portal']) {
    assert.equal(statuses[source].at(-1), 'done', `${source} ends done: ${statuses[source].join(' -> ')}`);
    assert.ok(
      statuses[source].slice(0, -1).every((status) => status === 'pending' || status === 'processing'),
      `${source} went through waiting or working only: ${statuses[source].join(' -> ')}`,
    );
  }
  // The clearinghouse answers after SANDBOX_CLEARINGHOUSE_LATENCY_MS: its chip is seen working, then done. (The
  // portal may be done before the page shows it, when its login is still open from an earlier job.)
  assert.ok(statuses.clearinghouse.length >= 2, `the clearinghouse chip moved on the open page: ${statuses.clearinghouse.join(' -> ')}`);

  // The ready breakdown.
  await page.getByTestId('benefit-breakdown').waitFor();
  assert.match(await page.getByTestId('coverage-status').innerText(), /^Coverage active since 03\/01\/2019/);
  assert.match(await page.getByTestId('plan-score').innerText(), /^Plan score (10|[1-9])\/10$/);
  const annualMax = scoredField(page, 'Annual maximum');
  assert.equal(await annualMax.text(), '$1,500.00');
  assert.match((await annualMax.badge.getAttribute('aria-label')) ?? '', /^Annual maximum: confidence [23] of 4/);
  await page.getByRole('button', { name: 'Edit Annual maximum', exact: true }).waitFor();
  // Every value shown with a badge has an edit button beside it.
  const badges = page.getByTestId('benefit-breakdown').getByRole('img', { name: /: confidence [1-4] of 4/ });
  const badgeCount = await badges.count();
  assert.ok(badgeCount >= 20, `the breakdown scores its values (${badgeCount} badges)`);
  const edits = await page.getByTestId('benefit-breakdown').getByRole('button', { name: /^Edit / }).count();
  assert.ok(edits >= badgeCount, `every badge has an edit button (${edits} edits, ${badgeCount} badges)`);
  for (const table of ['Coverage by category', 'Procedure codes', 'Service history']) {
    await page.getByRole('table', { name: table }).or(page.locator(`[aria-label="${table}"]`)).first().waitFor();
  }
  // On the desktop every procedure column is in view, the last service and next eligible date included.
  await checkTableFits(page, 'Procedure codes');
  const summary = await page.locator('.dv-summary').innerText();
  assert.ok(summary.includes('The patient (Self)'), `the subscriber is the patient: ${summary}`);
  assert.equal(pathOf(page), `/verification/${id}`);
  await settled(page);
  await shot('3-ready-breakdown');
  await page.screenshot({ path: shotPath('verification-sandbox-patient--4-ready-full'), fullPage: true });
  // Last, so that everything above is checked whatever this finds.
  assertNoFalseFailure(seen, 'clearinghouse');
  assertNoFalseFailure(seen, 'portal');
});

/** Diego Lopez, a child of Maria Lopez, typed in with the keyboard alone: Tab from field to field, Enter to verify. */
test('verification-dependent', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  await signIn(page, stack, 'staff@demo.test');
  await openNewVerification(page, stack);
  const focused = () => page.evaluate(() => globalThis.document.activeElement?.id ?? '');
  const expectFocus = async (id, what) => assert.equal(await focused(), id, `the focus is on ${what}`);

  await page.getByLabel('Patient first name', { exact: true }).focus();
  await page.keyboard.type('Diego');
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-patient-last-name', 'Patient last name');
  await page.keyboard.type('Lopez');
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-patient-dob', 'Patient date of birth');
  await page.keyboard.type('06022014'); // the slashes come by themselves
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-member-id', 'Member ID');
  await page.keyboard.type('DD100200300');
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-relation', 'Relation to subscriber');
  // The relation: open the list with the arrow key, go down to Children, take it with Enter.
  await page.keyboard.press('ArrowDown');
  const relationList = page.locator('#new-verification-relation_list');
  await relationList.waitFor({ state: 'attached' });
  for (let step = 0; step < 8; step += 1) {
    const active = await page.evaluate(() => {
      const input = globalThis.document.getElementById('new-verification-relation');
      const option = globalThis.document.getElementById(input?.getAttribute('aria-activedescendant') ?? '');
      return option?.textContent?.trim() ?? option?.getAttribute('aria-label') ?? '';
    });
    if (active === 'Children') break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await closedList(page, 'new-verification-relation');
  await page.getByLabel('Subscriber first name', { exact: true }).waitFor();
  assert.ok((await page.locator('.dv-new-verification__card').innerText()).includes('Children'), 'Children is chosen');
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-carrier', 'Carrier');
  await page.keyboard.type('Delta Dental of Cal');
  await page.locator('.ant-select-item-option').filter({ hasText: '77777' }).waitFor();
  await page.keyboard.press('Enter');
  await closedList(page, 'new-verification-carrier');
  // Tab leaves the carrier (by its Clear button, when it offers one) for the subscriber's fields.
  for (let step = 0; step < 3 && (await focused()) !== 'new-verification-subscriber-first-name'; step += 1) await page.keyboard.press('Tab');
  await expectFocus('new-verification-subscriber-first-name', 'Subscriber first name (after the carrier)');
  await page.keyboard.type('Maria');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lopez');
  await page.keyboard.press('Tab');
  await expectFocus('new-verification-subscriber-dob', 'Subscriber date of birth');
  await page.keyboard.type('04121985');
  assert.deepEqual(await formValues(page, [...PATIENT_FIELDS, ...SUBSCRIBER_FIELDS]), {
    'Patient first name': 'Diego',
    'Patient last name': 'Lopez',
    'Patient date of birth': '06/02/2014',
    'Member ID': 'DD100200300',
    'Subscriber first name': 'Maria',
    'Subscriber last name': 'Lopez',
    'Subscriber date of birth': '04/12/1985',
  });
  assert.ok((await page.locator('.dv-new-verification__card').innerText()).includes('Delta Dental of California'), 'the carrier was taken with Enter');
  await shot('1-dependent-by-keyboard');
  // Tab on to Verify and press Enter.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => globalThis.document.activeElement?.textContent?.trim() ?? '');
    if (name === 'Verify') break;
  }
  assert.equal(await page.evaluate(() => globalThis.document.activeElement?.textContent?.trim()), 'Verify', 'Tab reaches Verify');
  await recordChips(page);
  await page.keyboard.press('Enter');
  await verifyAndOpen(page, { pressed: true });

  await page.getByRole('heading', { level: 1, name: 'Diego Lopez' }).waitFor();
  await waitForChip(page, 'clearinghouse', 'done', 'Done');
  await page.getByTestId('benefit-breakdown').waitFor();
  const subscriber = page.locator('.dv-summary .ant-descriptions-item-content').nth(1);
  assert.match((await subscriber.innerText()).trim(), /^Maria Lopez, born 04\/12\/1985\b.*\(Children\)$/, 'the subscriber as entered, with the relation');
  const patient = (await page.locator('.dv-summary .ant-descriptions-item-content').first().innerText()).trim();
  assert.equal(patient, 'Diego Lopez, born 06/02/2014, member DD100200300');
  assert.match(await page.getByTestId('coverage-status').innerText(), /^Coverage active/);
  await waitForChip(page, 'portal', 'done', 'Done');
  const seen = await recordedChips(page);
  console.log(`     chips seen live: clearinghouse ${seen.texts.clearinghouse.join(' -> ')}; portal ${seen.texts.portal.join(' -> ')}`);
  await settled(page);
  await shot('2-dependent-ticket');
  assertNoFalseFailure(seen, 'clearinghouse');
  assertNoFalseFailure(seen, 'portal');
});

/** A member id the payer does not know: the clearinghouse job ends 'Rejected by the payer' with AAA 75 in words. */
test('verification-rejected', async ({ stack, page, shot }) => {
  await signIn(page, stack, 'staff@demo.test');
  await openNewVerification(page, stack);
  await page.getByLabel('Patient first name', { exact: true }).fill('Nora');
  await page.getByLabel('Patient last name', { exact: true }).fill('Quinn');
  await page.getByLabel('Patient date of birth', { exact: true }).fill('01151990');
  await page.getByLabel('Member ID', { exact: true }).fill('NOTFOUND123');
  // Anthem has no portal: the clearinghouse is the only source.
  const carrier = page.getByLabel('Carrier', { exact: true });
  await carrier.click();
  await carrier.fill('Anthem');
  await page.locator('.ant-select-item-option').filter({ hasText: '47198' }).click();
  await shot('1-form');
  await recordChips(page);
  await verifyAndOpen(page);

  await page.getByRole('heading', { level: 1, name: 'Nora Quinn' }).waitFor();
  await waitForChip(page, 'clearinghouse', 'done', 'Rejected by the payer');
  assert.equal(await chip(page, 'portal').count(), 0, 'no portal job for a carrier without a portal');
  const job = page.locator('li.dv-job').filter({ has: chip(page, 'clearinghouse') });
  const reason = page.locator('.dv-job-reason');
  await reason.waitFor();
  assert.match(await reason.innerText(), /^AAA 75 Subscriber\/insured not found/);
  await job.getByRole('button', { name: 'Retry Clearinghouse (sandbox)' }).waitFor();
  assert.equal(await page.getByTestId('coverage-status').innerText(), 'Coverage status unknown: no source could confirm it');
  await page.getByText('No plan was found').waitFor();
  assert.equal(await page.getByTestId('benefit-breakdown').count(), 0, 'no breakdown without a plan');
  assert.equal(await page.getByRole('button', { name: /Download PDF/ }).isDisabled(), true, 'nothing to print');
  await recordedChips(page);
  await settled(page);
  await shot('2-rejected');
});

/**
 * Kevin Patel of the sandbox is insured at UnitedHealthcare Dental, whose portal the demo office has no login for:
 * the portal job waits ('Needs a portal credential'). The office manager adds the credential in a second tab, and
 * the first tab's chip goes on to Done through the socket, without a reload.
 */
test('verification-credential-pending', async ({ stack, page, context, shot }) => {
  test.setTimeout(150_000);
  await signIn(page, stack, 'staffmanager@demo.test');
  await openNewVerification(page, stack);
  await pickSandboxPatient(page, 'Kevin Patel, subscriber', 'UHC70707001');
  await recordChips(page);
  await verifyAndOpen(page);
  await page.getByRole('heading', { level: 1, name: 'Kevin Patel' }).waitFor();
  await waitForChip(page, 'clearinghouse', 'done', 'Done');
  await waitForChip(page, 'portal', 'credentialPending', 'Needs a portal credential');
  const portalJob = page.locator('li.dv-job').filter({ has: chip(page, 'portal') });
  const link = portalJob.getByRole('link', { name: 'Add the portal credential' });
  assert.equal(await link.getAttribute('href'), '/dental-office-settings?tab=1');
  // The breakdown is there already, from the clearinghouse.
  await page.getByTestId('benefit-breakdown').waitFor();
  await settled(page);
  await shot('1-needs-credential');

  // The second tab: the office manager's credentials page, where the link leads.
  const other = await context.newPage();
  await other.goto(`${stack.demoUrl}${await link.getAttribute('href')}`);
  await other.getByRole('heading', { name: 'Portal Credentials Management' }).waitFor();
  const card = other.getByRole('region', { name: 'UnitedHealthcare Dental', exact: true });
  await card.getByRole('button', { name: 'Login' }).click();
  const dialog = other.getByRole('dialog', { name: 'Login to UnitedHealthcare Dental' });
  await dialog.getByLabel('Username').fill('uhc-frontdesk');
  await dialog.getByLabel('Password', { exact: true }).fill('sandbox-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.getByText('DentalXChange: Active').waitFor({ timeout: 20_000 });
  await other.screenshot({ path: shotPath('verification-credential-pending--2-credential-added') });

  // Back in the first tab: the portal job went on by itself.
  await waitForChip(page, 'portal', 'done', 'Done', 30_000);
  const seen = await recordedChips(page);
  const portalStatuses = seen.statuses.portal;
  console.log(`     portal chip seen live: ${seen.texts.portal.join(' -> ')}`);
  assert.ok(portalStatuses.includes('credentialPending'), `the chip waited for the credential: ${portalStatuses.join(' -> ')}`);
  assert.equal(portalStatuses.at(-1), 'done');
  assert.equal(await portalJob.getByRole('link', { name: 'Add the portal credential' }).count(), 0, 'the link is gone');
  await page.bringToFront();
  await settled(page);
  await shot('3-portal-done');
  await other.close();
  assertNoFalseFailure(seen, 'portal');
});
