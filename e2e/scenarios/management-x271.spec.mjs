/**
 * The 271 preview (issue 18, /management/verification): the sandbox clearinghouse's own 271s, taken from the source
 * view's API of two verifications staff make for the test (a member with a plan; NOTFOUND123 at Anthem, which the
 * sandbox rejects with AAA 75). An admin pastes the first and sees the annual maximum the verification mapped from
 * it; loads the second from a file and sees its AAA reason; a text that is not X12 gets the service's 400 under the
 * box. The office's verifications are as many after the previews as before: nothing is stored.
 */
import { checkBothSizes } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import {
  assert,
  createVerification,
  DEMO_OFFICE_ID,
  devToken,
  officeApi,
  refusedWith,
  sandboxPatient,
  waitForVerification,
} from '../lib/helpers.mjs';
import { signIn } from './verification-common.mjs';

test.use({ expectedConsoleErrors: [refusedWith(400, '/api/management/x271/preview')] });

/** '$1,500.00', as the breakdown writes money. */
const dollars = (amount) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The clearinghouse's raw 271 of a verification, and what the verification mapped from it (source view API). */
async function clearinghouse271(stack, token, id) {
  const { status, data } = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', `/api/verifications/${id}/sources`);
  assert.equal(status, 200, `the sources answered ${status}`);
  const source = data.sources.find((one) => one.job.source === 'clearinghouse');
  assert.equal(source?.raw?.kind, 'x12', 'the clearinghouse answered a 271');
  return { text: source.raw.text, mapped: source.mapped };
}

async function verificationCount(stack, token) {
  const { status, data } = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', '/api/verifications?pageSize=1');
  assert.equal(status, 200, `the verification list answered ${status}`);
  return data.total;
}

/** Only the clearinghouse's answer matters here (a portal may wait for a credential the office has not given). */
const clearinghouseDone = (detail) => detail.jobs.some((job) => job.source === 'clearinghouse' && job.status === 'done');

/** Two 271s of the sandbox: Emily Chen's (a plan) and a member it does not know (rejected). */
async function sandbox271s(stack, staff) {
  const found = await sandboxPatient(stack, staff, 'W123456789', 'Emily');
  const withPlan = await createVerification(stack, staff, { patient: found.patient, payerId: found.carrier.payerId });
  const unknownMember = { ...found.patient, patientFirstName: 'Nora', patientLastName: 'Quinn', patientMemberId: 'NOTFOUND123' };
  if (unknownMember.subscriberMemberId) unknownMember.subscriberMemberId = 'NOTFOUND123';
  // Anthem has no portal: the clearinghouse is the only source.
  const rejected = await createVerification(stack, staff, { patient: unknownMember, payerId: '47198' });
  await waitForVerification(stack, staff, withPlan, clearinghouseDone);
  await waitForVerification(stack, staff, rejected, clearinghouseDone);
  return { active: await clearinghouse271(stack, staff, withPlan), rejected: await clearinghouse271(stack, staff, rejected) };
}

test('management-x271', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const staff = await devToken(stack, 'staff@demo.test');
  const { active, rejected } = await sandbox271s(stack, staff);
  assert.ok(active.mapped?.plan.benefits.annualMax?.value, 'the verification mapped an annual maximum from its 271');
  const before = await verificationCount(stack, staff);

  await signIn(page, stack, 'admin@demo.test', '/management/verification');
  await page.getByRole('heading', { level: 1, name: 'Verification' }).waitFor();
  await expect(page.getByText('Nothing is stored', { exact: true })).toBeVisible();
  const box = page.getByRole('textbox', { name: '271 (X12)' });
  await checkBothSizes(page, 'the empty preview form');

  // The 271 of a verification with a plan, pasted: its annual maximum, as the verification mapped it.
  await box.fill(active.text);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preview' })).toBeFocused();
  const plan = page.getByTestId('x271-plan');
  const annualMax = plan.locator('th', { hasText: /^Annual maximum$/ }).locator('xpath=following-sibling::td[1]');
  await expect(annualMax).toContainText(dollars(active.mapped.plan.benefits.annualMax.value));
  await expect(page.getByTestId('x271-rejections')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Segments as pasted/ })).toBeVisible();
  await annualMax.scrollIntoViewIfNeeded();
  await shot('1-mapped-plan');
  await checkBothSizes(page, 'a mapped 271', { shot });

  // The rejected one, loaded from a file: its AAA code and reason.
  await page.getByTestId('x271-file').setInputFiles({ name: 'rejected.x12', mimeType: 'text/plain', buffer: Buffer.from(rejected.text) });
  await expect(page.getByText('Loaded from rejected.x12')).toBeVisible();
  await expect(box).toHaveValue(rejected.text);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const rejections = page.getByTestId('x271-rejections');
  await expect(rejections).toContainText('AAA 75 Subscriber/insured not found');
  await expect(plan).toHaveCount(0);
  await rejections.scrollIntoViewIfNeeded();
  await shot('2-rejected');
  await checkBothSizes(page, 'a rejected 271');

  // Not X12: the service's 400, under the box.
  await box.fill('This is not a 271.');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#x271-x12-problem')).toContainText('Malformed X12');
  await expect(rejections, 'the previous result goes with the failed preview').toHaveCount(0);
  await shot('3-malformed');

  assert.equal(await verificationCount(stack, staff), before, 'no verification was stored by the previews');
});
