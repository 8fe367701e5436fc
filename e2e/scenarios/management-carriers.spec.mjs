/**
 * The carrier catalogue (issue 18 item 3): a super administrator (who holds editGlobalCarriers) finds Lincoln
 * Financial Group on /management/carriers, opens it, is told under the field that a 7-digit phone is no phone,
 * saves a right one, and deactivates the carrier; an office's staff then no longer finds it in the New
 * Verification picker, without any restart. The carrier is restored (and its phone cleared) at the end, passed
 * or failed: every scenario shares the stack, and no other one uses Lincoln.
 */
import { checkAccessibility, checkBothSizes, checkTableFits } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { api, assert, devToken, settled } from '../lib/helpers.mjs';
import { openNewVerification, signIn } from './verification-common.mjs';

const PAYER_ID = '62705';
const NAME = 'Lincoln Financial Group';
const PHONE_MESSAGE = 'Use a 10-digit US phone number, like (800) 555-0100';

/** Whether the picker offers Lincoln for a typed text, once it has searched; `shot` sees the open list. */
async function pickerFinds(page, text, shot) {
  const carrier = page.getByLabel('Carrier', { exact: true });
  await carrier.click();
  await carrier.fill(text);
  const option = page.locator('.ant-select-item-option').filter({ hasText: PAYER_ID });
  const none = page.locator('.ant-select-dropdown').getByText('No carrier matches');
  await expect.poll(async () => (await option.count()) > 0 || (await none.isVisible()), { message: `the picker searched '${text}'` }).toBe(true);
  const found = (await option.count()) > 0;
  await shot?.();
  await page.keyboard.press('Escape');
  return found;
}

test('management-carriers', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const superToken = await devToken(stack, 'superadministrator@demo.test');
  try {
    const before = await api(stack, superToken, 'GET', `/api/management/carriers/${PAYER_ID}`);
    assert.equal(before.active, true, 'Lincoln starts active');

    await signIn(page, stack, 'superadministrator@demo.test', '/management/carriers');
    await page.getByRole('heading', { level: 1, name: 'Carriers' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search carriers' }).fill('lincoln');
    const row = page.getByTestId(`carrier-row-${PAYER_ID}`);
    await expect(row).toContainText(NAME);
    await expect(page.locator('.dv-carriers__row')).toHaveCount(1);
    await expect(row).toContainText('Active');
    await settled(page);
    await checkTableFits(page, 'Carrier table');
    await checkAccessibility(page, 'the carrier list');
    await shot('1-list');

    // The carrier's form: a wrong phone is refused under its field before anything is sent.
    await row.click();
    const form = page.getByRole('form', { name: `Carrier ${NAME}` });
    await expect(form.getByLabel('Payer id')).toHaveValue(PAYER_ID);
    await expect(form.getByLabel('Payer id')).toBeDisabled();
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByLabel('Phone')).toHaveAccessibleDescription(PHONE_MESSAGE);
    await settled(page);
    await checkAccessibility(page, 'the carrier form with a refused phone');
    await shot('2-refused-phone');
    await form.getByLabel('Phone').fill('(800) 555-0142');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('(800) 555-0142');
    assert.equal((await api(stack, superToken, 'GET', `/api/management/carriers/${PAYER_ID}`)).phone, '(800) 555-0142');

    // Deactivated: the list says so, the form offers Restore.
    await page.getByRole('form', { name: `Carrier ${NAME}` }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('Inactive');
    await expect(page.getByRole('form', { name: `Carrier ${NAME}` }).getByRole('button', { name: 'Restore' })).toBeVisible();
    await checkBothSizes(page, "the inactive carrier's form");
    await shot('3-inactive');

    // An office's staff: the picker no longer offers it (no restart, no wait).
    await signIn(page, stack, 'staff@demo.test');
    await openNewVerification(page, stack);
    assert.equal(await pickerFinds(page, 'Lincoln', () => shot('4-picker-without-lincoln')), false, 'a deactivated carrier is not in the picker');
  } finally {
    await api(stack, superToken, 'PATCH', `/api/management/carriers/${PAYER_ID}`, { active: true, phone: null });
  }

  // Restored: offered again.
  await openNewVerification(page, stack);
  assert.equal(await pickerFinds(page, 'Lincoln', () => shot('5-picker-with-lincoln')), true, 'a restored carrier is in the picker again');
});
