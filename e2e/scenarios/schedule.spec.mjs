/**
 * The Appointment Schedule (issue 16 items 2 and 3). Staff of Main St (office-demo-1, the sandbox practice) open the
 * menu's Appointment Schedule (a new tab), go to tomorrow and press Verify all: the bar advances live through the
 * socket (no reload), a reload mid-way finds it still running and it keeps advancing, and at the end every
 * appointment's coverage is ready or needs attention with the reason in words, the summary counts them, and the
 * page passes axe and does not scroll sideways at both sizes. The batch runs one verification at a time (the
 * schedule's concurrency set to 1 through PUT /api/schedule/settings as the staff manager, then put back), so that
 * the run is slow enough to reload in the middle without slowing any other scenario. Oak Ave (office-demo-2) is
 * freemium: the staff manager switched there has no Appointment Schedule in the menu, /schedule is refused on the
 * page without asking the schedule service, and the service answers 403.
 */
import { shotPath } from '../lib/artifacts.mjs';
import { checkBothSizes, fullPageShot } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, DEMO_OFFICE_ID, devToken, menuLabels, officeApi, settled, waitForPath } from '../lib/helpers.mjs';
import { signIn } from './verification-common.mjs';

const OAK_AVE = 'office-demo-2';
const DAY_PATH = /^\/schedule\/(\d{4}-\d\d-\d\d)$/;

/** The schedule's settings of Main St with `change`; answers the settings before. */
async function changeSettings(stack, token, change) {
  const before = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', '/api/schedule/settings');
  assert.equal(before.status, 200, `GET /api/schedule/settings answered ${before.status}`);
  const saved = await officeApi(stack, token, DEMO_OFFICE_ID, 'PUT', '/api/schedule/settings', { ...before.data, ...change });
  assert.equal(saved.status, 200, `PUT /api/schedule/settings answered ${saved.status}: ${JSON.stringify(saved.data)}`);
  return before.data;
}

/** The bar's "n of N" as numbers, or null when no batch runs. */
async function barProgress(tab) {
  const bar = tab.getByRole('progressbar', { name: 'Verify all progress' });
  if ((await bar.count()) === 0) return null;
  const [done, total] = await Promise.all([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]);
  return { done: Number(done), total: Number(total) };
}

/** Waits until the bar shows more than `done` verified; answers what it shows then. */
async function advancedPast(tab, done, timeout = 60_000) {
  await expect.poll(async () => (await barProgress(tab))?.done ?? -1, { message: `the bar moves past ${done}`, timeout, intervals: [200] }).toBeGreaterThan(done);
  return barProgress(tab);
}

/** Every coverage of every row has ended: ready, or needing attention with the reason in words. */
async function checkEveryRowEnded(tab) {
  const rows = tab.getByTestId('appointment-row');
  const count = await rows.count();
  assert.ok(count >= 8, `the sandbox day has 8 to 14 appointments: ${count}`);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const name = (await row.getByRole('rowheader').getByRole('link').innerText()).trim();
    const chips = row.getByTestId('coverage-chip');
    assert.ok((await chips.count()) >= 1, `${name} has a status`);
    for (const chip of await chips.all()) {
      const state = await chip.getAttribute('data-chip');
      assert.ok(state === 'ready' || state === 'attention', `${name}: ${state} (${await chip.innerText()})`);
    }
    const attention = await row.locator('[data-chip="attention"]').count();
    const reasons = await row.getByTestId('attention-reason').allInnerTexts();
    assert.equal(reasons.length, attention, `${name}: a reason for each coverage needing attention`);
    for (const reason of reasons) assert.ok(reason.trim().length > 3, `${name}: the reason is words: "${reason}"`);
  }
  return count;
}

