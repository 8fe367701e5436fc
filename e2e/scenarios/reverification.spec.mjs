/**
 * Re-verification (issue 15 item 3): staff verify Ruth Fischer of the sandbox (GEHA Connection Dental), whose
 * claims the sandbox clearinghouse pays between inquiries ($250 less remaining maximum at each later inquiry,
 * counted since the stack started: the sentence is matched, not its figures). From the ticket, Re-verify leads to
 * the offer (nothing starts on arrival), Re-verify now to the re-verification's page, where the check is seen
 * working and then done through the socket, without a reload, with the change named; a second check compares with
 * the first; the Re-verification PDF has the sentence; the list shows the row. No other scenario verifies Ruth.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { shotPath } from '../lib/artifacts.mjs';
import { checkBothSizes, fullPageShot } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, DEMO_OFFICE_ID, devToken, officeApi, pathOf, settled } from '../lib/helpers.mjs';
import { openNewVerification, pickSandboxPatient, signIn, verifyAndOpen, waitForChip } from './verification-common.mjs';

const run = promisify(execFile);
const MEMBER_ID = 'GEHA2468013';
const CHANGE = /Remaining maximum went from \$([\d,]+\.\d\d) to \$([\d,]+\.\d\d)/;
const DETAIL_PATH = /^\/reverification\/([^/]+)$/;

/** Text of a PDF the browser downloaded (pdftotext, poppler-utils), its whitespace folded: a sentence may wrap. */
async function pdfText(download) {
  const { stdout } = await run('pdftotext', [await download.path(), '-']);
  return stdout.replace(/\s+/g, ' ');
}

const dollars = (text) => Number(text.replace(/,/g, ''));

/** No serious or critical axe-core violation and no sideways scroll, at the desktop and phone sizes; a phone shot. */
const checkPage = (page, label) => checkBothSizes(page, label, { shot: fullPageShot(page, 'reverification-remaining-maximum') });

/** The change the latest check names, once its status is done; the figures as numbers. */
async function doneChange(page) {
  const status = page.getByTestId('reverification-status');
  await expect(status).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const change = page.getByTestId('reverification-changes').getByRole('listitem');
  await expect(change).toHaveText(CHANGE);
  const text = (await change.innerText()).trim();
  const [, from, to] = CHANGE.exec(text);
  return { text, from: dollars(from), to: dollars(to) };
}

