/**
 * The verification form's resolution (issue 18, item 7), pure, beside its rules (verification-form.ts):
 * - What is shown (`visibleQuestionKeys`): a question shows while its block shows and its condition's question
 *   shows with one of the condition's values as its answer.
 * - The form of a ticket (`resolveForm`): the template less what the organization's and the office's
 *   customizations hide (and what can then never show), and the rules of the ticket's payer, most specific first.
 * - What saving answers does (`formEdits`): the answers of questions that show are kept; each that changed fills
 *   its target and fires the rules its answer matches; a value the user gave a field wins over a rule's.
 */
import { type FieldEdit, type FormQuestion, type FormRuleEffect, type FormRulePayer } from '../entities';
import { type PayerKey } from '../enums';
import { ownValue } from './own-value';
import { answerMatches, answerValueProblem, FORM_ANSWER_MESSAGES, isFormRecord, normalizeFormText } from './verification-form';

type Answers = Readonly<Record<string, unknown>>;

/** A predicate over question keys, memoised, false for a key that leads round a circle or to no question. */
function memoOver(questions: readonly FormQuestion[], decide: (question: FormQuestion, check: (key: string) => boolean) => boolean): (key: string) => boolean {
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const known = new Map<string, boolean>();
  const check = (key: string): boolean => {
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const question = byKey.get(key);
    if (question === undefined) return false;
    known.set(key, false);
    const result = decide(question, check);
    known.set(key, result);
    return result;
  };
  return check;
}

/** The keys of the questions shown with these answers. */
export function visibleQuestionKeys(questions: readonly FormQuestion[], answers: Answers): Set<string> {
  const shows = memoOver(questions, (question, check) => {
    if (question.block !== undefined && !check(question.block)) return false;
    const condition = question.condition;
    if (condition === undefined) return true;
    return check(condition.question) && answerMatches(ownValue(answers, condition.question), condition.values);
  });
  return new Set(questions.filter((question) => shows(question.key)).map((question) => question.key));
}

/** A stored rule as resolution reads it. */
export type FormRuleLike = FormRuleEffect & { readonly payer: FormRulePayer };

export interface FormResolutionInput {
  readonly questions: readonly FormQuestion[];
  /** Question keys the organization's and the office's customizations hide. */
  readonly hidden: readonly string[];
  readonly rules: readonly FormRuleLike[];
  readonly payer: { readonly payerId: string; readonly payerKey: PayerKey };
}

/** How closely a rule names the payer: 3 its payer id, 2 its payer key, 1 DEFAULT, 0 another payer. */
export function ruleSpecificity(payer: FormRulePayer, ticket: FormResolutionInput['payer']): number {
  if ('payerId' in payer) return payer.payerId.trim().toUpperCase() === ticket.payerId.trim().toUpperCase() ? 3 : 0;
  if (payer.payerKey === ticket.payerKey) return payer.payerKey === 'DEFAULT' ? 1 : 2;
  return payer.payerKey === 'DEFAULT' ? 1 : 0;
}

const ruleIdentity = (rule: FormRuleEffect) =>
  JSON.stringify([rule.questionKey, typeof rule.answer === 'string' ? normalizeFormText(rule.answer) : rule.answer, rule.field]);

/** The form a ticket gets: the questions that may show and the rules of its payer, most specific first. */
export function resolveForm(input: FormResolutionInput): { questions: FormQuestion[]; rules: FormRuleEffect[] } {
  const hidden = new Set(input.hidden);
  const mayShow = memoOver(input.questions, (question, check) => {
    if (hidden.has(question.key)) return false;
    if (question.block !== undefined && !check(question.block)) return false;
    return question.condition === undefined || check(question.condition.question);
  });
  const questions = input.questions.filter((question) => mayShow(question.key));
  const keys = new Set(questions.map((question) => question.key));
  const ranked = input.rules
    .map((rule, order) => ({ rule, order, rank: ruleSpecificity(rule.payer, input.payer) }))
    .filter(({ rule, rank }) => rank > 0 && keys.has(rule.questionKey))
    .sort((a, b) => b.rank - a.rank || a.order - b.order);
  const seen = new Set<string>();
  const rules: FormRuleEffect[] = [];
  for (const { rule } of ranked) {
    const identity = ruleIdentity(rule);
    if (seen.has(identity)) continue;
    seen.add(identity);
    rules.push({ questionKey: rule.questionKey, answer: rule.answer, field: rule.field, value: rule.value });
  }
  return { questions, rules };
}

/** JSON texts with sorted keys: equal values give equal texts. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isFormRecord(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

export interface FormEditsInput {
  readonly questions: readonly FormQuestion[];
  readonly rules: readonly FormRuleEffect[];
  /** The answers stored before. */
  readonly previous: Answers;
  readonly answers: Answers;
}

export interface FormEditsResult {
  /** The ticket edits: changed answers' targets, then the rules they fire. */
  readonly edits: FieldEdit[];
  /** The answers to keep: those of questions shown with these answers. */
  readonly kept: Record<string, unknown>;
  /** Answers that do not fit (path 'answers.<key>'); nothing is kept or edited when there are any. */
  readonly problems: { readonly path: string; readonly message: string }[];
}

/** What saving these answers does (see the file's comment). */
export function formEdits({ questions, rules, previous, answers }: FormEditsInput): FormEditsResult {
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const problems: FormEditsResult['problems'] = [];
  for (const [key, value] of Object.entries(answers)) {
    const question = byKey.get(key);
    const problem = question === undefined ? FORM_ANSWER_MESSAGES.notOfForm : answerValueProblem(question, value);
    if (problem !== undefined) problems.push({ path: `answers.${key}`, message: problem });
  }
  if (problems.length > 0) return { edits: [], kept: {}, problems };
  const visible = visibleQuestionKeys(questions, answers);
  const kept: Record<string, unknown> = {};
  for (const question of questions) {
    if (visible.has(question.key) && Object.hasOwn(answers, question.key)) kept[question.key] = answers[question.key];
  }
  const changed = questions.filter((question) => Object.hasOwn(kept, question.key) && canonical(kept[question.key]) !== canonical(ownValue(previous, question.key)));
  const edits: FieldEdit[] = [];
  const set = new Set<string>();
  for (const question of changed) {
    if (question.type === 'conditionalBlock' || question.target === undefined || set.has(question.target)) continue;
    set.add(question.target);
    edits.push({ path: question.target, value: structuredClone(kept[question.key]) as FieldEdit['value'] });
  }
  for (const question of changed) {
    for (const rule of rules) {
      if (rule.questionKey !== question.key || set.has(rule.field) || !answerMatches(kept[question.key], [rule.answer])) continue;
      set.add(rule.field);
      edits.push({ path: rule.field, value: structuredClone(rule.value) });
    }
  }
  return { edits, kept, problems: [] };
}
