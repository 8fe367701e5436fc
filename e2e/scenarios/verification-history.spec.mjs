/**
 * Verifications History (issue 15): a staff user searches the office's verifications, filters them by status, and
 * the address keeps both across a reload; a row opens its ticket. The patients are made up for this run (a last
 * name no other scenario uses), so the rows found are exactly the ones created here, whatever else the shared
 * stack holds.
 */
import { expect, test } from '../lib/fixtures.mjs';
import { assert, createVerification, devToken, officeApi, pathOf, settled, waitForVerification } from '../lib/helpers.mjs';
import { signIn, TICKET_PATH } from './verification-common.mjs';

const finished = (detail) => detail.jobs.every((job) => job.status !== 'pending' && job.status !== 'processing');

/** A last name of letters only, new on every run. */
function runSurname() {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Histo${letters}`;
}

async function patientsShown(page) {
  const table = page.locator('table.dv-history__table[aria-busy="false"]');
  await table.waitFor();
  return table.locator('tr.dv-history__row td:first-child').allInnerTexts();
}

async function waitForPatients(page, expected) {
  await expect.poll(() => patientsShown(page), { message: `the list shows ${expected.join(', ')}` }).toEqual(expected);
}

/** The newest rows: the suite's other tests verify patients in the same office, listed after these. */
async function waitForNewestPatients(page, expected) {
  await expect
    .poll(async () => (await patientsShown(page)).slice(0, expected.length), { message: `the list starts with ${expected.join(', ')}` })
    .toEqual(expected);
}

test('verification-history', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const surname = runSurname();
  // Someone else of the office, whom the search must leave out.
  const otherSurname = runSurname().replace('Histo', 'Other');
  const token = await devToken(stack, 'staff@demo.test');
  const ids = {};
  for (const [index, [first, last]] of [['Ada', surname], ['Ben', surname], ['Cleo', surname], ['Dora', otherSurname]].entries()) {
    ids[first] = await createVerification(stack, token, {
      payerId: '77777',
      patient: {
        patientFirstName: first,
        patientLastName: last,
        patientDOB: `0${index + 1}/15/1980`,
        patientMemberId: `HX${Date.now() % 1_000_000}${index}`,
        patientRelationToSubscriber: 'Self',
      },
    });
  }
  await waitForVerification(stack, token, ids.Ben, finished, { timeout: 30_000 });
  const submitted = await officeApi(stack, token, 'office-demo-1', 'POST', `/api/verifications/${ids.Ben}/submit`);
  assert.equal(submitted.status, 200, `submit answered ${submitted.status}`);

  await signIn(page, stack, 'staff@demo.test', '/past-verifications');
  await page.getByRole('heading', { level: 1, name: 'Verifications History' }).waitFor();
  await page.locator('.dv-history__dates').first().waitFor();

  await waitForNewestPatients(page, [`${otherSurname}, Dora`, `${surname}, Cleo`, `${surname}, Ben`, `${surname}, Ada`]);
  // Typing searches once it pauses; Enter at once.
  await page.getByRole('searchbox', { name: 'Search verifications' }).fill(surname.toUpperCase());
  await page.waitForURL((url) => url.searchParams.get('q') === surname.toUpperCase());
  await waitForPatients(page, [`${surname}, Cleo`, `${surname}, Ben`, `${surname}, Ada`]);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Completed');
  await waitForPatients(page, [`${surname}, Ben`]);
  const search = new URL(page.url()).searchParams;
  assert.equal(search.get('q'), surname.toUpperCase());
  assert.equal(search.get('status'), 'Completed');
  await settled(page);
  await shot('filtered');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Verifications History' }).waitFor();
  await waitForPatients(page, [`${surname}, Ben`]);
  assert.equal(await page.getByRole('searchbox', { name: 'Search verifications' }).inputValue(), surname.toUpperCase());
  assert.equal(await page.getByRole('combobox', { name: 'Status' }).inputValue(), 'Completed');
  const row = page.locator('tr.dv-history__row').first();
  // Created by: the name the demo identity provider gives staff@demo.test.
  for (const text of ['02/15/1980', 'Delta Dental of California', 'Completed', 'Taylor Staff']) {
    assert.ok((await row.innerText()).includes(text), `the row shows ${text}`);
  }
  await settled(page);
  await shot('after-reload');

  // The row, not its link: the whole row opens the ticket.
  await row.locator('td').nth(3).click();
  await page.waitForURL((url) => TICKET_PATH.test(url.pathname));
  assert.equal(pathOf(page), `/verification/${ids.Ben}`);
  await page.getByRole('heading', { level: 1, name: `Ben ${surname}` }).waitFor();
  await shot('ticket');
});
