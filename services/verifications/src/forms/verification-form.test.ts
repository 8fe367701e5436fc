/**
 * The form on a ticket: resolved from the default template, the customizations and the payer's rules; filled by
 * company users always and by office users whose office fills forms; saving applies the answers to the plan through
 * the ticket's edit (score 4, change history, the version check, the audit record) and keeps the answers.
 */
import {
  FORM_ANSWER_MESSAGES,
  FORM_MESSAGES,
  type FormRule,
  type FormTemplate,
  type FormTemplateSummary,
  type Page,
  type VerificationForm,
  type VerificationFormSaved,
} from '@dv/contracts';
import { createFormsHarness, type FormsHarness, scoredAt, type UserName } from './testing';

let harness: FormsHarness;
let template: FormTemplate;
let rule: FormRule;

beforeAll(async () => {
  harness = await createFormsHarness();
  const list = (await harness.call('GET', '/api/management/form-templates')).json<Page<FormTemplateSummary>>();
  template = (await harness.call('GET', `/api/management/form-templates/${list.items[0]!.id}`)).json<FormTemplate>();
  rule = (
    await harness.call('POST', '/api/management/form-rules', {
      body: { payer: { payerKey: 'DELTA_DENTAL' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 60 },
    })
  ).json<FormRule>();
  await harness.call('POST', '/api/management/form-rules', {
    body: { payer: { payerKey: 'METLIFE' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 10 },
  });
});
afterAll(() => harness.close());

const formOf = (id: string, as: UserName = 'agent', office?: string) =>
  harness.call('GET', `/api/verifications/${id}/form`, { as, ...(office === undefined ? {} : { office }) });
const save = (id: string, body: unknown, as: UserName = 'agent') => harness.call('PUT', `/api/verifications/${id}/form`, { as, body });

describe('who fills the form', () => {
  beforeAll(async () => {
    await harness.plant('v-who-a1', { office: 'office-a1' });
    await harness.plant('v-who-a2', { office: 'office-a2' });
    await harness.plant('v-who-b1', { office: 'office-b1' });
  });

  it.each<[UserName, string, number]>([
    ['agent', 'v-who-a1', 200],
    ['admin', 'v-who-a2', 200],
    ['superadministrator', 'v-who-a2', 200],
    ['staff', 'v-who-a1', 200],
    ['staffmanager', 'v-who-a1', 200],
    ['staffA2', 'v-who-a2', 403],
    ['staffB', 'v-who-b1', 200],
    ['staffB', 'v-who-a1', 404],
    ['adminB', 'v-who-a1', 404],
    ['staff', 'v-who-a2', 404],
    ['groupmember', 'v-who-a1', 403],
  ])('%s on %s: %i', async (as, id, status) => {
    const response = await formOf(id, as);
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(response.body).not.toMatch(/Maria|Lopez/);
  });

  it("follows the office's setting as it changes", async () => {
    harness.fillingOffices.add('office-a2');
    expect((await formOf('v-who-a2', 'staffA2')).statusCode).toBe(200);
    harness.fillingOffices.delete('office-a2');
    const refused = await formOf('v-who-a2', 'staffA2');
    expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({ status: 403, message: FORM_MESSAGES.mayNotFulfil });
  });
});

describe('the resolved form', () => {
  it("is the default template with the plan's values and the payer's rules", async () => {
    await harness.plant('v-resolved');
    const form = (await formOf('v-resolved')).json<VerificationForm>();
    expect(form).toMatchObject({ verificationId: 'v-resolved', templateId: template.id, answers: {}, answeredAt: null, editable: true, version: 0 });
    expect(form.questions.map((question) => question.key)).toEqual(template.questions.map((question) => question.key));
    expect(form.planValues).toMatchObject({ annualMax: 1500, missingToothClause: false, orthoLifetimeMax: 2000, orthoBenefitLevel: 50 });
    expect(form.rules).toEqual([{ questionKey: 'orthoCovered', answer: true, field: rule.field, value: 60 }]);
  });

  it("leaves out what the organization's and the office's customizations hide, and what depends on it", async () => {
    await harness.plant('v-hidden-a1', { office: 'office-a1' });
    await harness.plant('v-hidden-a2', { office: 'office-a2' });
    await harness.call('PUT', '/api/management/customization/verification', { as: 'admin', claims: { editGlobalCustomization: true }, body: { hiddenQuestions: ['deductibleFamily'] } });
    await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: ['orthoCovered'] } });
    const a1 = (await formOf('v-hidden-a1')).json<VerificationForm>().questions.map((question) => question.key);
    const a2 = (await formOf('v-hidden-a2')).json<VerificationForm>().questions.map((question) => question.key);
    expect(a1).not.toEqual(expect.arrayContaining(['deductibleFamily']));
    for (const gone of ['deductibleFamily', 'orthoCovered', 'orthodontics', 'orthoLifetimeMax']) expect(a1).not.toContain(gone);
    expect(a2).toEqual(expect.arrayContaining(['orthoCovered', 'orthodontics', 'orthoLifetimeMax']));
    expect(a2).not.toContain('deductibleFamily');
    const refused = await save('v-hidden-a1', { answers: { orthoCovered: true } });
    expect(refused.json<{ details: unknown }>().details).toEqual([{ location: 'body', path: 'answers.orthoCovered', message: FORM_ANSWER_MESSAGES.notOfForm }]);
    await harness.call('PUT', '/api/management/customization/verification', { as: 'admin', claims: { editGlobalCustomization: true }, body: { hiddenQuestions: [] } });
    await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: [] } });
  });
});

