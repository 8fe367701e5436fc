import fc from 'fast-check';
import { type FormQuestion, type FormRulePayer } from '../entities';
import { formEdits, resolveForm, ruleSpecificity, visibleQuestionKeys, type FormRuleLike } from './form-resolution';
import { answerMatches, answerValueProblem, FORM_ANSWER_MESSAGES, planFieldKind, ruleProblems, TEMPLATE_MESSAGES, templateProblems } from './verification-form';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const toggle = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'expliciteToggleButton', options: { yesLabel: 'Yes', noLabel: 'No' }, ...extra }) as FormQuestion;
const amount = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'ETBField', options: { unit: 'currency' }, ...extra }) as FormQuestion;
const textQ = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'textField', options: { multiline: false, maxLength: 20 }, ...extra }) as FormQuestion;
const block = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'conditionalBlock', options: {}, ...extra }) as FormQuestion;
const frequency = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'frequencyPicker', options: { timePeriods: ['mo', 'yr'] }, ...extra }) as FormQuestion;
const waiting = (key: string, extra: Partial<FormQuestion> = {}): FormQuestion =>
  ({ key, label: key, type: 'WaitingPeriod', options: { units: ['months'] }, ...extra }) as FormQuestion;

describe('planFieldKind', () => {
  it.each([
    ['plan.benefits.annualMax', 'currency'],
    ['plan.benefits.deductible.family', 'currency'],
    ['plan.benefits.missingToothClause', 'yesNo'],
    ['plan.planNotes', 'text'],
    ['plan.benefits.age.child.max', 'count'],
    ['plan.benefits.adaCodes.ADA:D0120.limitation', 'limitation'],
    ['plan.benefits.adaCodes.CAT:Major.waitingPeriod', 'waitingPeriod'],
    ['plan.benefits.adaCodes.SUB:Oral & Maxillofacial Surgery.benefitLevel', 'percent'],
    ['plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum', 'currency'],
    ['plan.benefits.adaCodes.ADA:D1110.age.max', 'count'],
    ['plan.benefits.adaCodes.ADA:D1110.deductible', 'yesNo'],
    ['plan.benefits.adaCodes.D0120.limitation', undefined],
    ['plan.benefits.adaCodes.ADA:D0000.limitation', undefined],
    ['plan.benefits.adaCodes.CAT:Nope.limitation', undefined],
    ['plan.benefits.adaCodes.ADA:D0120.caveat', undefined],
    ['plan.benefits.age.grandchild.max', undefined],
    ['plan.payer.name', undefined],
    ['patient.note', undefined],
    ['plan.benefits.adaCodes.ADA:D0120.__proto__', undefined],
  ])('%s takes %s', (path, kind) => {
    expect(planFieldKind(path)).toBe(kind);
  });

  it("names no field with the name of an Object.prototype member, wherever it stands (generated cases)", () => {
    const name = fc.constantFrom(...PROTOTYPE_NAMES);
    const path = fc.oneof(
      name,
      name.map((field) => `plan.${field}`),
      name.map((field) => `plan.benefits.${field}`),
      name.map((field) => `plan.benefits.adaCodes.ADA:D0120.${field}`),
    );
    fc.assert(
      fc.property(path, (text) => {
        expect(planFieldKind(text)).toBeUndefined();
        expect(ruleProblems({ field: text, value: 1 })).toEqual([]);
      }),
    );
  });
});

