/**
 * The verification form's rules (issue 18, item 7; schemas in ../entities/forms.ts). Pure: the service, the page
 * and the schemas use the same functions, so what the editor accepts is what the service stores and what the page
 * shows is what the service applies.
 *
 * - Which plan fields a form may fill, and what each takes (`planFieldKind`): an edit path of the ticket edit
 *   (services/verifications ticket-edits.ts) into the plan's benefits, a benefit entry or the plan notes.
 * - What a template may hold (`templateProblems`): unique keys, conditions on answerable questions that exist,
 *   blocks that are conditionalBlocks, nothing that depends on itself round a circle, targets of the question's kind.
 * - What an answer must be (`answerValueProblem`), and when it matches a condition or a rule (`answerMatches`).
 *
 * What is shown, the form of a ticket and what saving answers does are in form-resolution.ts.
 */
import { type FormQuestion, type FormScalarValue } from '../entities';
import { TIME_PERIODS } from '../enums';
import { adaCodesKeyProblemV3 } from '../documents/procedure-codes';
import { WaitingPeriodV3 } from '../documents/waiting-period';
import { ownValue } from './own-value';

/** A problem at a path (relative to what was checked). */
export type FormProblem = { readonly path: (string | number)[]; readonly message: string };

/** The longest text answer (and the longest text a rule or an answer puts into a plan field). */
export const FORM_TEXT_ANSWER_MAX_LENGTH = 2_000;
/** The largest amount of money a form or a rule enters. */
export const FORM_AMOUNT_MAX = 100_000_000;
/** Ages are counts up to the validator's 1000. */
export const FORM_COUNT_MAX = 1_000;

/** What a plan field takes. */
export const PLAN_FIELD_KINDS = ['currency', 'percent', 'count', 'yesNo', 'limitation', 'waitingPeriod', 'text'] as const;
export type PlanFieldKind = (typeof PLAN_FIELD_KINDS)[number];

export const PLAN_FIELD_KIND_LABELS: Readonly<Record<PlanFieldKind, string>> = {
  currency: 'an amount of money',
  percent: 'a percentage',
  count: 'a whole number',
  yesNo: 'yes or no',
  limitation: 'a frequency',
  waitingPeriod: 'a waiting period',
  text: 'a text',
};

export const FORM_ANSWER_MESSAGES = {
  amount: `An amount from 0 to ${FORM_AMOUNT_MAX}`,
  percent: 'A percentage from 0 to 100',
  count: `A whole number from 0 to ${FORM_COUNT_MAX}`,
  yesNo: 'Yes or no',
  frequency: 'A number of times (more than 0) per a number (more than 0) of a time period',
  period: 'Pick one of the offered time periods',
  waitingPeriod: 'At least one of months, days, years, weeks (months and years up to 9999, days 36000, weeks 5400)',
  unit: 'Use only the offered units',
  text: 'A text',
  tooLong: (max: number) => `At most ${max} characters`,
  blockTakesNoAnswer: 'A block takes no answer',
  notOfForm: 'Not a question of this form',
} as const;

export const TEMPLATE_MESSAGES = {
  duplicateKey: 'Another question has this key',
  noBlock: 'No conditional block with this key',
  noQuestion: 'No question with this key',
  self: 'A question cannot depend on itself',
  unanswerable: 'Only a yes/no, number or text question can show another',
  yesNoValues: 'A yes/no question is answered true (yes) or false (no)',
  numberValues: 'Give numbers: the question is answered with one',
  textValues: 'Give texts: the question is answered with one',
  circle: 'The conditions and blocks go round in a circle',
  notAField: 'Not a plan field a form can fill',
  mismatch: (field: PlanFieldKind, question: PlanFieldKind) =>
    `This field takes ${PLAN_FIELD_KIND_LABELS[field]}; the question gives ${PLAN_FIELD_KIND_LABELS[question]}`,
} as const;

const FIXED_FIELDS: Readonly<Record<string, PlanFieldKind>> = {
  'plan.benefits.annualMax': 'currency',
  'plan.benefits.deductible.individual': 'currency',
  'plan.benefits.deductible.family': 'currency',
  'plan.benefits.missingToothClause': 'yesNo',
  'plan.planNotes': 'text',
};
const ENTRY_FIELDS: Readonly<Record<string, PlanFieldKind>> = {
  annualMax: 'currency',
  lifetimeMaximum: 'currency',
  benefitLevel: 'percent',
  appliesToAnnualMax: 'yesNo',
  deductible: 'yesNo',
  waitingPeriod: 'waitingPeriod',
  limitation: 'limitation',
};
const AGE_GROUPS = new Set(['child', 'student', 'dependent']);
const AGE_ENDS = new Set(['min', 'max']);

