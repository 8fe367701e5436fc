/**
 * Verification forms (issue 18 item 7): a super administrator adds a question to the organization's default form
 * template on /management/form, shown only when 'Missing tooth clause' is answered yes. An agent opens a ticket
 * (Emily Chen of the sandbox, Aetna PPO, verified by the office's staff through the API; no other scenario verifies
 * her): the question is not on the ticket's form until the clause is answered yes, goes when it is answered no,
 * comes back with yes, and its answer is saved with the clause's, which fills the plan's missingToothClause
 * (score 4), as the API shows. The editor and the form pass axe.
 */
import { checkAccessibility } from '../lib/axe.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { api, createVerification, devToken, sandboxPatient, settled, waitForVerification } from '../lib/helpers.mjs';
import { signIn, ticketPath } from './verification-common.mjs';

const QUESTION = 'Missing tooth clause details';
const KEY = 'missingToothDetails';

/** The organization's default template, through the API. */
async function defaultTemplate(stack, token) {
  const list = await api(stack, token, 'GET', '/api/management/form-templates');
  return api(stack, token, 'GET', `/api/management/form-templates/${list.items.find((item) => item.isDefault).id}`);
}

/** A retry starts where the first try did: without the question that try may have saved. */
async function removeQuestionOfEarlierTry(stack, token) {
  const template = await defaultTemplate(stack, token);
  if (!template.questions.some((question) => question.key === KEY)) return;
  const { name, isDefault, version } = template;
  const questions = template.questions.filter((question) => question.key !== KEY);
  await api(stack, token, 'PUT', `/api/management/form-templates/${template.id}`, { name, isDefault, version, questions });
}

/** The super administrator adds the question with its condition and saves the template. */
async function addConditionalQuestion(page, stack, shot) {
  await signIn(page, stack, 'superadministrator@demo.test', '/management/form');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Template name' })).toHaveValue('Verification form');
  await page.getByRole('combobox', { name: "New question's type" }).selectOption({ label: 'Text' });
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = page.getByRole('group', { name: /^\d+\. New question$/ });
  await added.getByRole('textbox', { name: 'Label' }).fill(QUESTION);
  const card = page.getByRole('group', { name: new RegExp(`^\\d+\\. ${QUESTION}$`) });
  await card.getByRole('textbox', { name: 'Key' }).fill(KEY);
  await card.getByRole('checkbox', { name: 'Show only when another question is answered' }).check();
  await card.getByRole('combobox', { name: 'Question', exact: true }).selectOption({ label: 'Missing tooth clause (missingToothClause)' });
  await expect(card.getByRole('checkbox', { name: 'Yes', exact: true })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'No', exact: true })).not.toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await settled(page);
  await shot('1-question-with-condition');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await checkAccessibility(page, 'the template editor');
}

test('forms-conditional-question', async ({ stack, page, shot }) => {
  test.setTimeout(150_000);
  const staff = await devToken(stack, 'staff@demo.test');
  const { patient, carrier } = await sandboxPatient(stack, staff, 'W123456789', 'Emily');
  const id = await createVerification(stack, staff, { patient, payerId: carrier.payerId });

  const superadmin = await devToken(stack, 'superadministrator@demo.test');
  await removeQuestionOfEarlierTry(stack, superadmin);
  await addConditionalQuestion(page, stack, shot);
  const template = await defaultTemplate(stack, superadmin);
  expect(template.questions.find((question) => question.key === KEY)).toMatchObject({ condition: { question: 'missingToothClause', values: [true] } });

  // The agent's ticket: the plan the clearinghouse found, then the form.
  const agent = await devToken(stack, 'agent@demo.test');
  await waitForVerification(stack, staff, id, (detail) => detail.plan !== null, { timeout: 30_000 });
  await signIn(page, stack, 'agent@demo.test', ticketPath(id));
  const form = page.getByRole('form', { name: 'Verification form' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  const clause = form.getByRole('group', { name: 'Missing tooth clause', exact: true });
  const details = form.getByRole('textbox', { name: QUESTION });
  await expect(clause).toBeVisible();
  await expect(details).toHaveCount(0);
  await clause.getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(details).toBeVisible();
  await clause.getByRole('radio', { name: 'No', exact: true }).check();
  await expect(details).toHaveCount(0);
  await clause.getByRole('radio', { name: 'Yes', exact: true }).check();
  await details.fill('Bridges only, after 5 years of coverage');
  await details.scrollIntoViewIfNeeded();
  await settled(page);
  await shot('2-question-shown');
  await checkAccessibility(page, 'the ticket with its form');

  await form.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Your changes has been saved.')).toBeVisible();
  await expect(form.getByText(/Last saved/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: QUESTION })).toHaveValue('Bridges only, after 5 years of coverage');
  await settled(page);
  await shot('3-saved');

  const saved = await api(stack, agent, 'GET', `/api/verifications/${id}/form`);
  expect(saved.answers).toMatchObject({ missingToothClause: true, [KEY]: 'Bridges only, after 5 years of coverage' });
  const ticket = await api(stack, agent, 'GET', `/api/verifications/${id}`);
  expect(ticket.plan.benefits.missingToothClause).toMatchObject({ value: true, score: 4 });
});
