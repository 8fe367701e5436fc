/**
 * The offices' integrations (issue 18 item 6): an admin opens /management/integrations and sees each demo office's
 * integration from its settings (Main St: NexHealth, dentrix, its subdomain; Oak Ave: none). Once the office's staff
 * read a day of Main St's schedule (the stack has no NexHealth key: the sandbox practice answers), the page says
 * the sandbox answered, when, and for which day, and that the schedule service runs on the sandbox.
 */
import { checkBothSizes } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, DEMO_OFFICE_ID, devToken, officeApi, settled } from '../lib/helpers.mjs';
import { signIn } from './verification-common.mjs';

const pad = (value) => String(value).padStart(2, '0');

test('management-integrations', async ({ stack, page, shot }) => {
  test.setTimeout(90_000);
  await signIn(page, stack, 'admin@demo.test', '/management/integrations');
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
  const main = page.getByTestId(`integration-row-${DEMO_OFFICE_ID}`);
  await expect(main).toContainText('NexHealth');
  await expect(main).toContainText('dentrix');
  await expect(page.getByTestId('integration-row-office-demo-2')).toBeVisible();

  // A day of Main St's schedule read by its staff: the sandbox practice answers.
  const now = new Date();
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const staff = await devToken(stack, 'staff@demo.test');
  const read = await officeApi(stack, staff, DEMO_OFFICE_ID, 'GET', `/api/schedule/${day}`);
  assert.equal(read.status, 200, `the day answered ${read.status}`);

  await page.reload();
  await expect(main.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(main).toContainText(new RegExp(`\\(${day}, \\d+ appointments\\)`));
  await expect(page.getByText('Sandbox practice', { exact: true })).toBeVisible();
  await checkBothSizes(page, 'the integrations page');
  await settled(page);
  await shot('1-read-by-the-sandbox');
});
