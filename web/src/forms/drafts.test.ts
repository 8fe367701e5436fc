import { type FormQuestion } from '@dv/contracts';
import { answerOf, draftOf, initialDrafts, NUMBER_PROBLEM, planValueWording, submissionOf } from './answer-drafts';
import { DEMO_QUESTIONS } from './fake-forms-gateway';
import { changedDraft, RULE_PROBLEMS, ruleDraftOf, ruleInputOf } from './rule-draft';
import { addQuestion, freeKey, moveQuestion, questionProblems, removeQuestion, replaceQuestion, targetSuggestions, templateInputOf, withType } from './template-draft';

const question = (key: string) => DEMO_QUESTIONS.find((candidate) => candidate.key === key)!;

describe('answer drafts', () => {
  it.each<[string, FormQuestion, Parameters<typeof answerOf>[1], ReturnType<typeof answerOf>]>([
    ['an amount with commas and a dollar sign', question('annualMax'), { kind: 'number', text: '$1,500' }, { value: 1500 }],
    ['nothing typed', question('annualMax'), { kind: 'number', text: ' ' }, { value: undefined }],
    ['not a number', question('annualMax'), { kind: 'number', text: '15OO' }, { value: undefined, problem: NUMBER_PROBLEM }],
    ['a negative amount', question('annualMax'), { kind: 'number', text: '-5' }, { value: -5, problem: 'An amount from 0 to 100000000' }],
    ['a frequency', question('examFrequency'), { kind: 'frequency', quantity: '2', frequency: '12', timePeriod: 'mo' }, { value: { quantity: 2, frequency: 12, timePeriod: 'mo' } }],
    ['a frequency without its period', question('examFrequency'), { kind: 'frequency', quantity: '2', frequency: '12', timePeriod: '' }, { value: undefined, problem: 'Pick one of the offered time periods' }],
    ['a waiting period', question('majorWaitingPeriod'), { kind: 'waiting', amounts: { months: '12', years: '' } }, { value: { months: 12 } }],
    ['no choice yet', question('orthoCovered'), { kind: 'yesNo', value: null }, { value: undefined }],
    ['a text', question('callNotes'), { kind: 'text', text: 'Rep Dana' }, { value: 'Rep Dana' }],
  ])('%s', (_, asked, draft, made) => {
    expect(answerOf(asked, draft)).toEqual(made);
  });

  it('start from the saved answers, and draw again what they were', () => {
    const answers = { annualMax: 2000, examFrequency: { quantity: 1, frequency: 6, timePeriod: 'mo' as const }, orthoCovered: false };
    const drafts = initialDrafts({ questions: DEMO_QUESTIONS, answers });
    expect(drafts.annualMax).toEqual({ kind: 'number', text: '2000' });
    expect(drafts.orthoCovered).toEqual({ kind: 'yesNo', value: false });
    for (const [key, value] of Object.entries(answers)) expect(answerOf(question(key), drafts[key]).value).toEqual(value);
    expect(draftOf(question('orthodontics'), undefined)).toEqual({ kind: 'none' });
  });

  it('send the answers of the questions that show, or the problems', () => {
    const drafts = {
      ...initialDrafts({ questions: DEMO_QUESTIONS, answers: {} }),
      orthoCovered: { kind: 'yesNo' as const, value: false },
      orthoLifetimeMax: { kind: 'number' as const, text: '3000' },
    };
    expect(submissionOf(DEMO_QUESTIONS, drafts)).toEqual({ ok: true, answers: { orthoCovered: false } });
    expect(submissionOf(DEMO_QUESTIONS, { ...drafts, orthoCovered: { kind: 'yesNo', value: true } })).toEqual({ ok: true, answers: { orthoCovered: true, orthoLifetimeMax: 3000 } });
    expect(submissionOf(DEMO_QUESTIONS, { ...drafts, annualMax: { kind: 'number', text: 'x' } })).toEqual({ ok: false, problems: { annualMax: NUMBER_PROBLEM } });
  });

  it("say the plan's value in words", () => {
    expect(planValueWording(question('annualMax'), 1500)).toBe('$1,500.00');
    expect(planValueWording(question('examFrequency'), { quantity: 2, frequency: 12, timePeriod: 'mo' })).toBe('2 per 12 months');
    expect(planValueWording(question('orthoCovered'), true)).toBe('Yes');
    expect(planValueWording(question('annualMax'), null)).toBeNull();
  });
});

