/**
 * Test support: the gateway as the forms pages and the ticket's form see it, in memory. Templates, rules and
 * customizations are kept and changed as the service would (versions counted, a stale version refused); the
 * ticket's form is resolved and saved with the contracts' own rules (resolveForm, formEdits); a test can make the
 * next save fail with a status and details. The shell's calls answer as the app needs them; every call is
 * recorded.
 */
import {
  formEdits,
  resolveForm,
  type FormCustomizationView,
  type FormQuestion,
  type FormRule,
  type FormTemplate,
  type UserOfficeSettings,
  type VerificationDetail,
  type VerificationForm,
} from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { jsonReply } from '../test-support/json-reply';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';

export type RecordedCall = { readonly method: string; readonly path: string; readonly query: URLSearchParams; readonly body: unknown };

const YES_NO = { yesLabel: 'Yes', noLabel: 'No' };

export const DEMO_QUESTIONS: FormQuestion[] = [
  { key: 'annualMax', label: 'Annual maximum', type: 'ETBField', options: { unit: 'currency' }, target: 'plan.benefits.annualMax' },
  { key: 'examFrequency', label: 'Periodic exam (D0120) frequency', type: 'frequencyPicker', options: { timePeriods: ['mo', 'yr'] }, target: 'plan.benefits.adaCodes.ADA:D0120.limitation' },
  { key: 'majorWaitingPeriod', label: 'Waiting period for major services', type: 'WaitingPeriod', options: { units: ['months', 'years'] } },
  { key: 'orthoCovered', label: 'Orthodontics covered', type: 'expliciteToggleButton', options: YES_NO },
  { key: 'orthodontics', label: 'Orthodontics', type: 'conditionalBlock', options: {}, condition: { question: 'orthoCovered', values: [true] } },
  { key: 'orthoLifetimeMax', label: 'Orthodontic lifetime maximum', type: 'ETBField', options: { unit: 'currency' }, block: 'orthodontics' },
  { key: 'callNotes', label: 'Notes from the call', type: 'textField', options: { multiline: true, maxLength: 500 }, target: 'plan.planNotes' },
];

export function demoTemplate(overrides: Partial<FormTemplate> = {}): FormTemplate {
  return { id: 'tpl-default', name: 'Verification form', isDefault: true, questions: structuredClone(DEMO_QUESTIONS), version: 3, updatedAt: '2026-11-20T10:00:00.000Z', ...overrides };
}

type Failure = { status: number; message: string; details?: { path: string; message: string }[] };

export type FakeFormsOptions = {
  readonly templates?: FormTemplate[];
  readonly rules?: FormRule[];
  readonly ticket?: VerificationDetail;
  readonly offices?: UserOfficeSettings[];
  readonly mayEditGlobal?: boolean;
};

