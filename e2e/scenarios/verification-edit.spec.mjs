/**
 * The verification workspace's edits, submit, sources and PDF (issue 12): a value the contracts' validator
 * refuses (its message under the field), then a saved edit by keyboard with 'Saving. Wait...', 'Your changes has
 * been saved.' and the change in the badge's history; a save from a tab that did not see another tab's change
 * (the conflict message with the value stored now, nothing overwritten); the sources' raw answers; submit (the
 * ticket is Completed and no longer editable); both PDFs downloaded and read with pdftotext. Each scenario
 * verifies a sandbox patient of its own through the API, then works in the browser.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { VERIFICATION_EDIT_CONFLICT } from '@dv/contracts';
import { shotPath } from '../lib/artifacts.mjs';
import { test } from '../lib/fixtures.mjs';
import {
  allJobsDone,
  assert,
  createVerification,
  devToken,
  officeApi,
  DEMO_OFFICE_ID,
  sandboxPatient,
  settled,
  waitForVerification,
  refusedWith,
} from '../lib/helpers.mjs';
import { openTicket, scoredField, signIn, slowDown, sourcePath, ticketPath, waitForChip } from './verification-common.mjs';

const run = promisify(execFile);

/** '$1,500.00', as the breakdown writes money. */
const dollars = (amount) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A ticket of a sandbox patient, verified through the API until every job is done. */
async function verifiedTicket(stack, email, memberId, firstName) {
  const token = await devToken(stack, email);
  const { patient, carrier } = await sandboxPatient(stack, token, memberId, firstName);
  const id = await createVerification(stack, token, { patient, payerId: carrier.payerId });
  const detail = await waitForVerification(stack, token, id, allJobsDone);
  assert.ok(detail.plan, `the sandbox found a plan for ${firstName}`);
  return { id, token, detail, name: `${patient.patientFirstName} ${patient.patientLastName}` };
}

async function stored(stack, token, id) {
  const { status, data } = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', `/api/verifications/${id}`);
  assert.equal(status, 200);
  return data;
}

const isEdit = (request) => request.method() === 'PATCH';

/**
 * James Walker (Delta Dental of Pennsylvania): a date that does not exist is refused with the validator's 'Wrong
 * date' under the field and nothing stored; then the annual maximum is changed with the keyboard alone.
 */
test.describe(() => {
  // The refused edit (a date that does not exist) is a 400 on purpose.
  test.use({ expectedConsoleErrors: [refusedWith(400, '/api/verifications/')] });

  test('verification-edit', async ({ stack, page, shot }) => {
    test.setTimeout(120_000);
    const { id, token, detail, name } = await verifiedTicket(stack, 'staff@demo.test', 'DPA55501234', 'James');
    const before = detail.plan.benefits.annualMax.value;
    const effective = detail.patient.effectiveDate.value;
    await signIn(page, stack, 'staff@demo.test');
    await openTicket(page, stack, id, name);
    await page.getByTestId('benefit-breakdown').waitFor();

    // A refused value: 02/30/2020 is no date. The editor stays open with the contracts' message under it.
    await page.getByRole('button', { name: 'Edit Effective date', exact: true }).click();
    const dateEditor = page.getByRole('group', { name: 'Edit Effective date' });
    await dateEditor.getByLabel('Effective date', { exact: true }).fill('02302020');
    await dateEditor.getByRole('button', { name: 'Save' }).click();
    const refusal = dateEditor.getByRole('alert');
    await refusal.waitFor();
    assert.equal((await refusal.innerText()).trim(), 'Wrong date');
    const input = dateEditor.getByLabel('Effective date', { exact: true });
    assert.equal(await input.getAttribute('aria-describedby'), await refusal.getAttribute('id'), 'the message describes the input');
    await settled(page);
    await shot('1-refused');
    assert.equal((await stored(stack, token, id)).patient.effectiveDate.value, effective, 'nothing stored');
    await dateEditor.getByRole('button', { name: 'Cancel' }).click();
    await dateEditor.waitFor({ state: 'detached' });

    // A saved edit, by keyboard: Enter on the edit button, the amount, Enter to save.
    await slowDown(page, isEdit);
    const annualMax = scoredField(page, 'Annual maximum');
    assert.equal(await annualMax.text(), dollars(before));
    await page.getByRole('button', { name: 'Edit Annual maximum', exact: true }).focus();
    await page.keyboard.press('Enter');
    const amount = page.getByRole('group', { name: 'Edit Annual maximum' }).getByLabel('Annual maximum', { exact: true });
    await amount.waitFor();
    if (!(await amount.evaluate((element) => element === globalThis.document.activeElement))) {
      // The editor does not take the focus itself: the next Tab has to reach it.
      console.log('     note: the editor opened without the focus; Tab reaches it');
      await page.keyboard.press('Tab');
    }
    assert.ok(await amount.evaluate((element) => element === globalThis.document.activeElement), 'the amount input has the focus');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1800');
    await page.keyboard.press('Enter');
    await page.locator('.dv-info-bar').getByText('Saving. Wait...').waitFor();
    await shot('2-saving');
    await page.locator('.dv-info-bar').getByText('Your changes has been saved.').waitFor();
    await page.getByRole('group', { name: 'Edit Annual maximum' }).waitFor({ state: 'detached' });
    assert.equal(await annualMax.text(), '$1,800.00');
    assert.match((await annualMax.badge.getAttribute('aria-label')) ?? '', /^Annual maximum: confidence 4 of 4/);

    // The badge (focused, as a keyboard user reaches it) lists the change.
    await annualMax.badge.focus();
    const tip = page.getByRole('tooltip').filter({ hasText: 'Changes:' });
    await tip.waitFor();
    const tipText = await tip.innerText();
    assert.ok(tipText.includes('Confidence 4 of 4'), tipText);
    assert.ok(tipText.includes(`${dollars(before)} -> $1,800.00`), `the change old -> new: ${tipText}`);
    await settled(page);
    await shot('3-saved-history');

    const after = await stored(stack, token, id);
    assert.equal(after.plan.benefits.annualMax.value, 1800);
    assert.equal(after.plan.benefits.annualMax.score, 4);
    assert.deepEqual(
      after.plan.benefits.annualMax.changeHistory.map(({ oldValue, value }) => [oldValue, value]),
      [[before, 1800]],
    );
    assert.equal(after.patient.effectiveDate.value, effective, 'the refused date left no trace');
  });
});

