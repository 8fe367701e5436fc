/**
 * A ticket's form as the user fills it, pure: each question's draft (the texts typed, the choice made), the answer
 * it makes (or why it makes none), which questions show with those answers (contracts visibleQuestionKeys, as the
 * service decides), and what a save sends: the answers of the questions that show. A question starts from its
 * saved answer; the plan's value now is only said beside it ('On the plan: $1,500.00'), so that an answer is always
 * something the user gave, and a condition never depends on a value nobody answered.
 */
import {
  answerValueProblem,
  FORM_ANSWER_MESSAGES,
  dollarAmount,
  limitationWording,
  visibleQuestionKeys,
  waitingPeriodWording,
  WAITING_PERIOD_UNITS,
  type FormAnswerValue,
  type FormQuestion,
  type LimitationV3,
  type VerificationForm,
  type WaitingPeriodUnit,
} from '@dv/contracts';

export type AnswerDraft =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'yesNo'; readonly value: boolean | null }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'frequency'; readonly quantity: string; readonly frequency: string; readonly timePeriod: string }
  | { readonly kind: 'waiting'; readonly amounts: Readonly<Partial<Record<WaitingPeriodUnit, string>>> }
  | { readonly kind: 'none' };

export type Drafts = Readonly<Record<string, AnswerDraft>>;

export const NUMBER_PROBLEM = 'Enter a number';

const textOf = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** The draft a question starts from: its saved answer, else empty. */
export function draftOf(question: FormQuestion, value: unknown): AnswerDraft {
  switch (question.type) {
    case 'ETBField':
      return { kind: 'number', text: textOf(value) };
    case 'expliciteToggleButton':
      return { kind: 'yesNo', value: typeof value === 'boolean' ? value : null };
    case 'textField':
      return { kind: 'text', text: typeof value === 'string' ? value : '' };
    case 'frequencyPicker': {
      const limitation = (value ?? {}) as Partial<Record<'quantity' | 'frequency' | 'timePeriod', unknown>>;
      return { kind: 'frequency', quantity: textOf(limitation.quantity), frequency: textOf(limitation.frequency), timePeriod: typeof limitation.timePeriod === 'string' ? limitation.timePeriod : '' };
    }
    case 'WaitingPeriod': {
      const period = (value ?? {}) as Partial<Record<WaitingPeriodUnit, unknown>>;
      return { kind: 'waiting', amounts: Object.fromEntries(WAITING_PERIOD_UNITS.map((unit) => [unit, textOf(period[unit])])) };
    }
    case 'conditionalBlock':
      return { kind: 'none' };
  }
}

/** '1,500', '$ 80', '50%' -> the number; '' -> undefined; anything else -> NaN. */
function numberOf(text: string): number | undefined {
  const bare = text.replace(/[\s,$%]/g, '');
  if (bare === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : Number.NaN;
}

type Made = { readonly value: FormAnswerValue | undefined; readonly problem?: string };

function valueOf(draft: AnswerDraft): Made {
  switch (draft.kind) {
    case 'number': {
      const value = numberOf(draft.text);
      return Number.isNaN(value) ? { value: undefined, problem: NUMBER_PROBLEM } : { value };
    }
    case 'yesNo':
      return { value: draft.value ?? undefined };
    case 'text':
      return { value: draft.text.trim() === '' ? undefined : draft.text };
    case 'frequency': {
      if (draft.quantity.trim() === '' && draft.frequency.trim() === '' && draft.timePeriod === '') return { value: undefined };
      const quantity = numberOf(draft.quantity);
      const frequency = numberOf(draft.frequency);
      if (quantity === undefined || frequency === undefined || Number.isNaN(quantity) || Number.isNaN(frequency)) return { value: undefined, problem: NUMBER_PROBLEM };
      if (draft.timePeriod === '') return { value: undefined, problem: FORM_ANSWER_MESSAGES.period };
      return { value: { quantity, frequency, timePeriod: draft.timePeriod as LimitationV3['timePeriod'] } };
    }
    case 'waiting': {
      const period: Partial<Record<WaitingPeriodUnit, number>> = {};
      for (const unit of WAITING_PERIOD_UNITS) {
        const amount = numberOf(draft.amounts[unit] ?? '');
        if (Number.isNaN(amount)) return { value: undefined, problem: NUMBER_PROBLEM };
        if (amount !== undefined) period[unit] = amount;
      }
      return { value: Object.keys(period).length === 0 ? undefined : period };
    }
    case 'none':
      return { value: undefined };
  }
}

/** The answer a draft makes for its question, or why it makes none that the question takes. */
export function answerOf(question: FormQuestion, draft: AnswerDraft | undefined): Made {
  if (draft === undefined) return { value: undefined };
  const made = valueOf(draft);
  if (made.value === undefined || made.problem !== undefined) return made;
  const problem = answerValueProblem(question, made.value);
  return problem === undefined ? made : { value: made.value, problem };
}

export function initialDrafts(form: Pick<VerificationForm, 'questions' | 'answers'>): Drafts {
  return Object.fromEntries(form.questions.map((question) => [question.key, draftOf(question, form.answers[question.key])]));
}

/** The answers the drafts make, good ones only: what the conditions read. */
export function answersOf(questions: readonly FormQuestion[], drafts: Drafts): Record<string, FormAnswerValue> {
  const answers: Record<string, FormAnswerValue> = {};
  for (const question of questions) {
    const made = answerOf(question, drafts[question.key]);
    if (made.value !== undefined && made.problem === undefined) answers[question.key] = made.value;
  }
  return answers;
}

export type Submission =
  | { readonly ok: true; readonly answers: Record<string, FormAnswerValue> }
  | { readonly ok: false; readonly problems: Readonly<Record<string, string>> };

/** What Save sends: the answers of the questions that show, or the problems of those that do not fit. */
export function submissionOf(questions: readonly FormQuestion[], drafts: Drafts): Submission {
  const visible = visibleQuestionKeys(questions, answersOf(questions, drafts));
  const problems: Record<string, string> = {};
  const answers: Record<string, FormAnswerValue> = {};
  for (const question of questions) {
    if (!visible.has(question.key)) continue;
    const made = answerOf(question, drafts[question.key]);
    if (made.problem !== undefined) problems[question.key] = made.problem;
    else if (made.value !== undefined) answers[question.key] = made.value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, answers };
}

/** The plan's value now, in words, for the line beside a question ('$1,500.00', '2 per 12 months', 'Yes'). */
export function planValueWording(question: FormQuestion, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  switch (question.type) {
    case 'ETBField':
      if (typeof value !== 'number') return null;
      if (question.options.unit === 'currency') return dollarAmount(value);
      return question.options.unit === 'percent' ? `${value}%` : String(value);
    case 'expliciteToggleButton':
      return typeof value === 'boolean' ? (value ? question.options.yesLabel : question.options.noLabel) : null;
    case 'frequencyPicker':
      return limitationWording(value as LimitationV3);
    case 'WaitingPeriod':
      return waitingPeriodWording(value);
    case 'textField':
      return typeof value === 'string' ? value : null;
    case 'conditionalBlock':
      return null;
  }
}
