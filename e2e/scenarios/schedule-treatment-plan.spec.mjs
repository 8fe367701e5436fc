/**
 * An appointment's treatment plan (issue 16 items 4 and 6): staff open the schedule two days ahead (its sandbox
 * verification statuses reset first, so the day starts unverified whatever ran before), verify Maria Lopez's
 * appointment from her row (the verification opens), come back and open her appointment panel. Her recall books a
 * cleaning (D1110) while the payer and the practice saw her last one about 120 days earlier and Delta Dental of
 * California allows 1 per 6 months: the D1110 line is flagged not eligible with its next eligible date, and the
 * panel estimates what she pays. She writes back the remaining maximum and sees it in the log; the verification's
 * page, opened from the panel, has the same estimate in its Treatment plan tab.
 */
import { axeViolations, BLOCKING_IMPACTS, checkBothSizes, formatViolations } from '../lib/axe.mjs';
import { shotPath } from '../lib/artifacts.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, DEMO_OFFICE_ID, devToken, officeApi, pathOf, settled } from '../lib/helpers.mjs';
import { signIn, TICKET_PATH } from './verification-common.mjs';

const STAFF = 'staff@demo.test';
const FREQUENCY = /D1110: 1 per 6 months, last (\d\d\/\d\d\/\d{4}), next eligible (\d\d\/\d\d\/\d{4}): not eligible on (\d\d\/\d\d\/\d{4})/;
const MONEY = /^\$[\d,]+\.\d\d$/;

/** The office's day `offset` days from today in its time zone: YYYY-MM-DD and MM/DD/YYYY. */
function officeDay(timeZone, offset) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const part = (type) => Number(parts.find((candidate) => candidate.type === type).value);
  const at = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + offset));
  const iso = at.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, us: `${month}/${day}/${year}` };
}

const usTime = (us) => {
  const [month, day, year] = us.split('/').map(Number);
  return Date.UTC(year, month - 1, day);
};
/** The not-eligible frequency check of the estimate's D1110 line. */
const cleaningFrequency = (page, estimate) =>
  estimate
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^D1110/ }) })
    .locator('[data-check="frequency"][data-eligibility="notEligible"]')
    .first();
const dollars = (text) => Number(text.replace(/[$,]/g, ''));

/**
 * No serious or critical axe-core violation inside the drawer that holds the appointment panel. The schedule page
 * behind it is the schedule scenarios' to check: axe-core runs on the whole document, and only the drawer's nodes
 * fail this one.
 */
async function checkDrawerAccessibility(page, label) {
  const blocking = (await axeViolations(page)).filter((violation) => BLOCKING_IMPACTS.includes(violation.impact));
  const inDrawer = [];
  for (const violation of blocking) {
    const nodes = [];
    for (const node of violation.nodes) {
      const inside = await page.locator(node.target.join(' ')).first().evaluate((element) => element.closest('.ant-drawer') !== null);
      if (inside) nodes.push(node);
    }
    if (nodes.length > 0) inDrawer.push({ ...violation, nodes });
  }
  if (inDrawer.length > 0) {
    console.log(`axe-core on ${label}:\n${formatViolations(inDrawer)}`);
    throw new Error(`axe-core found serious or critical violations on ${label}: ${inDrawer.map((violation) => violation.id).join(', ')}`);
  }
}

