/**
 * Recommendations (issue 15 item 4): with RECOMMENDATIONS_ENABLED active in the demo data, a sandbox patient whose
 * answers leave something missing (Grace Miller at Humana: no procedure history, no group number, no remaining
 * deductible; the demo office has no Humana portal login, so the portal job waits for one) shows the
 * recommendations on the ticket page, most urgent first, each with its buttons. The office acts on them: Contact
 * carrier is a phone link with the number the clearinghouse gave, Check carrier portal opens the organization's
 * catalogue address of the Humana portal in a new tab, and Outsource breakdown hands the ticket to the company's
 * agents (the demo office allows outsourcing).
 */
import { expect, test } from '../lib/fixtures.mjs';
import { assert, createVerification, devToken, DEMO_OFFICE_ID, officeApi, sandboxPatient, settled, waitForVerification } from '../lib/helpers.mjs';
import { openTicket, signIn, ticketPath } from './verification-common.mjs';

const SEVERITY_RANK = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const HUMANA_PORTAL = 'https://www.humana.com/provider';

/** No source still works: the clearinghouse is done and the portal job waits for the office (or is done). */
const sourcesSettled = (detail) => detail.jobs.length > 0 && detail.jobs.every((job) => job.status !== 'pending' && job.status !== 'processing');

test('recommendations', async ({ stack, page, context, shot }) => {
  test.setTimeout(120_000);
  const flags = await (await fetch(`${stack.loopback.gateway}/api/features`, { headers: { 'x-organization-id': 'org-demo' } })).json();
  const flag = flags.find((one) => one.name === 'RECOMMENDATIONS_ENABLED');
  assert.equal(flag?.isActive, true, 'the demo data has RECOMMENDATIONS_ENABLED active');

  const token = await devToken(stack, 'staff@demo.test');
  const { patient, carrier } = await sandboxPatient(stack, token, 'H55512345', 'Grace');
  const id = await createVerification(stack, token, { patient, payerId: carrier.payerId });
  await waitForVerification(stack, token, id, sourcesSettled, { timeout: 30_000 });
  const { status, data: reply } = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', `/api/verifications/${id}/recommendations`);
  assert.equal(status, 200);
  assert.ok(reply.enabled && reply.recommendations.length >= 2, `something is left missing: ${JSON.stringify(reply.recommendations.map((r) => r.code))}`);

  await signIn(page, stack, 'staff@demo.test');
  await openTicket(page, stack, id, `${patient.patientFirstName} ${patient.patientLastName}`);
  const card = page.getByTestId('recommendations');
  const items = card.getByTestId('recommendation');
  await expect(items).toHaveCount(reply.recommendations.length);

  // Most urgent first: the order the service derived, with the severities never rising down the list.
  const shown = await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-code')));
  assert.deepEqual(shown, reply.recommendations.map((r) => r.code));
  const ranks = reply.recommendations.map((r) => SEVERITY_RANK[r.severity]);
  assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), 'severities go from the most urgent down');
  await expect(items.first()).toContainText(reply.recommendations[0].message);
  await expect(items.first()).toContainText({ HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' }[reply.recommendations[0].severity]);
  await settled(page);
  await card.scrollIntoViewIfNeeded();
  await shot('1-recommendations');

  // Contact carrier: a phone link with the number the clearinghouse's answer gave.
  const first = items.first();
  const phone = reply.recommendations[0].actions.find((action) => action.action === 'CONTACT_CARRIER')?.phone;
  assert.ok(phone, 'the most urgent recommendation offers a call to the carrier');
  const call = first.getByRole('link', { name: /^Contact carrier: \(\d{3}\) \d{3}-\d{4}$/ });
  await expect(call).toHaveAttribute('href', `tel:${phone}`);

  // Check carrier portal: the catalogue's address of the Humana portal, in a new tab (answered here: no internet).
  await context.route(`${HUMANA_PORTAL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Humana providers</title><h1>Humana providers</h1>' }));
  const portalLink = first.getByRole('link', { name: /^Check carrier portal: / });
  await expect(portalLink).toHaveAttribute('target', '_blank');
  const [portalTab] = await Promise.all([context.waitForEvent('page'), portalLink.click()]);
  await portalTab.waitForLoadState('domcontentloaded');
  assert.equal(portalTab.url(), HUMANA_PORTAL);
  await portalTab.close();
  assert.equal(new URL(page.url()).pathname, ticketPath(id), 'the ticket page stays open');

  // Outsource breakdown: the ticket goes to the company's agents, and the page says so.
  const breakdown = items.filter({ has: page.getByRole('button', { name: 'Outsource breakdown' }) }).first();
  await breakdown.getByRole('button', { name: 'Outsource breakdown' }).click();
  // Once sent the card offers no second request (its button goes), so the item is found by the message.
  await expect(items.getByText("Sent to the company's agents", { exact: false }).first()).toBeVisible();
  await settled(page);
  await shot('2-outsourced');

  const agent = await devToken(stack, 'agent@demo.test');
  const queue = await officeApi(stack, agent, DEMO_OFFICE_ID, 'GET', '/api/management/verifications');
  assert.equal(queue.status, 200);
  const queued = queue.data.items.find((item) => item.verificationId === id);
  assert.ok(queued, 'the outsourced ticket is in the company queue');
});