/** What the plan field at an edit path takes, or undefined when a form may not fill it. */
export function planFieldKind(path: string): PlanFieldKind | undefined {
  const fixed = ownValue(FIXED_FIELDS, path);
  if (fixed !== undefined) return fixed;
  const segments = path.split('.');
  const [plan, benefits, group, name, field, end] = segments;
  if (plan !== 'plan' || benefits !== 'benefits') return undefined;
  if (group === 'age' && segments.length === 5) return AGE_GROUPS.has(name ?? '') && AGE_ENDS.has(field ?? '') ? 'count' : undefined;
  if (group !== 'adaCodes' || name === undefined || adaCodesKeyProblemV3(name) !== undefined) return undefined;
  if (segments.length === 5) return ownValue(ENTRY_FIELDS, field ?? '');
  return segments.length === 6 && field === 'age' && AGE_ENDS.has(end ?? '') ? 'count' : undefined;
}

/** What a question's answer gives a plan field; null for a block. */
export function questionKind(question: FormQuestion): PlanFieldKind | null {
  switch (question.type) {
    case 'ETBField':
      return question.options.unit;
    case 'frequencyPicker':
      return 'limitation';
    case 'expliciteToggleButton':
      return 'yesNo';
    case 'WaitingPeriod':
      return 'waitingPeriod';
    case 'textField':
      return 'text';
    case 'conditionalBlock':
      return null;
  }
}

export function isFormRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Why a value does not fit a field of this kind, or undefined when it does. */
export function fieldValueProblem(kind: PlanFieldKind, value: unknown): string | undefined {
  switch (kind) {
    case 'currency':
      return isNumber(value) && value >= 0 && value <= FORM_AMOUNT_MAX ? undefined : FORM_ANSWER_MESSAGES.amount;
    case 'percent':
      return isNumber(value) && value >= 0 && value <= 100 ? undefined : FORM_ANSWER_MESSAGES.percent;
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= FORM_COUNT_MAX ? undefined : FORM_ANSWER_MESSAGES.count;
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : FORM_ANSWER_MESSAGES.yesNo;
    case 'limitation': {
      if (!isFormRecord(value) || Object.keys(value).some((key) => !['quantity', 'frequency', 'timePeriod'].includes(key))) return FORM_ANSWER_MESSAGES.frequency;
      const { quantity, frequency, timePeriod } = value;
      const fits = isNumber(quantity) && quantity > 0 && isNumber(frequency) && frequency > 0 && (TIME_PERIODS as readonly unknown[]).includes(timePeriod);
      return fits ? undefined : FORM_ANSWER_MESSAGES.frequency;
    }
    case 'waitingPeriod':
      return WaitingPeriodV3.safeParse(value).success ? undefined : FORM_ANSWER_MESSAGES.waitingPeriod;
    case 'text':
      if (typeof value !== 'string') return FORM_ANSWER_MESSAGES.text;
      return value.length <= FORM_TEXT_ANSWER_MAX_LENGTH ? undefined : FORM_ANSWER_MESSAGES.tooLong(FORM_TEXT_ANSWER_MAX_LENGTH);
  }
}

/** Why an answer does not fit its question (its type and options), or undefined when it does. */
export function answerValueProblem(question: FormQuestion, value: unknown): string | undefined {
  switch (question.type) {
    case 'conditionalBlock':
      return FORM_ANSWER_MESSAGES.blockTakesNoAnswer;
    case 'frequencyPicker': {
      const problem = fieldValueProblem('limitation', value);
      if (problem !== undefined) return problem;
      return (question.options.timePeriods as readonly unknown[]).includes((value as { timePeriod: unknown }).timePeriod) ? undefined : FORM_ANSWER_MESSAGES.period;
    }
    case 'WaitingPeriod': {
      const problem = fieldValueProblem('waitingPeriod', value);
      if (problem !== undefined) return problem;
      const units: readonly string[] = question.options.units;
      return Object.keys(value as object).every((unit) => units.includes(unit)) ? undefined : FORM_ANSWER_MESSAGES.unit;
    }
    case 'textField': {
      const problem = fieldValueProblem('text', value);
      if (problem !== undefined) return problem;
      return (value as string).length <= question.options.maxLength ? undefined : FORM_ANSWER_MESSAGES.tooLong(question.options.maxLength);
    }
    case 'ETBField':
    case 'expliciteToggleButton':
      return fieldValueProblem(questionKind(question)!, value);
  }
}

