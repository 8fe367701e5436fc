/**
 * The form management API: templates and rules (superadministrator), the office's and the organization's
 * customizations (managers; company administrators, changing it with editGlobalCustomization). Each route refuses
 * every role outside its pages with 403 (as the gateway's table does), says what is wrong with a body at the field,
 * and keeps each organization's things its own.
 */
import { apiAccess, FORM_MESSAGES, type FormCustomizationView, type FormRule, type FormTemplate, type FormTemplateSummary, type Page, rolesOf, TEMPLATE_MESSAGES } from '@dv/contracts';
import { DEFAULT_TEMPLATE_NAME } from './default-template';
import { createFormsHarness, type FormsHarness, USERS, type UserName } from './testing';

let harness: FormsHarness;
beforeAll(async () => {
  harness = await createFormsHarness();
});
afterAll(() => harness.close());

const json = <T>(response: { json: <R>() => R }) => response.json<T>();
const details = (response: { json: <R>() => R }) => response.json<{ details: { path: string; message: string }[] }>().details.map(({ path, message }) => ({ path, message }));

async function defaultTemplate(as: UserName = 'superadministrator'): Promise<FormTemplate> {
  const list = json<Page<FormTemplateSummary>>(await harness.call('GET', '/api/management/form-templates', { as }));
  const summary = list.items.find((item) => item.isDefault)!;
  return json<FormTemplate>(await harness.call('GET', `/api/management/form-templates/${summary.id}`, { as }));
}

const QUESTION = { key: 'implantsCovered', label: 'Implants covered', type: 'expliciteToggleButton', options: { yesLabel: 'Yes', noLabel: 'No' } };

describe('roles: every route refuses the roles outside its pages (403), as the gateway does', () => {
  // Every row has its three cells: a shorter one would make jest take the test's third parameter for `done`.
  const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: unknown][] = [
    ['GET', '/api/management/form-templates', undefined],
    ['POST', '/api/management/form-templates', { name: 'x', questions: [] }],
    ['GET', '/api/management/form-templates/t1', undefined],
    ['PUT', '/api/management/form-templates/t1', { name: 'x', questions: [], version: 1 }],
    ['DELETE', '/api/management/form-templates/t1', undefined],
    ['GET', '/api/management/form-rules', undefined],
    ['POST', '/api/management/form-rules', {}],
    ['PUT', '/api/management/form-rules/r1', {}],
    ['DELETE', '/api/management/form-rules/r1', undefined],
    ['GET', '/api/customization/verification', undefined],
    ['PUT', '/api/customization/verification', { hiddenQuestions: [] }],
    ['GET', '/api/management/customization/verification', undefined],
    ['PUT', '/api/management/customization/verification', { hiddenQuestions: [] }],
    ['GET', '/api/verifications/v-roles/form', undefined],
    ['PUT', '/api/verifications/v-roles/form', { answers: {} }],
  ];
  const users = Object.keys(USERS) as UserName[];
  // A role the table lets through may still be refused for what the service checks beyond roles.
  const BEYOND_ROLES: string[] = [FORM_MESSAGES.globalPrivilege, FORM_MESSAGES.mayNotFulfil];

  it.each(routes)('%s %s', async (method, path, body) => {
    for (const as of users) {
      const user = USERS[as];
      const roles = rolesOf({ roles: user.roles as never }, user.allowedOfficeIds[0] ?? null);
      const response = await harness.call(method, path, { as, ...(body === undefined ? {} : { body }) });
      const allowed = apiAccess(method, path, roles) === 'allowed';
      const refusedForRole = response.statusCode === 403 && !BEYOND_ROLES.includes(response.json<{ message: string }>().message);
      expect({ as, refusedForRole }).toEqual({ as, refusedForRole: !allowed });
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await harness.call(method, path, { as: null, ...(body === undefined ? {} : { body }) })).statusCode).toBe(401);
  });
});

