/**
 * The template editor's changes, pure: a new question of a type (a key no other question has), a question's type
 * changed (its options start again; a target of another kind goes), moved up or down, removed (the conditions
 * and block memberships that named it go with it), its key renamed (what named it follows), and the service's
 * problems of a refused save sorted by question. What is sent is contracts' FormTemplateInput.
 */
import {
  planFieldKind,
  questionKind,
  type FormCondition,
  type FormQuestion,
  type FormQuestionType,
  type FormTemplateInput,
  type PlanFieldKind,
} from '@dv/contracts';

export type TemplateDraft = { readonly name: string; readonly isDefault: boolean; readonly questions: readonly FormQuestion[] };

export const TYPE_LABELS: Readonly<Record<FormQuestionType, string>> = {
  ETBField: 'Amount, percentage or count',
  frequencyPicker: 'Frequency',
  expliciteToggleButton: 'Yes / no',
  conditionalBlock: 'Conditional block',
  WaitingPeriod: 'Waiting period',
  textField: 'Text',
};

/** The options a question of the type starts with. */
export function defaultQuestion(type: FormQuestionType, key: string, label: string): FormQuestion {
  switch (type) {
    case 'ETBField':
      return { key, label, type, options: { unit: 'currency' } };
    case 'frequencyPicker':
      return { key, label, type, options: { timePeriods: ['mo', 'yr'] } };
    case 'expliciteToggleButton':
      return { key, label, type, options: { yesLabel: 'Yes', noLabel: 'No' } };
    case 'conditionalBlock':
      return { key, label, type, options: {} };
    case 'WaitingPeriod':
      return { key, label, type, options: { units: ['months'] } };
    case 'textField':
      return { key, label, type, options: { multiline: false, maxLength: 500 } };
  }
}

/** 'question1', 'question2' ...: the first that no question has. */
export function freeKey(questions: readonly FormQuestion[], stem = 'question'): string {
  const taken = new Set(questions.map((question) => question.key));
  for (let n = questions.length + 1; ; n += 1) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}

export function addQuestion(questions: readonly FormQuestion[], type: FormQuestionType): FormQuestion[] {
  return [...questions, defaultQuestion(type, freeKey(questions), 'New question')];
}

/** What a question keeps when its type changes: its key, label, help, condition, block; a target that fits. */
export function withType(question: FormQuestion, type: FormQuestionType): FormQuestion {
  if (question.type === type) return question;
  const next = defaultQuestion(type, question.key, question.label);
  const kept = {
    ...(question.help === undefined ? {} : { help: question.help }),
    ...(question.condition === undefined ? {} : { condition: question.condition }),
    ...(question.block === undefined ? {} : { block: question.block }),
  };
  const target = question.type === 'conditionalBlock' ? undefined : question.target;
  const fits = target !== undefined && next.type !== 'conditionalBlock' && planFieldKind(target) === questionKind(next);
  return { ...next, ...kept, ...(fits ? { target } : {}) };
}

/** The question (or anything kept beside it) moved one place up (-1) or down (+1); unchanged at either end. */
export function moveQuestion<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Without the question; a condition on it and membership of it (a block) go too. */
export function removeQuestion(questions: readonly FormQuestion[], index: number): FormQuestion[] {
  const gone = questions[index]?.key;
  return questions
    .filter((_, at) => at !== index)
    .map((question) => {
      const { condition, block, ...rest } = question;
      return {
        ...rest,
        ...(condition === undefined || condition.question === gone ? {} : { condition }),
        ...(block === undefined || block === gone ? {} : { block }),
      };
    });
}

/** The question at `index` replaced; a new key is followed by the conditions and blocks that named the old one. */
export function replaceQuestion(questions: readonly FormQuestion[], index: number, next: FormQuestion): FormQuestion[] {
  const before = questions[index]?.key;
  const renamed = before !== undefined && before !== next.key;
  return questions.map((question, at) => {
    if (at === index) return next;
    if (!renamed) return question;
    const condition: FormCondition | undefined = question.condition?.question === before ? { ...question.condition, question: next.key } : question.condition;
    return {
      ...question,
      ...(condition === undefined ? {} : { condition }),
      ...(question.block === before ? { block: next.key } : {}),
    };
  });
}

/** What Save sends: empty helps and targets left out. */
export function templateInputOf(draft: TemplateDraft): FormTemplateInput {
  const questions = draft.questions.map((question) => {
    const copy: Record<string, unknown> = { ...question };
    if (typeof copy.help === 'string' && copy.help.trim() === '') delete copy.help;
    if (typeof copy.target === 'string' && copy.target.trim() === '') delete copy.target;
    return copy as FormQuestion;
  });
  return { name: draft.name, ...(draft.isDefault ? { isDefault: true } : {}), questions };
}

/** A refused save's problems of one question, by its field ('target', 'condition.values'; '' for the question). */
export function questionProblems(fields: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const prefix = `questions.${index}`;
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    if (path === prefix) found[''] = message;
    else if (path.startsWith(`${prefix}.`)) found[path.slice(prefix.length + 1)] = message;
  }
  return found;
}

const ENTRY_KEYS = ['ADA:D0120', 'ADA:D0150', 'ADA:D0210', 'ADA:D0274', 'ADA:D1110', 'ADA:D1120', 'ADA:D2740', 'ADA:D4341', 'CAT:Preventative', 'CAT:Basic', 'CAT:Major', 'CAT:Orthodontics'];
const ENTRY_FIELDS = ['annualMax', 'lifetimeMaximum', 'benefitLevel', 'appliesToAnnualMax', 'deductible', 'waitingPeriod', 'limitation', 'age.min', 'age.max'];
const PLAN_PATHS = [
  'plan.benefits.annualMax',
  'plan.benefits.deductible.individual',
  'plan.benefits.deductible.family',
  'plan.benefits.missingToothClause',
  'plan.planNotes',
  ...['child', 'student', 'dependent'].flatMap((group) => [`plan.benefits.age.${group}.min`, `plan.benefits.age.${group}.max`]),
  ...ENTRY_KEYS.flatMap((key) => ENTRY_FIELDS.map((field) => `plan.benefits.adaCodes.${key}.${field}`)),
];

/** Plan fields to suggest for a kind (any other field of the plan may be typed). */
export function targetSuggestions(kind: PlanFieldKind | null): string[] {
  return kind === null ? [] : PLAN_PATHS.filter((path) => planFieldKind(path) === kind);
}