/** Why the values a condition on this question names do not fit its answers (ANSWERABLE_SOURCES only). */
function conditionValuesProblem(source: FormQuestion, values: readonly FormScalarValue[]): string | undefined {
  const all = (test: (value: FormScalarValue) => boolean, message: string) => (values.every(test) ? undefined : message);
  switch (source.type) {
    case 'expliciteToggleButton':
      return all((value) => typeof value === 'boolean', TEMPLATE_MESSAGES.yesNoValues);
    case 'ETBField':
      return all((value) => typeof value === 'number', TEMPLATE_MESSAGES.numberValues);
    case 'textField':
      return all((value) => typeof value === 'string', TEMPLATE_MESSAGES.textValues);
    case 'conditionalBlock':
    case 'frequencyPicker':
    case 'WaitingPeriod':
      return undefined;
  }
}

const ANSWERABLE_SOURCES = new Set<FormQuestion['type']>(['expliciteToggleButton', 'ETBField', 'textField']);

/** The questions each question depends on: its block and its condition's question. */
function dependenciesOf(question: FormQuestion): string[] {
  return [question.block, question.condition?.question].filter((key): key is string => key !== undefined);
}

/** Keys of questions that depend on themselves through blocks and conditions. */
function inCircles(questions: readonly FormQuestion[]): Set<string> {
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const state = new Map<string, 'visiting' | 'done'>();
  const circular = new Set<string>();
  const visit = (key: string, trail: string[]): void => {
    const seen = state.get(key);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      for (const member of trail.slice(trail.indexOf(key))) circular.add(member);
      return;
    }
    const question = byKey.get(key);
    if (question === undefined) return;
    state.set(key, 'visiting');
    for (const next of dependenciesOf(question)) visit(next, [...trail, key]);
    state.set(key, 'done');
  };
  for (const question of questions) visit(question.key, []);
  return circular;
}

/** What is wrong with a template's questions, each at its path ([index, field]). */
export function templateProblems(questions: readonly FormQuestion[]): FormProblem[] {
  const problems: FormProblem[] = [];
  const index = new Map<string, number>();
  questions.forEach((question, at) => {
    if (index.has(question.key)) problems.push({ path: [at, 'key'], message: TEMPLATE_MESSAGES.duplicateKey });
    else index.set(question.key, at);
  });
  // What a condition or a block names is ambiguous while two questions share a key: that comes first.
  if (problems.length > 0) return problems;
  const circular = inCircles(questions);
  questions.forEach((question, at) => {
    if (question.block !== undefined) {
      const block = index.get(question.block);
      if (block === at) problems.push({ path: [at, 'block'], message: TEMPLATE_MESSAGES.self });
      else if (block === undefined || questions[block]!.type !== 'conditionalBlock') problems.push({ path: [at, 'block'], message: TEMPLATE_MESSAGES.noBlock });
    }
    if (question.condition !== undefined) {
      const source = index.get(question.condition.question);
      if (source === at) problems.push({ path: [at, 'condition', 'question'], message: TEMPLATE_MESSAGES.self });
      else if (source === undefined) problems.push({ path: [at, 'condition', 'question'], message: TEMPLATE_MESSAGES.noQuestion });
      else if (!ANSWERABLE_SOURCES.has(questions[source]!.type)) problems.push({ path: [at, 'condition', 'question'], message: TEMPLATE_MESSAGES.unanswerable });
      else {
        const problem = conditionValuesProblem(questions[source]!, question.condition.values);
        if (problem !== undefined) problems.push({ path: [at, 'condition', 'values'], message: problem });
      }
    }
    if (circular.has(question.key) && index.get(question.key) === at) {
      problems.push({ path: [at, question.condition === undefined ? 'block' : 'condition'], message: TEMPLATE_MESSAGES.circle });
    }
    if (question.type !== 'conditionalBlock' && question.target !== undefined) {
      // A path that names no such field is the target schema's to report (FormTargetPath).
      const kind = planFieldKind(question.target);
      const gives = questionKind(question)!;
      if (kind !== undefined && kind !== gives) problems.push({ path: [at, 'target'], message: TEMPLATE_MESSAGES.mismatch(kind, gives) });
    }
  });
  return problems;
}

/** What is wrong with a rule's value for its field. */
export function ruleProblems(rule: { readonly field: string; readonly value: unknown }): FormProblem[] {
  const kind = planFieldKind(rule.field);
  // A path that names no such field is the field schema's to report (FormTargetPath).
  if (kind === undefined) return [];
  const problem = fieldValueProblem(kind, rule.value);
  return problem === undefined ? [] : [{ path: ['value'], message: problem }];
}

export const normalizeFormText = (text: string): string => text.trim().toLowerCase();

/** Whether an answer is one of the values (texts trimmed and in any case; a frequency or period never matches). */
export function answerMatches(answer: unknown, values: readonly FormScalarValue[]): boolean {
  if (typeof answer === 'string') return values.some((value) => typeof value === 'string' && normalizeFormText(value) === normalizeFormText(answer));
  return values.some((value) => value === answer);
}

