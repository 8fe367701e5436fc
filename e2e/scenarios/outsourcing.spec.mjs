/**
 * Outsourcing (issue 15 items 5 and 6): an office outsources a ticket; an agent, in another browser context, finds
 * it in the queue (/management/verifications), opens it, claims it, logs a payer call, corrects a value (saved
 * through the queue with the call as its evidence, never the plain edit) and sends it through QA to Resolved. The
 * office's tab shows each status live (no reload: the chip follows the socket's `ticket_status`), the agent's value
 * with its call in the field's tooltip, and the notification when it is resolved (`ticket_resolved`).
 */
import { expect, test } from '../lib/fixtures.mjs';
import { shotPath } from '../lib/artifacts.mjs';
import { checkAccessibility, checkTableFits } from '../lib/axe.mjs';
import { allJobsDone, createVerification, devToken, sandboxPatient, settled, waitForVerification } from '../lib/helpers.mjs';
import { scoredField, signIn, ticketPath } from './verification-common.mjs';

const statusChip = (page) => page.locator('[data-testid="ticket-status"]');

/** A screenshot of another context's page (the fixture's `shot` takes the first page), `element` at the top. */
async function shotOf(page, name, element) {
  if (element) await element.evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await settled(page);
  await page.screenshot({ path: shotPath(`outsourcing--${name}`) }).catch(() => undefined);
}

/** The chip shows `status` (polled: it changes on its own). */
async function waitForStatus(page, status, who) {
  await expect.poll(() => statusChip(page).getAttribute('data-status'), { message: `${who} sees '${status}'`, timeout: 15_000 }).toBe(status);
}

/** The office's tab, refreshed by the status event alone: the agent's value, and its call in the field's tooltip. */
async function officeSeesEvidence(page, shot) {
  const annualMax = scoredField(page, 'Annual maximum');
  await expect.poll(() => annualMax.text(), { message: "the office sees the agent's value" }).toBe('$1,750.00');
  await annualMax.badge.focus();
  const tip = page.getByRole('tooltip').filter({ has: page.getByTestId('field-evidence') });
  await expect(tip.getByTestId('field-evidence')).toContainText('with Dana Rep, reference REF-48213');
  await expect(tip.getByRole('link', { name: 'document' })).toHaveAttribute('href', 'https://files.example.com/call-48213.png');
  await expect(tip.getByTestId('field-evidence')).toContainText('Entered by agent@demo.test');
  await shot('office-field-evidence');
  await annualMax.badge.blur();
}