describe('template drafts', () => {
  it('adds a question with a key nobody has', () => {
    expect(freeKey([{ ...question('annualMax'), key: 'question2' }, question('callNotes')])).toBe('question3');
    const added = addQuestion(DEMO_QUESTIONS, 'WaitingPeriod').at(-1)!;
    expect(added).toMatchObject({ type: 'WaitingPeriod', options: { units: ['months'] }, label: 'New question' });
    expect(DEMO_QUESTIONS.some((existing) => existing.key === added.key)).toBe(false);
  });

  it('moves up and down, never past either end', () => {
    const keys = (questions: readonly FormQuestion[]) => questions.map((found) => found.key);
    expect(keys(moveQuestion(DEMO_QUESTIONS, 1, -1)).slice(0, 2)).toEqual(['examFrequency', 'annualMax']);
    expect(keys(moveQuestion(DEMO_QUESTIONS, 0, -1))).toEqual(keys(DEMO_QUESTIONS));
    expect(keys(moveQuestion(DEMO_QUESTIONS, DEMO_QUESTIONS.length - 1, 1))).toEqual(keys(DEMO_QUESTIONS));
  });

  it('a removed or renamed question takes what named it along', () => {
    const removed = removeQuestion(DEMO_QUESTIONS, DEMO_QUESTIONS.indexOf(question('orthodontics')));
    expect(removed.find((found) => found.key === 'orthoLifetimeMax')?.block).toBeUndefined();
    const at = DEMO_QUESTIONS.indexOf(question('orthoCovered'));
    const renamed = replaceQuestion(DEMO_QUESTIONS, at, { ...question('orthoCovered'), key: 'ortho' });
    expect(renamed.find((found) => found.key === 'orthodontics')?.condition).toEqual({ question: 'ortho', values: [true] });
  });

  it('a new type keeps a target that fits it', () => {
    expect(withType(question('annualMax'), 'textField')).toEqual({ key: 'annualMax', label: 'Annual maximum', type: 'textField', options: { multiline: false, maxLength: 500 } });
    expect(withType(question('callNotes'), 'ETBField')).not.toHaveProperty('target');
    expect(withType(question('examFrequency'), 'frequencyPicker')).toBe(question('examFrequency'));
  });

  it("sends no empty help or target, and sorts the service's problems by question", () => {
    const input = templateInputOf({ name: 'x', isDefault: false, questions: [{ ...question('annualMax'), help: ' ', target: '' } as FormQuestion] });
    expect(input).toEqual({ name: 'x', questions: [{ key: 'annualMax', label: 'Annual maximum', type: 'ETBField', options: { unit: 'currency' } }] });
    expect(questionProblems({ 'questions.1.target': 'a', 'questions.1': 'b', 'questions.10.key': 'c', name: 'd' }, 1)).toEqual({ target: 'a', '': 'b' });
    expect(targetSuggestions('limitation')).toContain('plan.benefits.adaCodes.ADA:D0120.limitation');
    expect(targetSuggestions('yesNo')).toContain('plan.benefits.missingToothClause');
  });
});

describe('rule drafts', () => {
  const start = ruleDraftOf(null, DEMO_QUESTIONS);

  it('start on DEFAULT and the first question answered with one value', () => {
    expect(start).toMatchObject({ payerKind: 'payerKey', payerKey: 'DEFAULT', questionKey: 'annualMax', answer: { kind: 'number', text: '' }, field: '', value: undefined });
  });

  it('a new question starts its answer again; a field of another kind its value', () => {
    const toggle = changedDraft(start, { questionKey: 'orthoCovered' }, DEMO_QUESTIONS);
    expect(toggle.answer).toEqual({ kind: 'yesNo', value: null });
    const percent = changedDraft(toggle, { field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel' }, DEMO_QUESTIONS);
    expect(percent.value).toEqual({ kind: 'number', text: '' });
    const typed = changedDraft(percent, { value: { kind: 'number', text: '50' } }, DEMO_QUESTIONS);
    expect(changedDraft(typed, { field: 'plan.benefits.adaCodes.CAT:Basic.benefitLevel' }, DEMO_QUESTIONS).value).toEqual({ kind: 'number', text: '50' });
    expect(changedDraft(typed, { field: 'plan.benefits.missingToothClause' }, DEMO_QUESTIONS).value).toEqual({ kind: 'yesNo', value: null });
  });

  it('make the input, or say what is missing', () => {
    expect(ruleInputOf(start, DEMO_QUESTIONS)).toEqual({ ok: false, problems: { answer: RULE_PROBLEMS.answer, field: RULE_PROBLEMS.field } });
    const ready = {
      ...start,
      payerKind: 'payerId' as const,
      payerId: ' 77777 ',
      questionKey: 'orthoCovered',
      answer: { kind: 'yesNo' as const, value: true },
      field: 'plan.benefits.adaCodes.CAT:Orthodontics.limitation',
      value: { kind: 'frequency' as const, quantity: '1', frequency: '1', timePeriod: '/yr' },
      note: ' Delta ',
    };
    expect(ruleInputOf(ready, DEMO_QUESTIONS)).toEqual({
      ok: true,
      input: { payer: { payerId: '77777' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.limitation', value: { quantity: 1, frequency: 1, timePeriod: '/yr' }, note: 'Delta' },
    });
    expect(ruleInputOf({ ...ready, questionKey: 'examFrequency' }, DEMO_QUESTIONS)).toEqual({ ok: false, problems: { questionKey: RULE_PROBLEMS.question } });
  });
});
