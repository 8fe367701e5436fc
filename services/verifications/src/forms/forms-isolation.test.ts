/**
 * Each organization's forms are its own: templates, rules, customizations and ticket forms of one organization are
 * never read, changed or listed by another's users, whatever the user, office header and route (generated cases);
 * and no body, however odd, gets a 500 (generated template and rule bodies).
 */
import { type FormRule, type FormTemplate, type FormTemplateSummary, type Page, type VerificationForm } from '@dv/contracts';
import fc from 'fast-check';
import { createFormsHarness, type FormsHarness, USERS, type UserName } from './testing';

let harness: FormsHarness;
const org = { A: { template: '', rule: '', ticket: 'v-iso-a1' }, B: { template: '', rule: '', ticket: 'v-iso-b1' } };
const MARKS = { A: 'Alpha-only template', B: 'Bravo-only template' };
const NOTES = { A: 'alpha secret note', B: 'bravo secret note' };

async function seed(key: 'A' | 'B', as: UserName): Promise<void> {
  const created = await harness.call('POST', '/api/management/form-templates', {
    as,
    claims: { roles: ['superadministrator'] },
    body: { name: MARKS[key], questions: [{ key: 'q1', label: MARKS[key], type: 'textField', options: { multiline: false, maxLength: 50 } }] },
  });
  org[key].template = created.json<FormTemplate>().id;
  const rule = await harness.call('POST', '/api/management/form-rules', {
    as,
    claims: { roles: ['superadministrator'] },
    body: { payer: { payerKey: 'DEFAULT' }, questionKey: 'annualMax', answer: 1, field: 'plan.benefits.annualMax', value: 1, note: NOTES[key] },
  });
  org[key].rule = rule.json<FormRule>().id;
}

beforeAll(async () => {
  harness = await createFormsHarness();
  await seed('A', 'superadministrator');
  // org-b's super administrator: its admin's claims with the role of the pages.
  await seed('B', 'adminB');
  await harness.plant(org.A.ticket, { office: 'office-a1' });
  await harness.plant(org.B.ticket, { office: 'office-b1' });
});
afterAll(() => harness.close());

const orgOf = (as: UserName): 'A' | 'B' => (USERS[as].org === 'org-b' ? 'B' : 'A');

describe('organizations never reach each other (generated cases)', () => {
  const users = Object.keys(USERS) as UserName[];
  const offices = fc.constantFrom<string | null | undefined>(undefined, null, 'office-a1', 'office-a2', 'office-b1');
  const whose = fc.constantFrom<'A' | 'B'>('A', 'B');
  const routes = fc.constantFrom(
    'template-get',
    'template-put',
    'template-delete',
    'template-list',
    'rule-put',
    'rule-delete',
    'rule-list',
    'office-customization',
    'global-customization',
    'ticket-form',
    'ticket-save',
  );

  it("answers another organization's things 404 (or refuses), lists only one's own, never names the other's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), fc.boolean(), offices, whose, routes, async (as, superadmin, office, target, route) => {
        // Half the runs give the user the super administrator role of their organization, so the routes are open.
        const claims = superadmin ? { roles: ['superadministrator'], allowedOfficeIds: [] } : {};
        const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
          harness.call(method, url, { as, claims, ...(office === undefined ? {} : { office }), ...(body === undefined ? {} : { body }) });
        const own = orgOf(as);
        const other = own === 'A' ? 'B' : 'A';
        // Changes aim at the other organization only: one's own things may be changed, and are checked at the end.
        const aimed = /put|delete|save/.test(route) ? other : target;
        const ids = org[aimed];
        const response = await {
          'template-get': () => call('GET', `/api/management/form-templates/${ids.template}`),
          'template-put': () => call('PUT', `/api/management/form-templates/${ids.template}`, { name: 'Taken over', questions: [], version: 99 }),
          'template-delete': () => call('DELETE', `/api/management/form-templates/${ids.template}`),
          'template-list': () => call('GET', '/api/management/form-templates?pageSize=100'),
          'rule-put': () => call('PUT', `/api/management/form-rules/${ids.rule}`, { payer: { payerKey: 'DEFAULT' }, questionKey: 'annualMax', answer: 1, field: 'plan.benefits.annualMax', value: 2, version: 99 }),
          'rule-delete': () => call('DELETE', `/api/management/form-rules/${ids.rule}`),
          'rule-list': () => call('GET', '/api/management/form-rules?pageSize=100'),
          'office-customization': () => call('GET', '/api/customization/verification'),
          'global-customization': () => call('GET', '/api/management/customization/verification'),
          'ticket-form': () => call('GET', `/api/verifications/${ids.ticket}/form`),
          'ticket-save': () => call('PUT', `/api/verifications/${ids.ticket}/form`, { answers: { annualMax: 7 }, version: 999 }),
        }[route]();
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toContain(MARKS[other]);
        expect(response.body).not.toContain(NOTES[other]);
        const byId = ['template-get', 'template-put', 'template-delete', 'rule-put', 'rule-delete', 'ticket-form', 'ticket-save'].includes(route);
        if (byId && aimed !== own) expect([400, 403, 404]).toContain(response.statusCode);
        if (response.statusCode !== 200) return;
        if (route === 'template-list') expect(response.json<Page<FormTemplateSummary>>().items.map((item) => item.id)).not.toContain(org[other].template);
        if (route === 'rule-list') expect(response.json<Page<FormRule>>().items.map((item) => item.id)).not.toContain(org[other].rule);
        if (route === 'ticket-form') expect(response.json<VerificationForm>().verificationId).toBe(org[own].ticket);
      }),
      { numRuns: 120 },
    );
    // What the other organization owns is still there, as it was.
    for (const key of ['A', 'B'] as const) {
      const as = key === 'A' ? 'superadministrator' : 'adminB';
      const template = await harness.call('GET', `/api/management/form-templates/${org[key].template}`, { as, claims: { roles: ['superadministrator'] } });
      expect(template.json<FormTemplate>().name).toBe(MARKS[key]);
      const rules = await harness.call('GET', '/api/management/form-rules', { as, claims: { roles: ['superadministrator'] } });
      expect(rules.json<Page<FormRule>>().items.map((item) => item.id)).toContain(org[key].rule);
    }
  });
});