test('schedule-treatment-plan', async ({ stack, page, shot }) => {
  test.setTimeout(150_000);
  const token = await devToken(stack, STAFF);
  const settings = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', '/api/schedule/settings');
  assert.equal(settings.status, 200, `the schedule settings answered ${settings.status}`);
  const day = officeDay(settings.data.timeZone, 2);
  const reset = await officeApi(stack, token, DEMO_OFFICE_ID, 'POST', '/api/schedule/sandbox/reset', { date: day.iso });
  assert.equal(reset.status, 204, `the sandbox reset answered ${reset.status}`);
  const schedule = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', `/api/schedule/${day.iso}`);
  const maria = schedule.data.appointments.find((one) => one.patient.firstName === 'Maria' && one.patient.lastName === 'Lopez');
  assert.ok(maria, `Maria Lopez is on the sandbox schedule of ${day.iso}`);
  assert.equal(maria.coverages[0].verification.chip, 'notVerified', 'the reset day starts with her not verified');

  // The schedule of the day: her row, not verified; Verify opens the verification it started.
  await signIn(page, stack, STAFF, `/schedule/${day.iso}`);
  const row = page.getByTestId('appointment-row').filter({ hasText: 'Lopez, Maria' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.getByTestId('coverage-chip').first()).toHaveAttribute('data-chip', 'notVerified');
  await settled(page);
  await shot('1-schedule');
  await row.getByRole('button', { name: /^Verify Lopez, Maria/ }).first().click();
  await page.waitForURL((url) => TICKET_PATH.test(url.pathname), { waitUntil: 'commit' });
  const verificationId = TICKET_PATH.exec(pathOf(page))[1];
  await page.getByRole('heading', { level: 1, name: 'Maria Lopez' }).waitFor();
  // Opened for her appointment, as from the panel: the ticket offers its treatment plan.
  assert.equal(new URL(page.url()).searchParams.get('appointment'), maria.id, `the ticket names the appointment: ${page.url()}`);
  await expect(page.getByRole('tab', { name: 'Treatment plan' })).toBeVisible();

  // Back on the schedule, her panel: the estimate shows once the sources answered (live, no reload).
  await page.goto(`${stack.demoUrl}/schedule/${day.iso}`);
  await row.getByRole('link', { name: 'Lopez, Maria', exact: true }).click();
  const panel = page.getByRole('dialog').locator('section.dv-appointment');
  await expect(panel.getByRole('heading', { level: 2, name: 'Maria Lopez' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Open the verification of the primary coverage' })).toHaveAttribute('href', `/verification/${verificationId}?appointment=${maria.id}`);
  const estimate = panel.getByRole('table', { name: 'Treatment plan estimate' });
  await expect(estimate).toBeVisible({ timeout: 40_000 });

  // The cleaning: flagged not eligible, with the day it becomes eligible, after the appointment.
  const frequency = cleaningFrequency(page, estimate);
  await expect(frequency).toContainText('Not eligible');
  await expect(frequency).toHaveText(FREQUENCY);
  const [, last, next, on] = FREQUENCY.exec(await frequency.innerText());
  assert.equal(on, day.us, 'the line is checked on the appointment day');
  const daysSinceLast = (usTime(day.us) - usTime(last)) / 86_400_000;
  assert.ok(daysSinceLast >= 118 && daysSinceLast <= 122, `the last cleaning was about 120 days before: ${last}`);
  assert.ok(usTime(next) > usTime(day.us), `next eligible ${next} is after the appointment`);
  const total = panel.getByTestId('estimate-patient-total');
  await expect(total).toHaveText(MONEY);
  const patientPart = (await total.innerText()).trim();
  assert.ok(dollars(patientPart) > 0, `the patient pays a part (the cleaning at least): ${patientPart}`);
  await expect(panel.getByText(/This is an estimate from the verified benefits/)).toBeVisible();
  await settled(page);
  await shot('2-estimate');

  // Write back the remaining maximum: logged as written.
  const form = panel.getByRole('form', { name: 'Values to write back' });
  const remaining = form.getByRole('checkbox', { name: /^Remaining maximum: \$[\d,]+\.\d\d$/ });
  const value = (await form.locator('label').filter({ hasText: /^Remaining maximum:/ }).innerText()).replace(/^Remaining maximum:\s*/, '').trim();
  await remaining.check();
  await form.getByRole('button', { name: 'Write back' }).click();
  await expect(panel.getByText('Written to the practice: Remaining maximum.')).toBeVisible();
  const log = panel.getByRole('table', { name: 'Write-back log' });
  await expect(log).toContainText(`Remaining maximum: ${value}`);
  await expect(log).toContainText('Written');
  await panel.getByRole('heading', { name: 'Write back to the practice' }).scrollIntoViewIfNeeded();
  await settled(page);
  await shot('3-written-back');
  await checkBothSizes(page, 'appointment-panel', { shot, check: checkDrawerAccessibility });

  // The verification, opened from the panel: the same estimate in its Treatment plan tab.
  await panel.getByRole('link', { name: 'Open the verification of the primary coverage' }).click();
  await page.waitForURL((url) => url.pathname === `/verification/${verificationId}` && url.searchParams.get('appointment') === maria.id, { waitUntil: 'commit' });
  await page.getByRole('tab', { name: 'Treatment plan' }).click();
  const tabEstimate = page.getByRole('table', { name: 'Treatment plan estimate' });
  await expect(cleaningFrequency(page, tabEstimate)).toHaveText(FREQUENCY);
  await expect(page.getByTestId('estimate-patient-total')).toHaveText(patientPart);
  await tabEstimate.scrollIntoViewIfNeeded();
  await settled(page);
  await shot('4-ticket-tab');
  await page.screenshot({ path: shotPath('schedule-treatment-plan--5-ticket-tab-full'), fullPage: true });
  await checkBothSizes(page, 'ticket-treatment-plan-tab', { shot });
});