/**
 * Two tabs on Michael Scott's ticket (Anthem, the clearinghouse alone). The first saves the annual maximum; the
 * second, still showing the older ticket, saves another amount and is refused with the conflict message and the
 * amount stored now. Its value is not stored; saved again, knowingly, it is.
 */
test.describe(() => {
  // The second tab's save over a newer version is a 409 on purpose.
  test.use({ expectedConsoleErrors: [refusedWith(409, '/api/verifications/')] });

  test('verification-conflict', async ({ stack, page, context, shot }) => {
    test.setTimeout(120_000);
    const { id, token, detail, name } = await verifiedTicket(stack, 'staff@demo.test', 'ANT200100777', 'Michael');
    const before = detail.plan.benefits.annualMax.value;
    await signIn(page, stack, 'staff@demo.test');
    await openTicket(page, stack, id, name);
    const other = await context.newPage();
    await openTicket(other, stack, id, name);
    await other.getByTestId('benefit-breakdown').waitFor();

    await page.getByRole('button', { name: 'Edit Annual maximum', exact: true }).click();
    const editorA = page.getByRole('group', { name: 'Edit Annual maximum' });
    await editorA.getByLabel('Annual maximum', { exact: true }).fill('2000');
    await editorA.getByRole('button', { name: 'Save' }).click();
    await page.locator('.dv-info-bar').getByText('Your changes has been saved.').waitFor();
    assert.equal(await scoredField(page, 'Annual maximum').text(), '$2,000.00');

    // The second tab has not seen it.
    assert.equal(await scoredField(other, 'Annual maximum').text(), dollars(before), 'the second tab shows the older ticket');
    await other.getByRole('button', { name: 'Edit Annual maximum', exact: true }).click();
    const editorB = other.getByRole('group', { name: 'Edit Annual maximum' });
    await editorB.getByLabel('Annual maximum', { exact: true }).fill('2500');
    await editorB.getByRole('button', { name: 'Save' }).click();
    const conflict = editorB.getByRole('alert');
    await conflict.waitFor();
    const message = (await conflict.innerText()).trim();
    assert.ok(message.startsWith(VERIFICATION_EDIT_CONFLICT), `the conflict message: ${message}`);
    assert.ok(message.endsWith('Now: $2,000.00.'), `the value stored now: ${message}`);
    // The editor now holds the stored amount, for the user to check.
    assert.equal(await editorB.getByLabel('Annual maximum', { exact: true }).inputValue(), '2000.00');
    await settled(other);
    await other.screenshot({ path: shotPath('verification-conflict--1-second-tab-refused') });
    const afterConflict = await stored(stack, token, id);
    assert.equal(afterConflict.plan.benefits.annualMax.value, 2000, "the second tab's amount was not stored");
    assert.equal(afterConflict.plan.benefits.annualMax.changeHistory.length, 1);

    // Checked, and saved again: now it is stored, over the first tab's amount.
    await editorB.getByLabel('Annual maximum', { exact: true }).fill('2500');
    await editorB.getByRole('button', { name: 'Save' }).click();
    await other.locator('.dv-info-bar').getByText('Your changes has been saved.').waitFor();
    await editorB.waitFor({ state: 'detached' });
    assert.equal(await scoredField(other, 'Annual maximum').text(), '$2,500.00');
    const final = await stored(stack, token, id);
    assert.deepEqual(
      final.plan.benefits.annualMax.changeHistory.map(({ oldValue, value }) => [oldValue, value]),
      [
        [before, 2000],
        [2000, 2500],
      ],
    );
    await shot('2-first-tab');
    await other.close();
  });
});