describe('templateProblems', () => {
  it.each<[string, FormQuestion[], { path: (string | number)[]; message: string }[]]>([
    ['a valid template', [toggle('ortho'), block('orthoBlock', { condition: { question: 'ortho', values: [true] } }), amount('orthoMax', { block: 'orthoBlock', target: 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum' })], []],
    ['a duplicate key', [toggle('a'), toggle('a')], [{ path: [1, 'key'], message: TEMPLATE_MESSAGES.duplicateKey }]],
    ['a condition on nothing', [toggle('a', { condition: { question: 'b', values: [true] } })], [{ path: [0, 'condition', 'question'], message: TEMPLATE_MESSAGES.noQuestion }]],
    ['a condition on itself', [toggle('a', { condition: { question: 'a', values: [true] } })], [{ path: [0, 'condition', 'question'], message: TEMPLATE_MESSAGES.self }, { path: [0, 'condition'], message: TEMPLATE_MESSAGES.circle }]],
    ['a condition on a frequency', [frequency('f'), toggle('a', { condition: { question: 'f', values: [true] } })], [{ path: [1, 'condition', 'question'], message: TEMPLATE_MESSAGES.unanswerable }]],
    ['texts for a yes/no', [toggle('a'), toggle('b', { condition: { question: 'a', values: ['yes'] } })], [{ path: [1, 'condition', 'values'], message: TEMPLATE_MESSAGES.yesNoValues }]],
    ['yes for an amount', [amount('a'), toggle('b', { condition: { question: 'a', values: [true] } })], [{ path: [1, 'condition', 'values'], message: TEMPLATE_MESSAGES.numberValues }]],
    ['a number for a text', [textQ('a'), toggle('b', { condition: { question: 'a', values: [1] } })], [{ path: [1, 'condition', 'values'], message: TEMPLATE_MESSAGES.textValues }]],
    ['a block that is a question', [toggle('a'), toggle('b', { block: 'a' })], [{ path: [1, 'block'], message: TEMPLATE_MESSAGES.noBlock }]],
    [
      'a circle',
      [toggle('a', { condition: { question: 'b', values: [true] } }), toggle('b', { condition: { question: 'a', values: [true] } })],
      [{ path: [0, 'condition'], message: TEMPLATE_MESSAGES.circle }, { path: [1, 'condition'], message: TEMPLATE_MESSAGES.circle }],
    ],
    ['an unknown target (its schema says so)', [amount('a', { target: 'plan.payer.name' })], []],
    ['a target of another kind', [toggle('a', { target: 'plan.benefits.annualMax' })], [{ path: [0, 'target'], message: TEMPLATE_MESSAGES.mismatch('currency', 'yesNo') }]],
  ])('%s', (_, questions, problems) => {
    expect(templateProblems(questions)).toEqual(problems);
  });

  it('never throws and finds a circle whatever the links (generated cases)', () => {
    const keys = ['a', 'b', 'c', 'd'];
    const link = fc.option(fc.constantFrom(...keys), { nil: undefined });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('toggle', 'block'), link, link), { minLength: 4, maxLength: 4 }), (shapes) => {
        const questions = shapes.map(([kind, blockKey, conditionKey], at) => {
          const make = kind === 'toggle' ? toggle : block;
          return make(keys[at]!, {
            ...(blockKey === undefined ? {} : { block: blockKey }),
            ...(conditionKey === undefined ? {} : { condition: { question: conditionKey, values: [true] } }),
          });
        });
        const problems = templateProblems(questions);
        // Whatever the problems, visibility stays finite and a question in a circle never shows.
        const visible = visibleQuestionKeys(questions, { a: true, b: true, c: true, d: true });
        if (problems.length === 0) expect(visible.size).toBeGreaterThanOrEqual(0);
        for (const problem of problems.filter((found) => found.message === TEMPLATE_MESSAGES.circle)) {
          expect(visible.has(keys[problem.path[0] as number]!)).toBe(false);
        }
      }),
    );
  });
});

describe('answers', () => {
  it.each<[FormQuestion, unknown, string | undefined]>([
    [amount('a'), 1500, undefined],
    [amount('a'), -1, FORM_ANSWER_MESSAGES.amount],
    [amount('a'), '1500', FORM_ANSWER_MESSAGES.amount],
    [amount('a', { options: { unit: 'percent' } }), 101, FORM_ANSWER_MESSAGES.percent],
    [amount('a', { options: { unit: 'count' } }), 1.5, FORM_ANSWER_MESSAGES.count],
    [toggle('a'), false, undefined],
    [toggle('a'), 'yes', FORM_ANSWER_MESSAGES.yesNo],
    [frequency('a'), { quantity: 2, frequency: 12, timePeriod: 'mo' }, undefined],
    [frequency('a'), { quantity: 2, frequency: 1, timePeriod: 'd' }, FORM_ANSWER_MESSAGES.period],
    [frequency('a'), { quantity: 0, frequency: 12, timePeriod: 'mo' }, FORM_ANSWER_MESSAGES.frequency],
    [waiting('a'), { months: 12 }, undefined],
    [waiting('a'), { years: 1 }, FORM_ANSWER_MESSAGES.unit],
    [waiting('a'), {}, FORM_ANSWER_MESSAGES.waitingPeriod],
    [waiting('a'), { months: 10_000 }, FORM_ANSWER_MESSAGES.waitingPeriod],
    [textQ('a'), 'short', undefined],
    [textQ('a'), 'x'.repeat(21), FORM_ANSWER_MESSAGES.tooLong(20)],
    [block('a'), true, FORM_ANSWER_MESSAGES.blockTakesNoAnswer],
  ])('%j answered %j', (question, value, problem) => {
    expect(answerValueProblem(question, value)).toBe(problem);
  });

  it('match texts trimmed and in any case, never across types', () => {
    expect(answerMatches(' YES ', ['yes'])).toBe(true);
    expect(answerMatches(true, ['true'])).toBe(false);
    expect(answerMatches(1, [1, 2])).toBe(true);
    expect(answerMatches(undefined, [true])).toBe(false);
    expect(answerMatches({ months: 1 }, [1])).toBe(false);
  });

  it('rules take a value their field takes', () => {
    expect(ruleProblems({ field: 'plan.benefits.annualMax', value: 2000 })).toEqual([]);
    expect(ruleProblems({ field: 'plan.benefits.annualMax', value: true })).toEqual([{ path: ['value'], message: FORM_ANSWER_MESSAGES.amount }]);
    expect(ruleProblems({ field: 'plan.sponsor.groupName', value: 'x' })).toEqual([]);
  });
});

