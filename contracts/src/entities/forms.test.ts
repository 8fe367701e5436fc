import { TEMPLATE_MESSAGES } from '../rules/verification-form';
import {
  FORM_QUESTIONS_MAX,
  FormCustomizationInput,
  FormRuleInput,
  FormRuleListQuery,
  FormTemplateInput,
  FormTemplateUpdateInput,
  VerificationFormInput,
} from './forms';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const TOGGLE = { key: 'orthoCovered', label: 'Orthodontics covered', type: 'expliciteToggleButton', options: { yesLabel: 'Yes', noLabel: 'No' } };

describe('FormTemplateInput', () => {
  it('takes a template of every question type, trimmed', () => {
    const parsed = FormTemplateInput.parse({
      name: '  Verification form ',
      questions: [
        { key: 'annualMax', label: ' Annual maximum ', type: 'ETBField', options: { unit: 'currency' }, target: 'plan.benefits.annualMax' },
        { key: 'exams', label: 'Exams', type: 'frequencyPicker', options: { timePeriods: ['mo'] }, target: 'plan.benefits.adaCodes.ADA:D0120.limitation' },
        TOGGLE,
        { key: 'orthoBlock', label: 'Orthodontics', type: 'conditionalBlock', options: {}, condition: { question: 'orthoCovered', values: [true] } },
        { key: 'majorWait', label: 'Major', type: 'WaitingPeriod', options: { units: ['months'] }, target: 'plan.benefits.adaCodes.CAT:Major.waitingPeriod', block: 'orthoBlock' },
        { key: 'notes', label: 'Notes', help: 'Anything else', type: 'textField', options: { multiline: true, maxLength: 500 }, target: 'plan.planNotes' },
      ],
    });
    expect(parsed.name).toBe('Verification form');
    expect(parsed.questions[0]!.label).toBe('Annual maximum');
  });

  it('names each problem at its field', () => {
    const result = FormTemplateInput.safeParse({
      name: '',
      extra: true,
      questions: [
        TOGGLE,
        { ...TOGGLE, label: 'Again' },
        { key: '1bad', label: 'x', type: 'textField', options: { multiline: false, maxLength: 10 } },
        { key: 'block', label: 'b', type: 'conditionalBlock', options: {}, target: 'plan.benefits.annualMax' },
        { key: 'nope', label: 'n', type: 'nope', options: {} },
      ],
    });
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'This field is required' },
        { path: '', message: expect.stringContaining('extra') },
        { path: 'questions.2.key', message: "Letters, digits and '_', starting with a letter" },
        { path: 'questions.3', message: expect.stringContaining('target') },
        { path: 'questions.4.type', message: expect.any(String) },
      ]),
    );
  });

  it('runs the template rules once every question parses', () => {
    const result = FormTemplateInput.safeParse({ name: 'x', questions: [TOGGLE, { ...TOGGLE, key: 'other', target: 'plan.benefits.annualMax' }] });
    expect(issues(result)).toEqual([{ path: 'questions.1.target', message: TEMPLATE_MESSAGES.mismatch('currency', 'yesNo') }]);
    const twice = FormTemplateInput.safeParse({ name: 'x', questions: [TOGGLE, { ...TOGGLE, label: 'Again' }] });
    expect(issues(twice)).toEqual([{ path: 'questions.1.key', message: TEMPLATE_MESSAGES.duplicateKey }]);
  });

  it('holds at most FORM_QUESTIONS_MAX questions; the update names its version', () => {
    const many = Array.from({ length: FORM_QUESTIONS_MAX + 1 }, (_, at) => ({ ...TOGGLE, key: `q${at}` }));
    expect(FormTemplateInput.safeParse({ name: 'x', questions: many }).success).toBe(false);
    expect(issues(FormTemplateUpdateInput.safeParse({ name: 'x', questions: [] }))).toEqual([{ path: 'version', message: expect.any(String) }]);
  });
});

describe('FormRuleInput', () => {
  const RULE = { payer: { payerKey: 'DELTA_DENTAL' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 50 };

  it('takes a payer key or a payer id, never both', () => {
    expect(FormRuleInput.parse(RULE).payer).toEqual({ payerKey: 'DELTA_DENTAL' });
    expect(FormRuleInput.parse({ ...RULE, payer: { payerId: ' 77777 ' } }).payer).toEqual({ payerId: '77777' });
    expect(FormRuleInput.safeParse({ ...RULE, payer: { payerId: '77777', payerKey: 'DEFAULT' } }).success).toBe(false);
    expect(FormRuleInput.safeParse({ ...RULE, payer: {} }).success).toBe(false);
  });

  it('wants a value its field takes', () => {
    expect(issues(FormRuleInput.safeParse({ ...RULE, value: 150 }))).toEqual([{ path: 'value', message: 'A percentage from 0 to 100' }]);
    expect(issues(FormRuleInput.safeParse({ ...RULE, field: 'patient.note', value: 'x' }))).toEqual([
      { path: 'field', message: TEMPLATE_MESSAGES.notAField },
    ]);
  });

  it('filters by payer key and payer id', () => {
    expect(FormRuleListQuery.parse({ payerKey: 'GEHA', page: '2' })).toEqual({ payerKey: 'GEHA', page: 2, pageSize: 20 });
    expect(FormRuleListQuery.safeParse({ payerKey: 'NOPE' }).success).toBe(false);
  });
});

describe('answers and customizations', () => {
  it('answers are keyed by question key and take the answer shapes only', () => {
    expect(VerificationFormInput.parse({ answers: { a: true, b: 1, c: 'x', d: { quantity: 1, frequency: 6, timePeriod: 'mo' }, e: { months: 6 } }, version: 2 }).version).toBe(2);
    expect(issues(VerificationFormInput.safeParse({ answers: { 'a.b': true } }))).toEqual([{ path: 'answers.a.b', message: expect.any(String) }]);
    expect(VerificationFormInput.safeParse({ answers: { a: null } }).success).toBe(false);
    expect(VerificationFormInput.safeParse({ answers: { a: { nested: { deep: 1 } } } }).success).toBe(false);
  });

  it('a customization hides question keys', () => {
    expect(FormCustomizationInput.parse({ hiddenQuestions: ['annualMax'] })).toEqual({ hiddenQuestions: ['annualMax'] });
    expect(FormCustomizationInput.safeParse({ hiddenQuestions: ['$where'] }).success).toBe(false);
  });
});