export function fakeFormsGateway(options: FakeFormsOptions = {}) {
  const state = {
    templates: options.templates ?? [demoTemplate()],
    rules: options.rules ?? [],
    hidden: { global: [] as string[], office: [] as string[] },
    versions: { global: 0, office: 0 },
    ticket: options.ticket ?? fixtureDetail(),
    answers: {} as Record<string, unknown>,
    answeredAt: null as string | null,
    calls: [] as RecordedCall[],
    failNext: null as Failure | null,
  };
  const defaultTemplate = () => state.templates.find((template) => template.isDefault)!;

  function ticketForm(): VerificationForm {
    const template = defaultTemplate();
    const resolved = resolveForm({
      questions: template.questions,
      hidden: [...state.hidden.global, ...state.hidden.office],
      rules: state.rules,
      payer: state.ticket.carrier,
    });
    return {
      verificationId: state.ticket.id,
      templateId: template.id,
      templateName: template.name,
      ...resolved,
      answers: state.answers as VerificationForm['answers'],
      planValues: { annualMax: 1500 },
      version: state.ticket.version,
      answeredAt: state.answeredAt,
      editable: state.ticket.status !== 'Completed',
    };
  }

  function customization(scope: 'global' | 'office'): FormCustomizationView {
    const of = (which: 'global' | 'office') => ({ scope: which, officeId: which === 'office' ? 'office-demo-1' : null, hiddenQuestions: state.hidden[which], version: state.versions[which], updatedAt: null });
    return { template: defaultTemplate(), global: of('global'), office: scope === 'office' ? of('office') : null, mayEdit: scope === 'office' || options.mayEditGlobal === true };
  }

  function answer(method: string, path: string, body: unknown): { status: number; body?: unknown } {
    if (path === '/api/features' || path === '/api/portals/credentials') return { status: 200, body: [] };
    if (path === '/api/dentaloffice/user/all') return { status: 200, body: options.offices ?? [] };
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return { status: 200, body: { id: 'office-demo-1', planType: 'standard' } };
    if (path === '/api/carriers') return { status: 200, body: [] };
    const template = /^\/api\/management\/form-templates\/([^/]+)$/.exec(path)?.[1];
    if (path === '/api/management/form-templates' && method === 'GET') {
      const items = state.templates.map(({ questions, ...rest }) => ({ ...rest, questionCount: questions.length }));
      return { status: 200, body: { items, total: items.length, page: 1, pageSize: 20 } };
    }
    if (path === '/api/management/form-templates' && method === 'POST') {
      const created = { ...(body as FormTemplate), id: `tpl-${state.templates.length + 1}`, isDefault: false, version: 1, updatedAt: '2026-11-21T10:00:00.000Z' };
      state.templates.push(created);
      return { status: 201, body: created };
    }
    if (template !== undefined) {
      const found = state.templates.find((candidate) => candidate.id === template);
      if (found === undefined) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Form template not found' } };
      if (method === 'GET') return { status: 200, body: found };
      if (method === 'DELETE') {
        state.templates = state.templates.filter((candidate) => candidate !== found);
        return { status: 204 };
      }
      const input = body as FormTemplate & { version: number };
      if (input.version !== found.version) return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'It was changed meanwhile', details: { version: found.version } } };
      Object.assign(found, { name: input.name, questions: input.questions, version: found.version + 1 });
      return { status: 200, body: found };
    }
    if (path === '/api/management/form-rules' && method === 'GET') return { status: 200, body: { items: state.rules, total: state.rules.length, page: 1, pageSize: 20 } };
    if (path === '/api/management/form-rules' && method === 'POST') {
      const created = { ...(body as FormRule), id: `rule-${state.rules.length + 1}`, version: 1, updatedAt: '2026-11-21T10:00:00.000Z' };
      state.rules.push(created);
      return { status: 201, body: created };
    }
    const scope = path === '/api/customization/verification' ? 'office' : path === '/api/management/customization/verification' ? 'global' : null;
    if (scope !== null) {
      if (method === 'PUT') {
        state.hidden[scope] = (body as { hiddenQuestions: string[] }).hiddenQuestions;
        state.versions[scope] += 1;
      }
      return { status: 200, body: customization(scope) };
    }
    if (path === `/api/verifications/${state.ticket.id}/form`) {
      if (method === 'GET') return { status: 200, body: ticketForm() };
      const input = body as { answers: Record<string, unknown>; version?: number };
      const form = ticketForm();
      const result = formEdits({ questions: form.questions, rules: form.rules, previous: state.answers, answers: input.answers });
      state.answers = result.kept;
      state.answeredAt = '2026-11-24T21:00:00.000Z';
      state.ticket = { ...state.ticket, version: state.ticket.version + 1 };
      return { status: 200, body: { form: ticketForm(), verification: state.ticket } };
    }
    if (path === `/api/verifications/${state.ticket.id}`) return { status: 200, body: state.ticket };
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Route ${path} not found` } };
  }

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    state.calls.push({ method, path, query: new URLSearchParams(search), body });
    const failure = state.failNext;
    if (failure !== null && method !== 'GET') {
      state.failNext = null;
      return Promise.resolve(jsonReply({ statusCode: failure.status, error: 'Error', message: failure.message, ...(failure.details ? { details: failure.details } : {}) }, failure.status));
    }
    const reply = answer(method, path, body);
    return Promise.resolve(jsonReply(reply.body, reply.status));
  };

  return {
    state,
    fetch,
    callsTo: (method: string, path: string) => state.calls.filter((call) => call.method === method && call.path === path),
    failNext: (failure: Failure) => {
      state.failNext = failure;
    },
  };
}
