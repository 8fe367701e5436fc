/**
 * Issue 12 on the verification pages: /verification (with the subscriber's fields showing), /verification/{id}
 * (a ready breakdown, and an editor with a refused value) and /verification/{id}/source work at 1280x800 and at
 * 390x844 without the page scrolling sideways, and axe-core finds no serious or critical violation on them
 * (lib/axe.mjs). Full-page screenshots of each at both sizes go to e2e/artifacts/.
 */
import { shotPath } from '../lib/artifacts.mjs';
import { checkAccessibility, checkNoHorizontalScroll, VIEWPORTS } from '../lib/axe.mjs';
import { test } from '../lib/fixtures.mjs';
import { allJobsDone, assert, createVerification, devToken, refusedWith, sandboxPatient, settled, waitForVerification } from '../lib/helpers.mjs';
import { openNewVerification, pickSandboxPatient, signIn, sourcePath, ticketPath } from './verification-common.mjs';

const ID = 'verification-accessibility';

/**
 * Runs a check and keeps its failure, so that every page is looked at in one run; the scenario fails at the end
 * with all of them.
 */
async function collect(failures, check) {
  try {
    await check();
  } catch (error) {
    failures.push(error.message);
  }
}

/** Both checks and a full-page screenshot at each viewport, for a page that `ready` waits for. */
async function checkPage(page, failures, name, ready) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await ready();
    await settled(page);
    const label = `${name} at ${viewport.width}x${viewport.height}`;
    await page.screenshot({ path: shotPath(`${ID}--${name}-${size}`), fullPage: true });
    await collect(failures, () => checkNoHorizontalScroll(page, label));
    await collect(failures, () => checkAccessibility(page, label));
  }
}

// The refused edit left open on the phone is a 400 on purpose.
test.use({ expectedConsoleErrors: [refusedWith(400, '/api/verifications/')] });

test(ID, async ({ stack, page }) => {
  test.setTimeout(180_000);
  // Emma Walker, a child of James Walker (Delta Dental of Pennsylvania): both sources, a subscriber of her own.
  const token = await devToken(stack, 'staff@demo.test');
  const { patient, carrier } = await sandboxPatient(stack, token, 'DPA55501234', 'Emma');
  const id = await createVerification(stack, token, { patient, payerId: carrier.payerId });
  await waitForVerification(stack, token, id, allJobsDone);

  const failures = [];
  await signIn(page, stack, 'staff@demo.test');
  await openNewVerification(page, stack);
  await pickSandboxPatient(page, 'Emma Walker', 'DPA55501234');
  await checkPage(page, failures, 'new-verification', () => page.getByLabel('Subscriber first name', { exact: true }).waitFor());

  await page.goto(`${stack.demoUrl}${ticketPath(id)}`);
  await checkPage(page, failures, 'ticket', async () => {
    await page.getByRole('heading', { level: 1, name: 'Emma Walker' }).waitFor();
    await page.getByTestId('benefit-breakdown').waitFor();
  });

  // An editor open with the validator's message under it, on a phone.
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'Edit Effective date', exact: true }).click();
  const editor = page.getByRole('group', { name: 'Edit Effective date' });
  await editor.getByLabel('Effective date', { exact: true }).fill('02302020');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.getByRole('alert').waitFor();
  await editor.scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: shotPath(`${ID}--ticket-editor-phone`) });
  await collect(failures, () => checkNoHorizontalScroll(page, 'ticket with an open editor at 390x844'));
  await collect(failures, () => checkAccessibility(page, 'ticket with an open editor at 390x844'));
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${stack.demoUrl}${sourcePath(id)}`);
  await checkPage(page, failures, 'sources', async () => {
    await page.getByRole('heading', { level: 1, name: 'Verification sources' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'The 271 answer' }).waitFor();
  });
  // The 271's rows are buttons: reachable and opened by keyboard.
  const firstRow = page.getByRole('heading', { level: 3, name: 'The 271 answer' }).locator('xpath=..').getByRole('button').first();
  await firstRow.focus();
  const expanded = await firstRow.getAttribute('aria-expanded');
  await page.keyboard.press('Enter');
  if (expanded !== null) assert.notEqual(await firstRow.getAttribute('aria-expanded'), expanded, 'Enter opens or closes the row');
  assert.deepEqual(failures, [], `the verification pages:\n${failures.join('\n')}`);
});