describe('odd bodies get a 400 at worst, never a 500 (generated cases)', () => {
  const scalar = fc.oneof(fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 30 }), fc.constant(null));
  const question = fc.record(
    {
      key: fc.oneof(fc.constantFrom('a', 'b', 'c', 'orthoCovered'), fc.string({ maxLength: 70 })),
      label: fc.string({ maxLength: 210 }),
      type: fc.oneof(fc.constantFrom('ETBField', 'frequencyPicker', 'expliciteToggleButton', 'conditionalBlock', 'WaitingPeriod', 'textField'), fc.string({ maxLength: 10 })),
      options: fc.oneof(
        fc.constant({}),
        fc.record({ unit: fc.constantFrom('currency', 'percent', 'count', 'x') }),
        fc.record({ timePeriods: fc.array(fc.constantFrom('mo', 'yr', 'x'), { maxLength: 3 }) }),
        fc.record({ units: fc.array(fc.constantFrom('months', 'days', 'x'), { maxLength: 3 }) }),
        fc.record({ multiline: fc.boolean(), maxLength: fc.integer({ min: -1, max: 3000 }) }),
      ),
      target: fc.constantFrom('plan.benefits.annualMax', 'plan.planNotes', 'plan.benefits.adaCodes.ADA:D0120.limitation', 'plan.x', 'patient.note', '__proto__'),
      condition: fc.record({ question: fc.constantFrom('a', 'b', 'c'), values: fc.array(scalar, { maxLength: 3 }) }),
      block: fc.constantFrom('a', 'b', 'c'),
    },
    { requiredKeys: ['key', 'label', 'type'] },
  );

  it('templates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 130 }), fc.array(question, { maxLength: 6 }), async (name, questions) => {
        const response = await harness.call('POST', '/api/management/form-templates', { body: { name, questions } });
        expect([201, 400]).toContain(response.statusCode);
      }),
      { numRuns: 80 },
    );
  });

  it('rules and answers', async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), scalar, fc.string({ maxLength: 60 }), json, json, async (questionKey, answer, field, value, answers) => {
        const rule = await harness.call('POST', '/api/management/form-rules', { body: { payer: { payerKey: 'DEFAULT' }, questionKey, answer, field, value } });
        expect([201, 400]).toContain(rule.statusCode);
        const saved = await harness.call('PUT', `/api/verifications/${org.A.ticket}/form`, { as: 'agent', body: { answers } });
        expect([200, 400, 409]).toContain(saved.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});
