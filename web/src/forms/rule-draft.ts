/**
 * A form rule as its editor holds it, pure: whose answers it reads, the question and the answer (a draft, entered
 * as the question takes it), the plan field and the value (a draft entered as the field takes it), a note; and
 * what Save sends (contracts' FormRuleInput), or what is missing, by field.
 */
import {
  planFieldKind,
  type FormQuestion,
  type FormRule,
  type FormRuleInput,
  type FormScalarValue,
  type PayerKey,
  type PlanFieldKind,
} from '@dv/contracts';
import { answerOf, draftOf, type AnswerDraft } from './answer-drafts';

export type RuleDraft = {
  readonly payerKind: 'payerKey' | 'payerId';
  readonly payerKey: PayerKey;
  readonly payerId: string;
  readonly questionKey: string;
  readonly answer: AnswerDraft | undefined;
  readonly field: string;
  readonly value: AnswerDraft | undefined;
  readonly note: string;
};

export const RULE_PROBLEMS = {
  question: 'Pick a question',
  answer: 'Give the answer that fires the rule',
  field: 'Name a plan field a form can fill, e.g. plan.benefits.annualMax',
  value: 'Give the value it sets',
} as const;

const ANSWERABLE = new Set<FormQuestion['type']>(['expliciteToggleButton', 'ETBField', 'textField']);

/** The questions a rule may read: those answered with one value (a yes/no, a number, a text). */
export function answerableQuestions(questions: readonly FormQuestion[]): FormQuestion[] {
  return questions.filter((question) => ANSWERABLE.has(question.type));
}

/** The question the value of a field of this kind is entered with. */
export function valueQuestion(kind: PlanFieldKind): FormQuestion {
  const base = { key: 'value', label: 'Value it sets' };
  switch (kind) {
    case 'currency':
    case 'percent':
    case 'count':
      return { ...base, type: 'ETBField', options: { unit: kind } };
    case 'yesNo':
      return { ...base, type: 'expliciteToggleButton', options: { yesLabel: 'Yes', noLabel: 'No' } };
    case 'limitation':
      return { ...base, type: 'frequencyPicker', options: { timePeriods: ['mo', 'yr', '12m', '/yr', 'd', '/d'] } };
    case 'waitingPeriod':
      return { ...base, type: 'WaitingPeriod', options: { units: ['years', 'months', 'weeks', 'days'] } };
    case 'text':
      return { ...base, type: 'textField', options: { multiline: true, maxLength: 2000 } };
  }
}

export const fieldKindOf = (draft: Pick<RuleDraft, 'field'>): PlanFieldKind | undefined => planFieldKind(draft.field.trim());

/** The editor's start: the rule's parts, or a DEFAULT rule on the first answerable question. */
export function ruleDraftOf(rule: FormRule | null, questions: readonly FormQuestion[]): RuleDraft {
  const questionKey = rule?.questionKey ?? answerableQuestions(questions)[0]?.key ?? '';
  const question = questions.find((candidate) => candidate.key === questionKey);
  const field = rule?.field ?? '';
  const kind = planFieldKind(field);
  return {
    payerKind: rule !== null && 'payerId' in rule.payer ? 'payerId' : 'payerKey',
    payerKey: rule !== null && 'payerKey' in rule.payer ? rule.payer.payerKey : 'DEFAULT',
    payerId: rule !== null && 'payerId' in rule.payer ? rule.payer.payerId : '',
    questionKey,
    answer: question ? draftOf(question, rule?.answer) : undefined,
    field,
    value: kind ? draftOf(valueQuestion(kind), rule?.value) : undefined,
    note: rule?.note ?? '',
  };
}

/** The draft after a change: a new question starts its answer again, a field of another kind its value. */
export function changedDraft(draft: RuleDraft, change: Partial<RuleDraft>, questions: readonly FormQuestion[]): RuleDraft {
  const next = { ...draft, ...change };
  if (change.questionKey !== undefined && change.questionKey !== draft.questionKey) {
    const question = questions.find((candidate) => candidate.key === change.questionKey);
    return { ...next, answer: question ? draftOf(question, undefined) : undefined };
  }
  if (change.field !== undefined) {
    const kind = fieldKindOf(next);
    if (kind !== fieldKindOf(draft)) return { ...next, value: kind ? draftOf(valueQuestion(kind), undefined) : undefined };
  }
  return next;
}

/** What Save sends, or the problems by field. */
export function ruleInputOf(draft: RuleDraft, questions: readonly FormQuestion[]): { ok: true; input: FormRuleInput } | { ok: false; problems: Record<string, string> } {
  const question = answerableQuestions(questions).find((candidate) => candidate.key === draft.questionKey);
  const kind = fieldKindOf(draft);
  const answer = question ? answerOf(question, draft.answer) : { value: undefined };
  const value = kind ? answerOf(valueQuestion(kind), draft.value) : { value: undefined };
  const problems: Record<string, string> = {};
  if (question === undefined) problems.questionKey = RULE_PROBLEMS.question;
  else if (answer.value === undefined || answer.problem !== undefined) problems.answer = answer.problem ?? RULE_PROBLEMS.answer;
  if (kind === undefined) problems.field = RULE_PROBLEMS.field;
  else if (value.value === undefined || value.problem !== undefined) problems.value = value.problem ?? RULE_PROBLEMS.value;
  if (Object.keys(problems).length > 0 || answer.value === undefined || value.value === undefined) return { ok: false, problems };
  return {
    ok: true,
    input: {
      payer: draft.payerKind === 'payerKey' ? { payerKey: draft.payerKey } : { payerId: draft.payerId.trim() },
      questionKey: draft.questionKey,
      answer: answer.value as FormScalarValue,
      field: draft.field.trim(),
      value: value.value,
      ...(draft.note.trim() === '' ? {} : { note: draft.note.trim() }),
    },
  };
}