/** Text of a PDF the browser downloaded (pdftotext, poppler-utils). */
async function pdfText(download) {
  const { stdout } = await run('pdftotext', ['-layout', await download.path(), '-']);
  return stdout;
}

async function downloadPdf(page, item) {
  await page.getByRole('button', { name: /Download PDF/ }).click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('menuitem', { name: item }).click()]);
  return download;
}

/**
 * Carlos Lopez (a spouse, Delta Dental of California, both sources): the source view shows each source's raw
 * answer beside what was mapped; Submit completes the ticket, which is then read only; both PDFs carry the plan,
 * and only the breakdown the patient.
 */
test('verification-submit-source-pdf', async ({ stack, page, shot }) => {
  test.setTimeout(150_000);
  const { id, token, detail, name } = await verifiedTicket(stack, 'staff@demo.test', 'DD100200300', 'Carlos');
  const annualMax = dollars(detail.plan.benefits.annualMax.value);
  await signIn(page, stack, 'staff@demo.test');
  await openTicket(page, stack, id, name);
  await waitForChip(page, 'clearinghouse', 'done', 'Done');
  await waitForChip(page, 'portal', 'done', 'Done');

  // ---------- The source view ----------
  await page.getByRole('link', { name: 'View sources' }).click();
  await page.waitForURL((url) => url.pathname === sourcePath(id), { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: 'Verification sources' }).waitFor();
  const clearinghouse = page.getByRole('region', { name: 'Clearinghouse sandbox', exact: true });
  const portal = page.getByRole('region', { name: 'Insurance portal deltadental', exact: true });
  await clearinghouse.waitFor();
  await portal.waitFor();
  for (const card of [clearinghouse, portal]) {
    await card.getByText('Done', { exact: true }).waitFor();
    await card.getByRole('heading', { level: 3, name: 'What was mapped' }).waitFor();
  }
  await clearinghouse.getByRole('heading', { level: 3, name: 'The 271 answer' }).waitFor();
  await portal.getByRole('heading', { level: 3, name: "The portal's data" }).waitFor();
  const answer = await clearinghouse.innerText();
  assert.match(answer, /\bEB\*/, 'the 271 is shown segment by segment');
  assert.ok(answer.includes('Lopez') || answer.includes('LOPEZ'), 'the answer names the patient');
  const mapped = await clearinghouse.getByRole('region', { name: /^What was mapped/ }).innerText();
  assert.match(mapped, /Payer\s+Delta Dental of California/i, `the mapped payer: ${mapped.slice(0, 300)}`);
  assert.match(mapped, /Annual maximum\s+\$1,500\b/, `the mapped annual maximum: ${mapped.slice(0, 300)}`);
  await settled(page);
  await shot('1-sources');
  await page.getByRole('link', { name: 'Back to the verification' }).click();
  await page.waitForURL((url) => url.pathname === ticketPath(id), { waitUntil: 'commit' });
  await page.getByTestId('benefit-breakdown').waitFor();

  // ---------- Submit ----------
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Submit this verification?' });
  await confirm.waitFor();
  await settled(page);
  await shot('2-confirm-submit');
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  const header = page.locator('.dv-ticket-header');
  await header.getByText('Completed', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: /^Edit / }).count(), 0, 'a completed ticket has no edit buttons');
  assert.equal(await page.getByRole('button', { name: /^Retry / }).count(), 0, 'nor retries');
  assert.equal(await header.getByRole('button', { name: 'Submit', exact: true }).count(), 0, 'nor Submit');
  assert.equal((await stored(stack, token, id)).status, 'Completed');
  await page.reload();
  await header.getByText('Completed', { exact: true }).waitFor();
  await page.getByTestId('benefit-breakdown').waitFor();
  assert.equal(await page.getByRole('button', { name: /^Edit / }).count(), 0, 'still read only after a reload');
  await shot('3-completed');

  // ---------- The PDFs ----------
  const breakdown = await downloadPdf(page, 'Breakdown (with the patient)');
  assert.equal(breakdown.suggestedFilename(), `verification-${id}-breakdown.pdf`);
  const breakdownText = await pdfText(breakdown);
  for (const expected of ['Carlos Lopez', 'Delta Dental of California', annualMax]) {
    assert.ok(breakdownText.includes(expected), `the breakdown PDF has ${expected}`);
  }
  const plan = await downloadPdf(page, 'Plan only (no patient data)');
  assert.equal(plan.suggestedFilename(), `verification-${id}-plan.pdf`);
  const planText = await pdfText(plan);
  for (const expected of ['Delta Dental of California', annualMax]) assert.ok(planText.includes(expected), `the plan PDF has ${expected}`);
  for (const patientData of ['Carlos', 'Lopez', '11/23/1983', 'DD100200300']) {
    assert.ok(!planText.includes(patientData), `the plan PDF has no patient data (${patientData})`);
  }
});