describe('templates', () => {
  it('an organization starts with the default template, searchable by name', async () => {
    const template = await defaultTemplate();
    expect(template).toMatchObject({ name: DEFAULT_TEMPLATE_NAME, isDefault: true, version: 1 });
    expect(template.questions.map((question) => question.key)).toEqual(expect.arrayContaining(['annualMax', 'examFrequency', 'orthoCovered', 'orthodontics', 'missingToothClause']));
    const none = json<Page<FormTemplateSummary>>(await harness.call('GET', '/api/management/form-templates?search=nothing-like-it'));
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect((await harness.call('GET', '/api/management/form-templates?pageSize=101')).statusCode).toBe(400);
  });

  it('adds a question, reorders and saves with the version; an older version is refused', async () => {
    const template = await defaultTemplate();
    const questions = [QUESTION, ...template.questions];
    const saved = await harness.call('PUT', `/api/management/form-templates/${template.id}`, { body: { name: template.name, questions, version: template.version } });
    expect(saved.statusCode).toBe(200);
    expect(json<FormTemplate>(saved)).toMatchObject({ version: template.version + 1, questions: [QUESTION, ...template.questions] });
    const stale = await harness.call('PUT', `/api/management/form-templates/${template.id}`, { body: { name: template.name, questions: template.questions, version: template.version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string; details: unknown }>()).toMatchObject({ message: FORM_MESSAGES.changedMeanwhile, details: { version: template.version + 1 } });
    // Put back as it was, for the other tests.
    const back = await harness.call('PUT', `/api/management/form-templates/${template.id}`, { body: { name: template.name, questions: template.questions, version: template.version + 1 } });
    expect(back.statusCode).toBe(200);
  });

  it('names what is wrong at the field (400)', async () => {
    const response = await harness.call('POST', '/api/management/form-templates', {
      body: {
        name: 'Broken',
        questions: [
          QUESTION,
          { ...QUESTION, key: 'implantAge', label: 'Again', condition: { question: 'implantsCovered', values: ['yes'] } },
          { key: 'amount', label: 'A', type: 'ETBField', options: { unit: 'percent' }, target: 'plan.benefits.annualMax' },
          { ...QUESTION, key: 'inBlock', block: 'amount' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(details(response)).toEqual([
      { path: 'questions.1.condition.values', message: TEMPLATE_MESSAGES.yesNoValues },
      { path: 'questions.2.target', message: TEMPLATE_MESSAGES.mismatch('currency', 'percent') },
      { path: 'questions.3.block', message: TEMPLATE_MESSAGES.noBlock },
    ]);
    const twice = await harness.call('POST', '/api/management/form-templates', { body: { name: 'Twice', questions: [QUESTION, { ...QUESTION, label: 'Again' }] } });
    expect(details(twice)).toEqual([{ path: 'questions.1.key', message: TEMPLATE_MESSAGES.duplicateKey }]);
  });

  it('a new default replaces the old one, which may then go; the default itself stays', async () => {
    const first = await defaultTemplate();
    const created = await harness.call('POST', '/api/management/form-templates', { body: { name: 'Short form', questions: [QUESTION], isDefault: true } });
    expect(created.statusCode).toBe(201);
    const short = json<FormTemplate>(created);
    expect((await defaultTemplate()).id).toBe(short.id);
    expect((await harness.call('DELETE', `/api/management/form-templates/${short.id}`)).json<{ message: string }>().message).toBe(FORM_MESSAGES.defaultStays);
    // The first one becomes the default again, and the short one can go.
    const again = await harness.call('PUT', `/api/management/form-templates/${first.id}`, { body: { name: first.name, questions: first.questions, version: first.version, isDefault: true } });
    expect(json<FormTemplate>(again).isDefault).toBe(true);
    expect((await harness.call('DELETE', `/api/management/form-templates/${short.id}`)).statusCode).toBe(204);
    expect((await harness.call('GET', `/api/management/form-templates/${short.id}`)).statusCode).toBe(404);
  });
});

describe('rules', () => {
  const RULE = { payer: { payerKey: 'DELTA_DENTAL' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 50 };

  it('are created, listed by payer, replaced with the version and deleted', async () => {
    const created = await harness.call('POST', '/api/management/form-rules', { body: { ...RULE, note: 'Delta pays half' } });
    expect(created.statusCode).toBe(201);
    const rule = json<FormRule>(created);
    const byId = await harness.call('POST', '/api/management/form-rules', { body: { ...RULE, payer: { payerId: 'abc12' }, value: 60 } });
    expect(json<FormRule>(byId).payer).toEqual({ payerId: 'ABC12' });
    const delta = json<Page<FormRule>>(await harness.call('GET', '/api/management/form-rules?payerKey=DELTA_DENTAL'));
    expect(delta.items.map((item) => item.id)).toEqual([rule.id]);
    expect(json<Page<FormRule>>(await harness.call('GET', '/api/management/form-rules?payerId=ABC12')).total).toBe(1);
    expect(json<Page<FormRule>>(await harness.call('GET', '/api/management/form-rules?search=PAYS HALF')).total).toBe(1);
    const replaced = await harness.call('PUT', `/api/management/form-rules/${rule.id}`, { body: { ...RULE, value: 40, version: rule.version } });
    expect(json<FormRule>(replaced)).toMatchObject({ value: 40, version: rule.version + 1 });
    expect(json<FormRule>(replaced).note).toBeUndefined();
    expect((await harness.call('PUT', `/api/management/form-rules/${rule.id}`, { body: { ...RULE, version: rule.version } })).statusCode).toBe(409);
    for (const id of [rule.id, json<FormRule>(byId).id]) expect((await harness.call('DELETE', `/api/management/form-rules/${id}`)).statusCode).toBe(204);
    expect((await harness.call('DELETE', `/api/management/form-rules/${rule.id}`)).statusCode).toBe(404);
  });

  it('want a question of the default template, an answer it gives and a value the field takes', async () => {
    const cases: [unknown, { path: string; message: string }][] = [
      [{ ...RULE, questionKey: 'noSuchQuestion' }, { path: 'questionKey', message: FORM_MESSAGES.unknownQuestion }],
      [{ ...RULE, answer: 'yes' }, { path: 'answer', message: 'Yes or no' }],
      [{ ...RULE, value: 150 }, { path: 'value', message: 'A percentage from 0 to 100' }],
      [{ ...RULE, payer: { payerKey: 'NOPE' } }, { path: 'payer', message: 'Name a payerId or a payerKey' }],
      [{ ...RULE, field: 'plan.payer.name' }, { path: 'field', message: TEMPLATE_MESSAGES.notAField }],
    ];
    for (const [body, problem] of cases) {
      const response = await harness.call('POST', '/api/management/form-rules', { body });
      expect({ body, status: response.statusCode, problems: details(response) }).toEqual({ body, status: 400, problems: [problem] });
    }
  });
});

describe('customization', () => {
  it("an office's managers hide questions for their office; the organization's list shows beside it", async () => {
    const before = json<FormCustomizationView>(await harness.call('GET', '/api/customization/verification', { as: 'staffmanager' }));
    expect(before).toMatchObject({ office: { scope: 'office', officeId: 'office-a1', hiddenQuestions: [] }, global: { scope: 'global' }, mayEdit: true });
    const { version } = before.office!;
    const saved = await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: ['callNotes'], version } });
    expect(json<FormCustomizationView>(saved).office).toMatchObject({ hiddenQuestions: ['callNotes'], version: version + 1 });
    expect((await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: [], version } })).statusCode).toBe(409);
    const unknown = await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: ['nope'] } });
    expect(details(unknown)).toEqual([{ path: 'hiddenQuestions.0', message: FORM_MESSAGES.unknownQuestion }]);
    // The group manager sees the office the header names, the other office has its own.
    const other = json<FormCustomizationView>(await harness.call('GET', '/api/customization/verification', { as: 'groupmanager', office: 'office-a2' }));
    expect(other.office).toMatchObject({ officeId: 'office-a2', hiddenQuestions: [] });
    // Where the staff manager is only staff, the office is not theirs to customize.
    expect((await harness.call('GET', '/api/customization/verification', { as: 'staffmanager', office: 'office-a2' })).statusCode).toBe(403);
    expect((await harness.call('PUT', '/api/customization/verification', { as: 'staffmanager', body: { hiddenQuestions: [] } })).statusCode).toBe(200);
  });

  it('the global customization needs editGlobalCustomization to change', async () => {
    const view = json<FormCustomizationView>(await harness.call('GET', '/api/management/customization/verification', { as: 'admin' }));
    expect(view).toMatchObject({ office: null, mayEdit: false, global: { hiddenQuestions: [] } });
    const refused = await harness.call('PUT', '/api/management/customization/verification', { as: 'admin', body: { hiddenQuestions: ['deductibleFamily'] } });
    expect({ status: refused.statusCode, message: refused.json<{ message: string }>().message }).toEqual({ status: 403, message: FORM_MESSAGES.globalPrivilege });
    const privileged = { editGlobalCustomization: true };
    expect(json<FormCustomizationView>(await harness.call('GET', '/api/management/customization/verification', { as: 'admin', claims: privileged })).mayEdit).toBe(true);
    const saved = await harness.call('PUT', '/api/management/customization/verification', { as: 'admin', claims: privileged, body: { hiddenQuestions: ['deductibleFamily'] } });
    expect(json<FormCustomizationView>(saved).global).toMatchObject({ hiddenQuestions: ['deductibleFamily'], version: 1 });
    // Every office of the organization sees it; the other organization does not.
    expect(json<FormCustomizationView>(await harness.call('GET', '/api/customization/verification', { as: 'groupmanager' })).global.hiddenQuestions).toEqual(['deductibleFamily']);
    expect(json<FormCustomizationView>(await harness.call('GET', '/api/management/customization/verification', { as: 'adminB' })).global.hiddenQuestions).toEqual([]);
    const back = await harness.call('PUT', '/api/management/customization/verification', { as: 'superadministrator', claims: privileged, body: { hiddenQuestions: [] } });
    expect(back.statusCode).toBe(200);
  });
});