describe('saving answers', () => {
  it("fills the plan through the ticket's edit, fires the payer's rules and keeps the answers", async () => {
    await harness.plant('v-save');
    const answers = {
      annualMax: 2000,
      examFrequency: { quantity: 2, frequency: 12, timePeriod: 'mo' },
      majorWaitingPeriod: { months: 12 },
      missingToothClause: true,
      orthoCovered: true,
      orthoLifetimeMax: 2500,
      callNotes: 'Rep: Dana, ref 42',
    };
    const response = await save('v-save', { answers, version: 0 }, 'staff');
    expect(response.statusCode).toBe(200);
    const { form, verification } = response.json<VerificationFormSaved>();
    expect(form).toMatchObject({ answers, version: 1 });
    expect(form.answeredAt).not.toBeNull();
    expect(scoredAt(verification, 'plan.benefits.annualMax')).toMatchObject({ value: 2000, score: 4 });
    expect(scoredAt(verification, 'plan.benefits.adaCodes.ADA:D0120.limitation')).toMatchObject({ value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 4 });
    expect(scoredAt(verification, 'plan.benefits.adaCodes.CAT:Major.waitingPeriod')).toMatchObject({ value: { months: 12 }, score: 4 });
    expect(scoredAt(verification, 'plan.benefits.missingToothClause')).toMatchObject({ value: true, score: 4 });
    expect(scoredAt(verification, 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum')).toMatchObject({ value: 2500, score: 4 });
    // The Delta Dental rule, not the MetLife one.
    expect(scoredAt(verification, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel')).toMatchObject({ value: 60, score: 4 });
    expect(verification.plan?.planNotes).toBe('Rep: Dana, ref 42');
    const stored = await harness.wrapperOf('v-save');
    expect(stored.plan?.benefits.annualMax?.value).toBe(2000);
    // Read again, the answers are there; the audit names the answered questions and the edited paths, no value.
    expect((await formOf('v-save', 'staff')).json<VerificationForm>().answers).toEqual(answers);
    const audit = await harness.auditOf('v-save');
    const updates = audit.filter((entry) => entry.action === 'update');
    expect(updates.map((entry) => entry.fields)).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['form.annualMax', 'form.orthoCovered']),
        expect.arrayContaining(['plan.benefits.annualMax', 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel']),
      ]),
    );
    expect(updates.every((entry) => entry.userId === 'user-staff')).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/Dana|2500/);
  });

  it('an answer that does not change edits nothing; a no drops the block and its answers', async () => {
    await harness.plant('v-again');
    const first = (await save('v-again', { answers: { orthoCovered: true, orthoLifetimeMax: 3000 } })).json<VerificationFormSaved>();
    const history = scoredAt(first.verification, 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum');
    const second = (await save('v-again', { answers: { orthoCovered: false, orthoLifetimeMax: 3500 } })).json<VerificationFormSaved>();
    expect(second.form.answers).toEqual({ orthoCovered: false });
    const after = scoredAt(second.verification, 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum');
    expect(after?.value).toBe(3000);
    expect(after?.changeHistory).toHaveLength(history?.changeHistory?.length ?? -1);
  });

  it('refuses answers that do not fit at their keys, an older version, and a submitted ticket', async () => {
    await harness.plant('v-refused');
    await harness.plant('v-done', { status: 'Completed' });
    const bad = await save('v-refused', { answers: { annualMax: -5, examFrequency: { quantity: 1, frequency: 1, timePeriod: 'd' }, orthodontics: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details.map((detail) => detail.path)).toEqual(['answers.annualMax', 'answers.examFrequency', 'answers.orthodontics']);
    expect((await save('v-refused', { answers: { annualMax: 1 }, version: 0 })).statusCode).toBe(200);
    expect((await save('v-refused', { answers: { annualMax: 2 }, version: 0 })).statusCode).toBe(409);
    expect((await harness.wrapperOf('v-refused')).plan?.benefits.annualMax?.value).toBe(1);
    expect((await formOf('v-done')).json<VerificationForm>().editable).toBe(false);
    expect((await save('v-done', { answers: { annualMax: 2 } })).statusCode).toBe(409);
    expect((await save('v-refused', { answers: { 'a.b': 1 } })).statusCode).toBe(400);
  });

  it("an edit the ticket's validator refuses names the answer", async () => {
    await harness.plant('v-no-plan');
    const wrapper = await harness.wrapperOf('v-no-plan');
    await harness.service.store.collection('verifications').update({ _id: 'v-no-plan' }, { set: { document: { ...wrapper, plan: null } } });
    const response = await save('v-no-plan', { answers: { annualMax: 100 } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { path: string; message: string }[] }>().details).toEqual([{ location: 'body', path: 'answers.annualMax', message: 'The verification has no plan yet' }]);
    expect((await formOf('v-no-plan')).json<VerificationForm>().answers).toEqual({});
  });
});
