/**
 * Plan Search (issue 15 item 2): the library fills as verifications' sources answer; staff find a plan by its group
 * number, open it (the breakdown without any patient), download its PDF and start a verification on it, which
 * opens the New Verification form with the carrier chosen. The plan is Lincoln Financial's group 400-88123 (Priya
 * and Arjun Sharma of the sandbox), which no other scenario verifies and no portal serves.
 */
import { shotPath } from '../lib/artifacts.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, createVerification, devToken, pathOf, sandboxPatient, settled, waitForVerification } from '../lib/helpers.mjs';
import { signIn } from './verification-common.mjs';

const GROUP_NUMBER = '400-88123';
const MEMBER_ID = 'LFG40088123';

/** Verifies the two patients of the group through the API until their plan is in the library; returns its id. */
async function fillLibrary(stack) {
  const token = await devToken(stack, 'staff@demo.test');
  const planIds = [];
  for (const firstName of ['Priya', 'Arjun']) {
    const { patient, carrier } = await sandboxPatient(stack, token, MEMBER_ID, firstName);
    const id = await createVerification(stack, token, { patient, payerId: carrier.payerId });
    const detail = await waitForVerification(stack, token, id, (ready) => ready.readyAt !== null && ready.planId !== null, { timeout: 30_000 });
    planIds.push(detail.planId);
  }
  assert.equal(planIds[0], planIds[1], 'the two patients of the group share one plan of the library');
  return { planId: planIds[0], payerId: (await sandboxPatient(stack, token, MEMBER_ID, 'Priya')).carrier.payerId };
}

test('plan-search-group-number', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const { planId, payerId } = await fillLibrary(stack);

  await signIn(page, stack, 'staff@demo.test', '/plan');
  await page.getByRole('heading', { level: 1, name: 'Plan Search' }).waitFor();
  const box = page.getByRole('searchbox', { name: 'Search plans' });
  await box.fill(GROUP_NUMBER);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/plan' && url.searchParams.get('q') === GROUP_NUMBER, { waitUntil: 'commit' });
  const rows = page.locator('.dv-plan-search__table tbody tr.dv-plan-search__row');
  await expect(rows).toHaveCount(1);
  const row = await rows.first().innerText();
  assert.match(row, /Lincoln/i, `the payer is shown: ${row}`);
  assert.ok(row.includes(GROUP_NUMBER), `the group number is shown: ${row}`);
  assert.match(row, /Dental/, `the plan type is shown: ${row}`);
  assert.match(row, /\d{2}\/\d{2}\/\d{4}/, `the last verification is shown: ${row}`);
  assert.match(row, /\d+\/10/, `the plan score is shown: ${row}`);
  for (const patient of ['Priya', 'Arjun', 'Sharma', MEMBER_ID]) assert.ok(!row.includes(patient), `no patient data in the result: ${row}`);
  await settled(page);
  await shot('1-found-by-group-number');

  // The plan: its breakdown, read only, without the patients.
  await rows.first().getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/plan/${planId}`, { waitUntil: 'commit' });
  const breakdown = page.getByTestId('plan-breakdown');
  await breakdown.waitFor();
  for (const table of ['Coverage by category', 'Procedure codes']) await breakdown.getByRole('table', { name: table }).waitFor();
  assert.ok((await breakdown.getByRole('img', { name: /: confidence [1-4] of 4/ }).count()) >= 10, 'the values carry their confidence badges');
  assert.equal(await breakdown.getByRole('button', { name: /^Edit / }).count(), 0, 'nothing is editable');
  const text = await page.locator('.dv-plan-page').innerText();
  assert.ok(text.includes(GROUP_NUMBER), 'the plan names its group');
  for (const patient of ['Priya', 'Arjun', 'Sharma', MEMBER_ID, '09/12/1989', 'Remaining']) assert.ok(!text.includes(patient), `no ${patient} on the plan page`);
  await settled(page);
  await shot('2-plan');
  await page.screenshot({ path: shotPath('plan-search-group-number--3-plan-full'), fullPage: true });

  // Download PDF: a PDF file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  assert.equal(download.suggestedFilename(), `plan-${planId}.pdf`);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');

  // Verify a patient on this plan: the New Verification form with the carrier chosen.
  await page.getByRole('button', { name: 'Verify a patient on this plan' }).click();
  await page.waitForURL((url) => url.pathname === '/verification' && url.searchParams.get('payerId') === payerId, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  const form = page.locator('form#new-verification-form');
  await expect(form).toContainText(`(${payerId})`);
  await expect(form).toContainText(/Lincoln/i);
  assert.equal(pathOf(page), '/verification');
  await settled(page);
  await shot('4-new-verification-with-carrier');
});