test('outsourcing', async ({ stack, page, shot, browser }) => {
  test.setTimeout(180_000);
  const token = await devToken(stack, 'staff@demo.test');
  const { patient, carrier } = await sandboxPatient(stack, token, 'DPA55501234', 'Emma');
  const id = await createVerification(stack, token, { patient, payerId: carrier.payerId });
  // The sources answer first: the agent corrects a value of the plan they found.
  const verified = await waitForVerification(stack, token, id, allJobsDone);
  expect(verified.plan, 'the sandbox found a plan').toBeTruthy();

  // The office outsources its ticket.
  await signIn(page, stack, 'staff@demo.test', ticketPath(id));
  const card = page.getByTestId('outsourcing-card');
  await card.getByRole('button', { name: 'Outsource', exact: true }).click();
  await card.getByRole('radio', { name: 'Breakdown' }).check();
  await card.getByLabel('Note for the agent (optional)').fill('Frequencies for D1110 and D0274 are missing');
  await checkAccessibility(page, 'the outsource form');
  await card.getByRole('button', { name: 'Send to the verification team' }).click();
  await waitForStatus(page, 'Open', 'the office');
  // A marker the page loses on a reload: every later status must come without one.
  await page.evaluate(() => {
    globalThis.outsourcingNoReload = true;
  });
  await shot('office-outsourced');

  // An agent, in another browser, finds it in the queue.
  const agentContext = await browser.newContext();
  try {
    const agent = await agentContext.newPage();
    await signIn(agent, stack, 'agent@demo.test', '/management/verifications?status=Open');
    await agent.getByRole('heading', { level: 1, name: 'Verifications' }).waitFor();
    const row = agent.getByTestId(`queue-row-${id}`);
    await row.waitFor();
    await expect(row).toContainText('E. ');
    await expect(row).toContainText('Breakdown');
    await checkTableFits(agent, 'Outsourced tickets table');
    await checkAccessibility(agent, 'the queue');
    await shotOf(agent, 'agent-queue');
    await row.getByRole('link').click();
    await agent.waitForURL((url) => url.pathname === ticketPath(id));
    const panel = agent.getByTestId('agent-panel');
    await panel.getByRole('button', { name: 'Claim' }).click();
    await waitForStatus(agent, 'Pending', 'the agent');
    await waitForStatus(page, 'Pending', 'the office');

    // Every PATCH the agent's page sends: values go through the queue only.
    const patches = [];
    agent.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(new URL(request.url()).pathname);
    });
    // Before any call, the panel says a value needs one.
    await expect(panel.getByTestId('evidence-note')).toContainText('Log the payer call first');

    // The agent logs the payer call the values come from.
    await panel.getByRole('button', { name: 'Log a payer call' }).click();
    await panel.getByLabel('Payer representative').fill('Dana Rep');
    await panel.getByLabel('Call reference number').fill('REF-48213');
    await panel.getByLabel('Screenshot or recording URL (optional)').fill('https://files.example.com/call-48213.png');
    await panel.getByLabel('Alert note (optional)').fill('Frequencies confirmed by phone');
    await checkAccessibility(agent, 'the call form');
    await shotOf(agent, 'agent-call-form', panel);
    await panel.getByRole('button', { name: 'Log the call' }).click();
    await expect(panel.getByRole('list', { name: 'Payer calls' })).toContainText('Dana Rep, reference REF-48213');
    await expect(panel.getByTestId('evidence-note')).toContainText('with Dana Rep, reference REF-48213');
    await shotOf(agent, 'agent-call-logged', panel);

    // The agent corrects the annual maximum: saved through the queue with that call as its evidence.
    const fieldsPath = `/api/management/verifications/${id}/fields`;
    const entered = agent.waitForRequest((request) => request.method() === 'PATCH' && new URL(request.url()).pathname === fieldsPath);
    await agent.getByRole('button', { name: 'Edit Annual maximum', exact: true }).click();
    const editor = agent.getByRole('group', { name: 'Edit Annual maximum' });
    await editor.getByLabel('Annual maximum', { exact: true }).fill('1750');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await entered).postDataJSON()).toMatchObject({
      edits: [{ path: 'plan.benefits.annualMax', value: 1750 }],
      evidence: { representative: 'Dana Rep', callReference: 'REF-48213', documentUrl: 'https://files.example.com/call-48213.png' },
    });
    await editor.waitFor({ state: 'detached' });
    expect(await scoredField(agent, 'Annual maximum').text()).toBe('$1,750.00');
    expect(patches).toEqual([`/api/management/verifications/${id}/call`, fieldsPath]);

    // Through QA to Resolved, each status seen by the office without a reload.
    for (const status of ['Portal info entered ready for calls', 'Ready for QA', 'QA Complete', 'Resolved']) {
      await panel.getByRole('button', { name: `Move to ${status}`, exact: true }).click();
      await waitForStatus(agent, status, 'the agent');
      await waitForStatus(page, status, 'the office');
      if (status === 'Portal info entered ready for calls') await officeSeesEvidence(page, shot);
      if (status === 'Ready for QA') await shot('office-ready-for-qa');
    }
    await shotOf(agent, 'agent-resolved', panel);
  } finally {
    await agentContext.close();
  }

  // An administrator sees who requested it.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, stack, 'admin@demo.test', '/management/requesters?officeId=office-demo-1');
    const office = admin.getByRole('button', { name: /Bright Smiles Dental/ });
    await office.click();
    await expect(admin.getByRole('row', { name: /staff@demo\.test/ })).toBeVisible();
    // Every column in view at the desktop width: a busy office's statuses wrap instead of pushing 'Last request' out.
    await checkTableFits(admin, 'Requesters table');
    await checkAccessibility(admin, 'the requesters');
    await shotOf(admin, 'admin-requesters');
  } finally {
    await adminContext.close();
  }

  await expect(page.getByText('Outsourced verification resolved')).toBeVisible();
  await expect(page.getByText('The Breakdown request for this verification is resolved.')).toBeVisible();
  expect(await page.evaluate(() => globalThis.outsourcingNoReload)).toBe(true);
  await shot('office-resolved');
});