const ORTHO_FORM: FormQuestion[] = [
  toggle('orthoCovered'),
  block('orthoBlock', { condition: { question: 'orthoCovered', values: [true] } }),
  amount('orthoMax', { block: 'orthoBlock', target: 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum' }),
  textQ('orthoNote', { block: 'orthoBlock', condition: { question: 'orthoAge', values: ['adults'] } }),
  textQ('orthoAge', { block: 'orthoBlock' }),
  amount('annualMax', { target: 'plan.benefits.annualMax' }),
];

describe('visibleQuestionKeys', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['nothing answered', {}, ['orthoCovered', 'annualMax']],
    ['ortho covered', { orthoCovered: true }, ['orthoCovered', 'orthoBlock', 'orthoMax', 'orthoAge', 'annualMax']],
    ['ortho not covered, inner answers kept', { orthoCovered: false, orthoAge: 'Adults' }, ['orthoCovered', 'annualMax']],
    ['ortho covered for adults', { orthoCovered: true, orthoAge: ' Adults ' }, ['orthoCovered', 'orthoBlock', 'orthoMax', 'orthoNote', 'orthoAge', 'annualMax']],
  ])('%s', (_, answers, visible) => {
    expect([...visibleQuestionKeys(ORTHO_FORM, answers)]).toEqual(visible);
  });
});

const rule = (payer: FormRulePayer, questionKey: string, answer: FormRuleLike['answer'], field: string, value: FormRuleLike['value']): FormRuleLike => ({ payer, questionKey, answer, field, value });
const DELTA = { payerId: '77777', payerKey: 'DELTA_DENTAL' as const };

