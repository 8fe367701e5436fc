/**
 * The rest of issue 18 item 8 in the browser. `office-settings-tabs`: the staff manager of Main St goes through
 * every tab of /dental-office-settings by keyboard (the arrow keys move along the tabs, `?tab=` follows), saves the
 * office's details (a wrong NPI refused under its field first) and sees the schedule's fee schedule and freshness
 * window, each tab passing axe-core at both sizes; nothing the schedule scenarios use (fees, freshness,
 * integration) is changed. `correction-ticket`: the goduser finds a ticket of the demo office by id on /correction,
 * sees its stored document with the validator's findings, is refused a wrong coverage status by the contracts'
 * validator before anything is sent, and saves a correction with a note, which the list of corrections then shows.
 */
import { NPI_MESSAGES, VALIDATION_MESSAGES } from '@dv/contracts';
import { checkBothSizes } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { createVerification, devToken, settled, signInAt, waitForPath } from '../lib/helpers.mjs';

// The wrong NPI is refused on purpose (400).
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400 .*\/details/] });

test('office-settings-tabs', async ({ stack, page, shot }) => {
  test.setTimeout(150_000);
  await page.goto(`${stack.demoUrl}/dental-office-settings`);
  await signInAt(page, stack, 'staffmanager@demo.test');
  await waitForPath(page, '/dental-office-settings', 20_000);

  const details = page.getByRole('form', { name: 'Office details' });
  await details.waitFor();
  const npi = details.getByLabel('NPI');
  await npi.fill('1932102085');
  await details.getByLabel('Phone').fill('217 555 0100');
  await npi.press('Enter');
  await expect(details.getByText(NPI_MESSAGES.checkDigit)).toBeVisible();
  await expect(npi).toBeFocused();
  await npi.fill('1932102084');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes has been saved.')).toBeVisible();
  await expect(details.getByLabel('Phone')).toHaveValue('(217) 555-0100');
  await checkBothSizes(page, 'office details');
  await shot('1-office-details');

  // Along the tabs by keyboard: the credentials, then each settings tab, `?tab=` following.
  await page.getByRole('tab', { name: 'Office details' }).focus();
  for (const [key, name] of [['1', 'Portal credentials'], ['2', 'Integration'], ['3', 'Outsourcing'], ['4', 'Fee schedule'], ['5', 'Batch verification']]) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name })).toBeFocused();
    await page.waitForURL((url) => url.searchParams.get('tab') === key);
    if (key === '1') continue;
    await page.getByRole('form', { name }).waitFor();
    await checkBothSizes(page, name);
    await shot(`${key}-${name.toLowerCase().replace(/ /g, '-')}`);
  }
  await expect(page.getByRole('form', { name: 'Batch verification' }).getByLabel('Fresh for (days)')).toHaveValue(/^\d+$/);
  await page.getByRole('tab', { name: 'Fee schedule' }).click();
  await expect(page.getByRole('form', { name: 'Fee schedule' }).getByRole('textbox', { name: 'Fee of D1110' })).toHaveValue(/^\d+(\.\d+)?$/);
  await page.getByRole('tab', { name: 'Outsourcing' }).click();
  await expect(page.getByRole('form', { name: 'Outsourcing' }).getByRole('note')).toContainText('administrators decide');
});

test('correction-ticket', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const staff = await devToken(stack, 'staff@demo.test');
  const ticketId = await createVerification(stack, staff, {
    payerId: '77777',
    patient: { patientFirstName: 'Corra', patientLastName: `Fixture${Date.now() % 100_000}`, patientDOB: '02/02/1977', patientMemberId: `CX${Date.now() % 1_000_000}`, patientRelationToSubscriber: 'Self' },
  });

  await page.goto(`${stack.demoUrl}/correction`);
  await signInAt(page, stack, 'goduser@demo.test');
  await waitForPath(page, '/correction', 20_000);
  await page.getByLabel('Ticket id').fill(ticketId);
  await page.getByLabel('Ticket id').press('Enter');
  const stored = page.getByLabel('Stored document (read-only)');
  await expect(stored).toHaveJSProperty('readOnly', true);
  await expect(page.getByText(/validator says: no problem/)).toBeVisible();

  const editor = page.getByLabel('Corrected document (version 3)');
  const document = JSON.parse(await stored.inputValue());
  await editor.fill(JSON.stringify({ ...document, patient: { ...document.patient, coverageStatus: 'maybe' } }, null, 2));
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText(VALIDATION_MESSAGES.wrongCoverageStatus)).toBeVisible();
  await checkBothSizes(page, 'correction refused');
  await shot('1-refused');

  await editor.fill(JSON.stringify({ ...document, patient: { ...document.patient, note: 'Verified by phone' } }, null, 2));
  await page.getByLabel('Why is the ticket corrected?').fill('The office asked to keep the call in the note');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText('Your changes has been saved.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Corrections made' });
  await expect(history).toContainText('The office asked to keep the call in the note');
  await expect(history).toContainText('patient.note');
  await settled(page);
  await shot('2-saved');
});