test('schedule-verify-all', async ({ stack, page, context }) => {
  test.setTimeout(300_000);
  const managerToken = await devToken(stack, 'staffmanager@demo.test');
  const before = await changeSettings(stack, managerToken, { concurrency: 1 });
  try {
    await signIn(page, stack, 'staff@demo.test', '/verification');
    await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();

    // The menu's item opens the schedule in a new tab, on today.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Appointment Schedule', exact: true }).click(),
    ]);
    const shot = (name) => tab.screenshot({ path: shotPath(`schedule-verify-all--${name}`) });
    await waitForPath(tab, '/schedule');
    await tab.getByRole('heading', { level: 1, name: 'Appointment Schedule' }).waitFor();
    await expect(tab.getByRole('heading', { level: 2 }).first()).toContainText('Today');

    // Tomorrow, by the keyboard-friendly Next day.
    await tab.getByRole('button', { name: /Next day/ }).click();
    await tab.waitForURL((url) => DAY_PATH.test(url.pathname), { waitUntil: 'commit' });
    const date = DAY_PATH.exec(new URL(tab.url()).pathname)[1];
    await expect(tab.getByRole('heading', { level: 2 }).first()).toContainText('Tomorrow');
    await expect(tab.getByTestId('appointment-row').first()).toBeVisible();
    await expect(tab.getByTestId('sandbox-badge')).toBeVisible();
    await expect(tab.getByTestId('appointment-row').locator('[data-chip="notVerified"]').first()).toBeVisible();
    await settled(tab);
    await shot('1-tomorrow');

    // Verify all: the bar advances through the socket, on this very document.
    await tab.evaluate(() => {
      globalThis.__noReload = true;
    });
    const verifyAll = tab.getByRole('button', { name: 'Verify all' });
    await verifyAll.click();
    await expect(tab.getByRole('progressbar', { name: 'Verify all progress' })).toBeVisible();
    await expect(verifyAll).toBeDisabled();
    const first = await advancedPast(tab, 0);
    assert.ok(first.done < first.total, `still running after the first: ${first.done} of ${first.total}`);
    await expect(tab.getByTestId('batch-progress')).toContainText(`of ${first.total} verified`);
    assert.equal(await tab.evaluate(() => globalThis.__noReload === true), true, 'the bar moved without a reload');
    await shot('2-progress');

    // A reload in the middle: the server's batch is still there, and goes on.
    const beforeReload = await barProgress(tab);
    assert.ok(beforeReload.done < beforeReload.total, `reloaded mid-way: ${beforeReload.done} of ${beforeReload.total}`);
    await tab.reload();
    await expect(tab.getByRole('progressbar', { name: 'Verify all progress' })).toBeVisible();
    const afterReload = await barProgress(tab);
    assert.ok(afterReload.done >= beforeReload.done, `the reloaded page shows the progress: ${afterReload.done} >= ${beforeReload.done}`);
    assert.equal(afterReload.total, beforeReload.total);
    await expect(tab.getByRole('button', { name: 'Verify all' })).toBeDisabled();
    await shot('3-after-reload');
    await tab.evaluate(() => {
      globalThis.__noReload = true;
    });
    if (afterReload.done < afterReload.total - 1) await advancedPast(tab, afterReload.done);

    // The end: the summary, and every row with its status.
    const summary = tab.getByTestId('batch-summary');
    await expect(summary).toContainText('Verify all finished', { timeout: 180_000 });
    await expect(tab.getByRole('progressbar')).toHaveCount(0);
    assert.equal(await tab.evaluate(() => globalThis.__noReload === true), true, 'the batch ended on the reloaded page, live');
    const rows = await checkEveryRowEnded(tab);
    // A row's verification opens for its appointment (the ticket's treatment plan tab).
    await expect(tab.getByRole('link', { name: /^Open verification of / }).first()).toHaveAttribute('href', /^\/verification\/[^?]+\?appointment=[^&]+$/);
    const { data: day } = await officeApi(stack, managerToken, DEMO_OFFICE_ID, 'GET', `/api/schedule/${date}`);
    assert.equal(day.batch.status, 'done');
    assert.equal(day.batch.done, day.batch.total, 'every coverage of the batch ended');
    await expect(summary).toContainText(`${day.batch.counts.ready} ready`);
    await settled(tab);
    await shot('4-done');
    await tab.screenshot({ path: shotPath('schedule-verify-all--5-done-full'), fullPage: true });
    await checkBothSizes(tab, 'schedule-day', { shot: fullPageShot(tab, 'schedule-verify-all') });
    console.log(`schedule-verify-all: ${rows} appointments, batch ${JSON.stringify(day.batch.counts)} of ${day.batch.total}`);

    // A row opens the appointment's panel; Escape closes it.
    await tab.getByTestId('appointment-row').first().getByRole('rowheader').getByRole('link').click();
    const panel = tab.getByRole('dialog');
    await expect(panel.getByRole('button', { name: 'Close the appointment' })).toBeVisible();
    // The panel's heading and close button, not the drawer's too.
    await expect(panel.getByRole('button', { name: /close/i })).toHaveCount(1);
    await expect(panel.getByRole('heading', { level: 2 })).toHaveCount(1);
    await settled(tab);
    await shot('6-appointment-panel');
    await tab.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  } finally {
    await changeSettings(stack, managerToken, { concurrency: before.concurrency });
  }
});

test('schedule-freemium-office', async ({ stack, page }) => {
  await signIn(page, stack, 'staffmanager@demo.test', '/user-guide');
  await page.getByRole('heading', { level: 1, name: 'User Guide' }).waitFor();
  assert.ok((await menuLabels(page)).includes('Appointment Schedule'), 'Main St has the schedule');

  await page.getByRole('combobox', { name: 'Current office' }).click();
  await page.getByRole('option', { name: /Oak Ave/ }).click();
  await expect.poll(() => page.evaluate(() => globalThis.sessionStorage.getItem('current_office'))).toBe(OAK_AVE);
  await expect.poll(() => menuLabels(page)).not.toContain('Appointment Schedule');
  await page.screenshot({ path: shotPath('schedule-freemium-office--1-menu') });

  // The address typed anyway: the page refuses, and never asks the schedule service.
  const scheduleCalls = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/schedule')) scheduleCalls.push(request.url());
  });
  await page.goto(`${stack.demoUrl}/schedule`);
  await expect(page.getByText('This office has no Appointment Schedule')).toBeVisible();
  assert.deepEqual(scheduleCalls, [], 'no call to the schedule service');
  await page.screenshot({ path: shotPath('schedule-freemium-office--2-refused') });

  const token = await devToken(stack, 'staffmanager@demo.test');
  const refused = await officeApi(stack, token, OAK_AVE, 'GET', '/api/schedule/2026-06-16');
  assert.equal(refused.status, 403, `the schedule service refuses Oak Ave: ${refused.status}`);
});
