/**
 * Statistics (issue 18 item 5): a super administrator opens /management/stats on a fresh stack and sees the demo's
 * seeded week (services/standalone demo-stats-week.ts): the figures, the chart of verifications per day with its
 * bars, the sources and rejection reasons; picks one office; and exports the figures as CSV, which holds the same
 * numbers and no patient. Other scenarios add verifications to office-demo-1 as the suite runs, so the numbers are
 * compared with the service's own reply, not with constants.
 */
import { checkAccessibility } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, devToken, officeApi, settled } from '../lib/helpers.mjs';
import { signIn } from './verification-common.mjs';

const pad = (value) => String(value).padStart(2, '0');
const dayOf = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last seven days of the browser's calendar, as the page asks by default. */
function lastWeek(timeZone) {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone }));
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  return { from: dayOf(from), to: dayOf(now) };
}

const figure = (page, label) => page.locator('.dv-stats__figure').filter({ has: page.locator('dt', { hasText: label }) }).locator('.dv-stats__value');

test('management-stats', async ({ stack, page, shot }) => {
  test.setTimeout(90_000);
  const statsCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/management/stats');
  await signIn(page, stack, 'superadministrator@demo.test', '/management/stats');
  await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();
  const reply = await (await statsCall).json();
  assert.ok(reply.totals.verifications >= 20, `the seeded week has verifications: ${JSON.stringify(reply.totals)}`);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  assert.deepEqual({ from: reply.from, to: reply.to }, lastWeek(timeZone));
  assert.equal(reply.perDay.length, 7);
  assert.ok(reply.perDay.filter((day) => day.verifications > 0).length >= 5, 'most days of the week have verifications');

  // The figures are the reply's.
  await expect(figure(page, 'Verifications')).toHaveText(String(reply.totals.verifications));
  await expect(figure(page, 'Outsourced')).toHaveText(String(reply.totals.outsourced));
  await expect(figure(page, 'Ready without an agent')).toHaveText(/^\d+\.\d%$/);
  await expect(figure(page, 'Median time to ready')).toHaveText(/\d/);

  // The chart of the week: one group of bars per day.
  const chart = page.getByRole('figure', { name: 'Verifications per day, chart' });
  await expect(chart.locator('.recharts-wrapper > svg')).toBeVisible();
  await expect.poll(() => chart.locator('.recharts-bar-rectangle').count(), { message: 'the chart draws its bars' }).toBeGreaterThan(5);
  await expect(page.getByRole('figure', { name: 'Success rate per source, chart' }).locator('.recharts-wrapper > svg')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sources' }).getByRole('row', { name: /Clearinghouse/ })).toContainText(String(reply.sources[0].jobs));
  await expect(page.getByRole('table', { name: 'Top rejection reasons' }).getByRole('rowheader').first()).toHaveText(/^AAA \d\d /);
  await settled(page);
  await checkAccessibility(page, 'the statistics page');
  await shot('1-week');

  // The CSV: built in the browser from the same figures, no patient in it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.equal(download.suggestedFilename(), `statistics-${reply.from}-to-${reply.to}.csv`);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = csv.split('\r\n');
  assert.equal(lines[0], 'Statistics,All offices');
  assert.ok(lines.includes(`Verifications,${reply.totals.verifications}`), csv.slice(0, 400));
  assert.ok(lines.includes('Day,Verifications,Ready without an agent,Outsourced'));
  assert.equal(lines.filter((line) => /^\d\d\/\d\d\/\d{4},/.test(line)).length, 7);
  assert.ok(!/Whitfield|Okafor|Lindqvist|Marchetti|DW\d{9}/.test(csv), 'the CSV names no patient');

  // One office: the reply and the figures narrow to it.
  const narrowed = page.waitForResponse((response) => new URL(response.url()).searchParams.get('officeId') === 'office-demo-2');
  await page.getByRole('combobox', { name: 'Office' }).selectOption('office-demo-2');
  const office = await (await narrowed).json();
  assert.equal(office.officeId, 'office-demo-2');
  assert.ok(office.totals.verifications > 0 && office.totals.verifications < reply.totals.verifications, 'office-demo-2 has part of the week');
  await expect(figure(page, 'Verifications')).toHaveText(String(office.totals.verifications));
  await expect(page).toHaveURL(/officeId=office-demo-2/);
  await shot('2-one-office');

  // Through the gateway: the office's staff see their office's week, and are refused another office's; an agent is refused.
  const range = `from=${reply.from}&to=${reply.to}&timeZone=${encodeURIComponent(timeZone)}`;
  const staff = await devToken(stack, 'staff@demo.test');
  const own = await officeApi(stack, staff, 'office-demo-1', 'GET', `/api/management/stats?${range}`);
  assert.equal(own.status, 200);
  assert.equal(own.data.officeId, 'office-demo-1');
  assert.equal((await officeApi(stack, staff, 'office-demo-1', 'GET', `/api/management/stats?${range}&officeId=office-demo-2`)).status, 403);
  assert.equal((await officeApi(stack, staff, 'office-demo-2', 'GET', `/api/management/stats?${range}`)).status, 403);
  const agent = await devToken(stack, 'agent@demo.test');
  assert.equal((await officeApi(stack, agent, 'office-demo-1', 'GET', `/api/management/stats?${range}`)).status, 403);
});