test('reverification-remaining-maximum', async ({ stack, page, shot }) => {
  test.setTimeout(150_000);
  const token = await devToken(stack, 'staff@demo.test');
  await signIn(page, stack, 'staff@demo.test');
  await openNewVerification(page, stack);
  await pickSandboxPatient(page, 'Ruth Fischer', MEMBER_ID);
  const verificationId = await verifyAndOpen(page);
  await page.getByRole('heading', { level: 1, name: 'Ruth Fischer' }).waitFor();
  await waitForChip(page, 'clearinghouse', 'done', 'Done', 30_000);

  // Re-verify, once the sources answered: the offer names the verification and starts nothing.
  const reverify = page.getByRole('link', { name: 'Re-verify', exact: true });
  await reverify.waitFor();
  await settled(page);
  await shot('1-ticket-with-reverify');
  // Marks this document: still there at the end, nothing reloaded the page on the way.
  await page.evaluate(() => {
    globalThis.__noReload = true;
  });
  await reverify.click();
  await page.waitForURL((url) => url.pathname === '/reverification' && url.searchParams.get('verificationId') === verificationId, { waitUntil: 'commit' });
  const offer = page.getByRole('table', { name: 'The verification to re-verify' });
  for (const text of ['Ruth Fischer', '10/14/1962', MEMBER_ID, 'GEHA Connection Dental']) await expect(offer).toContainText(text);
  const before = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', `/api/reverifications?q=${MEMBER_ID}`);
  assert.equal(before.status, 200, `the re-verifications answered ${before.status}`);
  assert.equal(before.data.items.filter((item) => item.verificationId === verificationId).length, 0, 'opening the offer started nothing');
  await settled(page);
  await shot('2-offer');
  await checkPage(page, 'reverification-offer');

  // Re-verify now: the re-verification's page, its check working, then done through the socket.
  await page.getByRole('button', { name: 'Re-verify now' }).click();
  await page.waitForURL((url) => DETAIL_PATH.test(url.pathname), { waitUntil: 'commit' });
  const id = DETAIL_PATH.exec(pathOf(page))[1];
  await page.getByRole('heading', { level: 1, name: 'Ruth Fischer' }).waitFor();
  // The sandbox clearinghouse answers after 1.5 s in these tests (e2e/README.md): the working state is seen.
  await expect(page.getByTestId('reverification-status')).toHaveAttribute('data-status', 'checking');
  await expect(page.getByRole('progressbar', { name: 'Checking the eligibility' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-verify again' })).toBeDisabled();
  await shot('3-checking');
  const first = await doneChange(page);
  assert.equal(first.from - first.to, 250, `the remaining maximum dropped by the claims paid: ${first.text}`);
  await expect(page.getByRole('table', { name: 'Current eligibility' })).toContainText(`$${first.text.split('to $')[1]}`);
  await expect(page.getByRole('table', { name: 'Checks' }).getByRole('rowheader')).toHaveCount(2);
  assert.equal(await page.evaluate(() => globalThis.__noReload === true), true, 'the check ended on the open page, without a reload');
  await settled(page);
  await shot('4-done');
  await page.screenshot({ path: shotPath('reverification-remaining-maximum--5-done-full'), fullPage: true });
  await checkPage(page, 'reverification-page');

  // Again: a third check, compared with the second.
  await page.getByRole('button', { name: 'Re-verify again' }).click();
  await expect(page.getByTestId('reverification-status')).toHaveAttribute('data-status', 'checking');
  const second = await doneChange(page);
  assert.equal(second.from, first.to, `the new check compares with the one before: ${first.text}, then ${second.text}`);
  await expect(page.getByRole('table', { name: 'Checks' }).getByRole('rowheader')).toHaveCount(3);

  // The Re-verification PDF, with the sentence.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  assert.equal(download.suggestedFilename(), `reverification-${verificationId}.pdf`);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');
  const text = await pdfText(download);
  assert.ok(text.includes(second.text), `the PDF names the change "${second.text}": ${text.slice(0, 600)}`);
  assert.ok(text.includes('Ruth'), 'the PDF names the patient');

  // The list has the row, and opens it.
  await page.getByRole('link', { name: 'Back to Re-verification' }).click();
  await page.waitForURL((url) => url.pathname === '/reverification', { waitUntil: 'commit' });
  const row = page.locator('tr.dv-reverification__row').filter({ hasText: MEMBER_ID });
  await expect(row).toHaveCount(1);
  for (const cell of ['Fischer, Ruth', '10/14/1962', 'GEHA Connection Dental', 'Done', 'Active']) await expect(row).toContainText(cell);
  await settled(page);
  await shot('6-list');
  await checkPage(page, 'reverification-list');

  // The picker of past verifications finds hers, ready to re-verify.
  await page.getByRole('button', { name: 'Re-verify a past verification' }).click();
  const find = page.getByRole('searchbox', { name: 'Find a past verification' });
  await find.fill(MEMBER_ID);
  await find.press('Enter');
  await expect(page.getByRole('table', { name: 'Verifications found' }).getByRole('button', { name: 'Re-verify Fischer, Ruth' }).first()).toBeEnabled();
  await settled(page);
  await shot('7-picker');
  await checkPage(page, 'reverification-picker');
  await row.getByRole('link', { name: 'Fischer, Ruth' }).click();
  await page.waitForURL((url) => url.pathname === `/reverification/${id}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('reverification-changes').getByRole('listitem')).toHaveText(second.text);
});