describe('resolveForm', () => {
  it.each<[string, string[], string[]]>([
    ['no customization', [], ORTHO_FORM.map((question) => question.key)],
    ['the block hidden takes its questions', ['orthoBlock'], ['orthoCovered', 'annualMax']],
    ['the condition hidden takes its dependants', ['orthoCovered'], ['annualMax']],
    ['one inner question hidden', ['orthoAge'], ['orthoCovered', 'orthoBlock', 'orthoMax', 'annualMax']],
    ['unknown keys change nothing', ['gone'], ORTHO_FORM.map((question) => question.key)],
  ])('%s', (_, hidden, keys) => {
    expect(resolveForm({ questions: ORTHO_FORM, hidden, rules: [], payer: DELTA }).questions.map((question) => question.key)).toEqual(keys);
  });

  it('keeps the payer\'s rules, most specific first, one per answer and field', () => {
    const rules = [
      rule({ payerKey: 'DEFAULT' }, 'orthoCovered', true, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 50),
      rule({ payerKey: 'METLIFE' }, 'orthoCovered', true, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 40),
      rule({ payerKey: 'DELTA_DENTAL' }, 'orthoCovered', true, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 60),
      rule({ payerId: '77777' }, 'orthoCovered', true, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 70),
      rule({ payerId: '99999' }, 'orthoCovered', true, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 80),
      rule({ payerKey: 'DEFAULT' }, 'orthoCovered', false, 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', 0),
      rule({ payerKey: 'DEFAULT' }, 'hiddenOne', true, 'plan.benefits.annualMax', 1),
    ];
    expect(resolveForm({ questions: ORTHO_FORM, hidden: [], rules, payer: DELTA }).rules.map((found) => found.value)).toEqual([70, 0]);
    expect(ruleSpecificity({ payerId: ' 77777 ' }, DELTA)).toBe(3);
    expect(ruleSpecificity({ payerKey: 'DEFAULT' }, { payerId: '1', payerKey: 'DEFAULT' })).toBe(1);
  });
});

describe('formEdits', () => {
  const rules = [{ questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 50 }];
  const edits = (previous: Record<string, unknown>, answers: Record<string, unknown>) => formEdits({ questions: ORTHO_FORM, rules, previous, answers });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, { path: string; value: unknown }[], Record<string, unknown>]>([
    ['a new answer fills its target', {}, { annualMax: 1500 }, [{ path: 'plan.benefits.annualMax', value: 1500 }], { annualMax: 1500 }],
    ['an unchanged answer edits nothing', { annualMax: 1500 }, { annualMax: 1500 }, [], { annualMax: 1500 }],
    [
      'a yes fires its rule, the block\'s answers go in',
      {},
      { orthoCovered: true, orthoMax: 2000 },
      [
        { path: 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum', value: 2000 },
        { path: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 50 },
      ],
      { orthoCovered: true, orthoMax: 2000 },
    ],
    ['a no drops the block\'s answers', { orthoCovered: true, orthoMax: 2000 }, { orthoCovered: false, orthoMax: 2500 }, [], { orthoCovered: false }],
  ])('%s', (_, previous, answers, expected, kept) => {
    const result = edits(previous, answers);
    expect(result.problems).toEqual([]);
    expect(result.edits).toEqual(expected);
    expect(result.kept).toEqual(kept);
  });

  it('a value the user gave wins over a rule for the same field', () => {
    const questions = [...ORTHO_FORM, amount('orthoLevel', { options: { unit: 'percent' }, target: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel' })];
    const result = formEdits({ questions, rules, previous: {}, answers: { orthoCovered: true, orthoLevel: 35 } });
    expect(result.edits).toEqual([{ path: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 35 }]);
  });

  it('refuses answers that do not fit, at their key, and changes nothing', () => {
    expect(edits({}, { annualMax: 'lots', nope: 1, orthoBlock: true })).toEqual({
      edits: [],
      kept: {},
      problems: [
        { path: 'answers.annualMax', message: FORM_ANSWER_MESSAGES.amount },
        { path: 'answers.nope', message: FORM_ANSWER_MESSAGES.notOfForm },
        { path: 'answers.orthoBlock', message: FORM_ANSWER_MESSAGES.blockTakesNoAnswer },
      ],
    });
  });

  it("reads question keys spelled like Object.prototype members as keys like any other", () => {
    // FormQuestionKey takes these (letters, starting with one); unanswered, they have no answer.
    const keys = PROTOTYPE_NAMES.filter((name) => /^[A-Za-z][A-Za-z0-9_]*$/.test(name));
    for (const key of keys) {
      const questions = [toggle(key), textQ('note', { condition: { question: key, values: [true] }, target: 'plan.planNotes' }), amount('max', { target: 'plan.benefits.annualMax' })];
      expect([...visibleQuestionKeys(questions, {})]).toEqual([key, 'max']);
      expect(formEdits({ questions, rules: [], previous: {}, answers: { max: 1000 } })).toEqual({
        edits: [{ path: 'plan.benefits.annualMax', value: 1000 }],
        kept: { max: 1000 },
        problems: [],
      });
      expect(formEdits({ questions, rules: [], previous: {}, answers: { [key]: true, note: 'x' } }).edits).toEqual([{ path: 'plan.planNotes', value: 'x' }]);
    }
  });

  it('keeps only shown answers and edits only their targets, whatever the answers (generated cases)', () => {
    const answers = fc.record(
      { orthoCovered: fc.boolean(), orthoMax: fc.integer({ min: 0, max: 5000 }), orthoAge: fc.constantFrom('adults', 'kids'), orthoNote: fc.constantFrom('x'), annualMax: fc.integer({ min: 0, max: 5000 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answers, answers, (previous, next) => {
        const result = edits(previous, next);
        const visible = visibleQuestionKeys(ORTHO_FORM, next);
        expect(Object.keys(result.kept).every((key) => visible.has(key))).toBe(true);
        const targets = new Set([...ORTHO_FORM.flatMap((question) => ('target' in question && question.target ? [question.target] : [])), ...rules.map((found) => found.field)]);
        for (const edit of result.edits) expect(targets.has(edit.path)).toBe(true);
        expect(new Set(result.edits.map((edit) => edit.path)).size).toBe(result.edits.length);
      }),
    );
  });
});
