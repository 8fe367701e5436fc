/**
 * What the verification tests (issue 12) share: signing in through the token hook, the New Verification form
 * (the sandbox picker, Verify and the same-day duplicate offer), the ticket's job chips watched live, the
 * no-reload marker and a short pause on a request so that a fleeting state ('Saving. Wait...') can be seen.
 * No test lives here (the runner takes only *.spec.mjs).
 */
import { expect } from '../lib/fixtures.mjs';
import { assert, devToken, injectToken, pathOf } from '../lib/helpers.mjs';

/** /verification/{8-4-4-4-12}, the ticket page. */
export const TICKET_PATH = /^\/verification\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const ticketPath = (id) => `/verification/${id}`;
export const sourcePath = (id) => `/verification/${id}/source`;

/** Signs in through the token hook (e2e/README.md) on a public page, then opens `path`. */
export async function signIn(page, stack, email, path) {
  await page.goto(`${stack.demoUrl}/terms`);
  await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
  await injectToken(page, await devToken(stack, email));
  if (path !== undefined) await page.goto(`${stack.demoUrl}${path}`);
}

/** The New Verification form, loaded with its carriers and (on the sandbox) the patient picker. */
export async function openNewVerification(page, stack) {
  await page.goto(`${stack.demoUrl}/verification`);
  await page.getByRole('heading', { level: 1, name: 'New Verification' }).waitFor();
  await page.getByRole('combobox', { name: 'Try a sandbox patient' }).waitFor();
}

/** Picks a sandbox patient by name and member id in 'Try a sandbox patient'. */
export async function pickSandboxPatient(page, name, memberId) {
  const picker = page.getByRole('combobox', { name: 'Try a sandbox patient' });
  await picker.click();
  await picker.fill(name);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).filter({ hasText: `member ${memberId}` }).click();
}

/** The values the form shows, by the fields' accessible names. */
export async function formValues(page, labels) {
  const values = {};
  for (const label of labels) values[label] = await page.getByLabel(label, { exact: true }).inputValue();
  return values;
}

/**
 * Presses Verify (or expects it pressed when `pressed`), takes 'Verify again' if the same patient was verified
 * today already, and returns the new ticket's id once its page is open.
 */
export async function verifyAndOpen(page, { pressed = false } = {}) {
  if (!pressed) await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const verifyAgain = page.getByRole('dialog').filter({ hasText: 'was created today' }).getByRole('button', { name: 'Verify again' });
  const onTicket = () => TICKET_PATH.test(pathOf(page));
  // Either the ticket opens, or the same-day offer comes first and Verify again opens it.
  await expect
    .poll(async () => onTicket() || (await verifyAgain.isVisible()), { message: 'Verify opens a ticket or offers Verify again' })
    .toBe(true);
  if (!onTicket()) {
    await verifyAgain.click();
    await page.waitForURL((url) => TICKET_PATH.test(url.pathname), { waitUntil: 'commit' });
  }
  return TICKET_PATH.exec(pathOf(page))[1];
}

/** Opens a ticket and waits for its header. */
export async function openTicket(page, stack, id, patientName) {
  await page.goto(`${stack.demoUrl}${ticketPath(id)}`);
  await page.getByRole('heading', { level: 1, name: patientName }).waitFor();
}

export const chip = (page, source) => page.getByTestId(`job-status-${source}`);

/** Waits for a job chip to show a status (data-status) and, if given, that text. */
export async function waitForChip(page, source, status, text, timeout = 20_000) {
  const selector = `[data-testid="job-status-${source}"][data-status="${status}"]`;
  const shown = text === undefined ? page.locator(selector) : page.locator(selector).filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
  try {
    await shown.waitFor({ timeout });
  } catch (error) {
    const now = await chip(page, source).evaluate((element) => `${element.getAttribute('data-status')} '${element.textContent}'`).catch(() => 'no chip');
    throw new Error(`the ${source} chip did not show ${status} '${text ?? ''}' within ${timeout} ms (it shows ${now})`, { cause: error });
  }
}

/**
 * Records every status (data-status) and every text the job chips show from now on, with a MutationObserver, across
 * the SPA's own navigations; the record lives on the window, so it doubles as the no-reload marker.
 */
export async function recordChips(page) {
  await page.evaluate(() => {
    const seen = { statuses: { clearinghouse: [], portal: [] }, texts: { clearinghouse: [], portal: [] } };
    globalThis.__chips = seen;
    const push = (list, value) => {
      if (list.at(-1) !== value) list.push(value);
    };
    const record = () => {
      for (const element of globalThis.document.querySelectorAll('[data-testid^="job-status-"]')) {
        const source = element.getAttribute('data-testid').slice('job-status-'.length);
        push((seen.statuses[source] ??= []), element.getAttribute('data-status'));
        push((seen.texts[source] ??= []), element.textContent.trim());
      }
    };
    new globalThis.MutationObserver(record).observe(globalThis.document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
    record();
  });
}

/** What recordChips saw: { statuses, texts } per source; throws when the page was reloaded (the record is gone). */
export async function recordedChips(page) {
  const seen = await page.evaluate(() => globalThis.__chips ?? null);
  assert.ok(seen, 'the page was not reloaded (the chip record is still there)');
  return seen;
}

/** A job that ended well never said 'Failed' or 'Rejected by the payer' on the way (the record of recordChips). */
export function assertNoFalseFailure(seen, source) {
  const wrong = seen.texts[source].filter((text) => text === 'Failed' || text === 'Rejected by the payer');
  assert.deepEqual(wrong, [], `the ${source} chip, which ends 'Done', never shows a failure on the way: ${seen.texts[source].join(' -> ')}`);
}

/** Holds requests matching `matches(request)` for `ms` before they go out: a fleeting state stays long enough to see. */
export async function slowDown(page, matches, ms = 800) {
  await page.route('**/api/verifications/**', async (route) => {
    if (matches(route.request())) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

/** The value of a scored field as the breakdown shows it (the text beside its confidence badge). */
export function scoredField(page, label) {
  const badge = page.getByRole('img', { name: new RegExp(`^${escapeRegExp(label)}: confidence [1-4] of 4`) });
  const field = page.locator('.dv-field').filter({ has: badge });
  return { badge, field, text: async () => (await field.locator('> span').first().innerText()).trim() };
}

export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
