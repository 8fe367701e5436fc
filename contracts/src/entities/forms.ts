/**
 * Verification forms (issue 18, item 7): the form an agent, or an office user who may fulfil forms (SPEC section 6),
 * fills on a verification's page, built from questions of the SPEC's types (FORM_QUESTION_TYPES).
 *
 * - A template (/management/form, /management/form-templates: superadministrator) is an organization's ordered list
 *   of questions; its order is the order of `questions`. One template is the organization's default: the form every
 *   ticket gets. A question may fill a plan field (`target`, an edit path such as 'plan.benefits.annualMax'), may be
 *   shown only while another question's answer is one of some values (`condition`), and may sit inside a
 *   conditionalBlock (`block`), shown only while the block is.
 * - A customization hides questions: the organization's (global, /management/customization: needs the user
 *   privilege editGlobalCustomization to change) for every office, an office's own (/customization/verification)
 *   for that office besides.
 * - A rule (/management/rules: superadministrator) maps a carrier's answer to a plan field: for a payer (by payer
 *   id) or a payer key (DEFAULT: every payer), when a question is answered with a value, the field gets a value.
 *
 * The pure rules (what a template may hold, what is visible, which edits answers make) are in
 * ../rules/verification-form.ts; the schemas here call them so the gateway, the service and the page agree.
 */
import { z } from 'zod';
import { TimePeriod, PayerKey } from '../enums';
import { JsonValue } from '../json-value';
import { MESSAGES } from '../constants';
import {
  FORM_TEXT_ANSWER_MAX_LENGTH,
  planFieldKind,
  ruleProblems,
  TEMPLATE_MESSAGES,
  templateProblems,
  type FormProblem,
} from '../rules/verification-form';
import { VerificationDetail } from './verification-documents';
import { EditPath } from './verifications';
import { ManagementListQuery } from './offices-admin';

const REQUIRED = { error: MESSAGES.FIELD_REQUIRED };

export const FORM_QUESTIONS_MAX = 200;
export const FORM_QUESTION_KEY_MAX_LENGTH = 64;
export const FORM_LABEL_MAX_LENGTH = 200;
export const FORM_HELP_MAX_LENGTH = 1_000;
export const FORM_TEMPLATE_NAME_MAX_LENGTH = 120;
export const FORM_CONDITION_VALUES_MAX = 20;
export const FORM_CONDITION_TEXT_MAX_LENGTH = 200;
export const FORM_RULE_NOTE_MAX_LENGTH = 500;
export const FORM_TOGGLE_LABEL_MAX_LENGTH = 40;
export const PAYER_ID_MAX_LENGTH = 20;

/** What the form API answers besides the schemas' own messages. */
export const FORM_MESSAGES = {
  templateNotFound: 'Form template not found',
  ruleNotFound: 'Form rule not found',
  changedMeanwhile: 'It was changed meanwhile: reload to see the change, then make yours again',
  defaultStays: 'The default template cannot be deleted: make another template the default first',
  mayNotFulfil: 'This office does not fill verification forms (ask a company agent, or turn on ableToFullfillForm)',
  globalPrivilege: 'Changing the global customization needs the editGlobalCustomization privilege',
  unknownQuestion: 'No question with this key in the form',
  officeRequired: 'Name the office in the Connected-Dental-Office header',
} as const;

const text = (max: number) => z.string(REQUIRED).trim().max(max, { error: `At most ${max} characters` });
const requiredText = (max: number) => text(max).min(1, REQUIRED);

/** A question's key: stored as an object key (answers), so letters, digits and '_' only, starting with a letter. */
export const FormQuestionKey = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(FORM_QUESTION_KEY_MAX_LENGTH, { error: `At most ${FORM_QUESTION_KEY_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: "Letters, digits and '_', starting with a letter" });

/** A plan field a form fills: an edit path into the plan ('plan.benefits.adaCodes.ADA:D0120.limitation'). */
export const FormTargetPath = EditPath.refine((path) => planFieldKind(path) !== undefined, { error: TEMPLATE_MESSAGES.notAField });

/** An answer that shows a question or fires a rule: a yes/no, an amount or a text. */
export const FormScalarValue = z.union([z.boolean(), z.number(), text(FORM_CONDITION_TEXT_MAX_LENGTH)]);
export type FormScalarValue = z.infer<typeof FormScalarValue>;

/** Shown only while the answer to `question` is one of `values` (and that question is shown). */
export const FormCondition = z.strictObject({
  question: FormQuestionKey,
  values: z.array(FormScalarValue).min(1, { error: 'Name at least one value' }).max(FORM_CONDITION_VALUES_MAX),
});
export type FormCondition = z.infer<typeof FormCondition>;

/** What an ETBField holds: an amount of money, a percentage or a count (ages). */
export const ETB_UNITS = ['currency', 'percent', 'count'] as const;
export const EtbUnit = z.enum(ETB_UNITS);
export type EtbUnit = z.infer<typeof EtbUnit>;

export const WAITING_PERIOD_UNITS = ['months', 'days', 'years', 'weeks'] as const;
export const WaitingPeriodUnit = z.enum(WAITING_PERIOD_UNITS);
export type WaitingPeriodUnit = z.infer<typeof WaitingPeriodUnit>;

const questionBase = {
  key: FormQuestionKey,
  label: requiredText(FORM_LABEL_MAX_LENGTH),
  help: text(FORM_HELP_MAX_LENGTH).optional(),
  condition: FormCondition.optional(),
  /** The key of the conditionalBlock the question sits in. */
  block: FormQuestionKey.optional(),
};
const withTarget = { ...questionBase, target: FormTargetPath.optional() };

export const FormQuestion = z.discriminatedUnion('type', [
  z.strictObject({ ...withTarget, type: z.literal('ETBField'), options: z.strictObject({ unit: EtbUnit }) }),
  z.strictObject({
    ...withTarget,
    type: z.literal('frequencyPicker'),
    options: z.strictObject({ timePeriods: z.array(TimePeriod).min(1, { error: 'Offer at least one time period' }).max(6) }),
  }),
  z.strictObject({
    ...withTarget,
    type: z.literal('expliciteToggleButton'),
    options: z.strictObject({ yesLabel: requiredText(FORM_TOGGLE_LABEL_MAX_LENGTH), noLabel: requiredText(FORM_TOGGLE_LABEL_MAX_LENGTH) }),
  }),
  z.strictObject({ ...questionBase, type: z.literal('conditionalBlock'), options: z.strictObject({}) }),
  z.strictObject({
    ...withTarget,
    type: z.literal('WaitingPeriod'),
    options: z.strictObject({ units: z.array(WaitingPeriodUnit).min(1, { error: 'Offer at least one unit' }).max(4) }),
  }),
  z.strictObject({
    ...withTarget,
    type: z.literal('textField'),
    options: z.strictObject({ multiline: z.boolean(), maxLength: z.number().int().min(1).max(FORM_TEXT_ANSWER_MAX_LENGTH) }),
  }),
]);
export type FormQuestion = z.infer<typeof FormQuestion>;

/** Adds the pure rules' problems (each at its path) to a schema's issues. */
function report(problems: readonly FormProblem[], context: z.RefinementCtx): void {
  for (const problem of problems) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
}

/** A template's questions, in order: unique keys, conditions and blocks that exist and do not go round, fitting targets. */
export const FormQuestions = z
  .array(FormQuestion)
  .max(FORM_QUESTIONS_MAX, { error: `At most ${FORM_QUESTIONS_MAX} questions` })
  .superRefine((questions, context) => report(templateProblems(questions), context));

// ---------- Templates ----------

const templateShape = {
  name: requiredText(FORM_TEMPLATE_NAME_MAX_LENGTH),
  /** True: this template becomes the organization's default (the previous default stops being it). */
  isDefault: z.boolean().optional(),
  questions: FormQuestions,
};

/** POST /api/management/form-templates. */
export const FormTemplateInput = z.strictObject(templateShape);
export type FormTemplateInput = z.infer<typeof FormTemplateInput>;

/** PUT /api/management/form-templates/{id}: the whole template, with the version it was edited from (409 if stale). */
export const FormTemplateUpdateInput = z.strictObject({ ...templateShape, version: z.number().int().min(0) });
export type FormTemplateUpdateInput = z.infer<typeof FormTemplateUpdateInput>;

export const FormTemplate = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  questions: z.array(FormQuestion),
  version: z.number().int().min(0),
  updatedAt: z.string(),
});
export type FormTemplate = z.infer<typeof FormTemplate>;

export const FormTemplateSummary = FormTemplate.omit({ questions: true }).extend({ questionCount: z.number().int().min(0) });
export type FormTemplateSummary = z.infer<typeof FormTemplateSummary>;

/** GET /api/management/form-templates: paged, searched by name. */
export const FormTemplateListQuery = ManagementListQuery;
export type FormTemplateListQuery = z.infer<typeof FormTemplateListQuery>;

// ---------- Customization ----------

export const FORM_CUSTOMIZATION_SCOPES = ['global', 'office'] as const;
export const FormCustomizationScope = z.enum(FORM_CUSTOMIZATION_SCOPES);
export type FormCustomizationScope = z.infer<typeof FormCustomizationScope>;

export const FormCustomization = z.object({
  scope: FormCustomizationScope,
  /** The office of an office's customization; null for the global one. */
  officeId: z.string().nullable(),
  hiddenQuestions: z.array(z.string()),
  /** 0 while never saved. */
  version: z.number().int().min(0),
  updatedAt: z.string().nullable(),
});
export type FormCustomization = z.infer<typeof FormCustomization>;

/** PUT /api/customization/verification and /api/management/customization/verification. */
export const FormCustomizationInput = z.strictObject({
  hiddenQuestions: z.array(FormQuestionKey).max(FORM_QUESTIONS_MAX),
  version: z.number().int().min(0).optional(),
});
export type FormCustomizationInput = z.infer<typeof FormCustomizationInput>;

/** What a customization page shows: the default template, the global customization and the office's (if any). */
export const FormCustomizationView = z.object({
  template: FormTemplate,
  global: FormCustomization,
  office: FormCustomization.nullable(),
  /** Whether the caller may change what the page is about (the global one needs editGlobalCustomization). */
  mayEdit: z.boolean(),
});
export type FormCustomizationView = z.infer<typeof FormCustomizationView>;

// ---------- Rules ----------

export const PayerIdText = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(PAYER_ID_MAX_LENGTH, { error: `At most ${PAYER_ID_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'A payer id: letters, digits and -' });

/** Whose answers a rule reads: one payer (by payer id), or every payer of a payer key (DEFAULT: every payer). */
export const FormRulePayer = z.union([z.strictObject({ payerId: PayerIdText }), z.strictObject({ payerKey: PayerKey })], {
  error: 'Name a payerId or a payerKey',
});
export type FormRulePayer = z.infer<typeof FormRulePayer>;

const ruleShape = {
  payer: FormRulePayer,
  questionKey: FormQuestionKey,
  /** The answer that fires the rule (texts compare trimmed, in any case). */
  answer: FormScalarValue,
  field: FormTargetPath,
  value: JsonValue,
  note: text(FORM_RULE_NOTE_MAX_LENGTH).optional(),
};
type RuleShape = { field: string; value: unknown };
const ruleRefinement = (rule: RuleShape, context: z.RefinementCtx) => report(ruleProblems(rule), context);

/** POST /api/management/form-rules. */
export const FormRuleInput = z.strictObject(ruleShape).superRefine(ruleRefinement);
export type FormRuleInput = z.infer<typeof FormRuleInput>;

/** PUT /api/management/form-rules/{id}, with the version it was edited from. */
export const FormRuleUpdateInput = z.strictObject({ ...ruleShape, version: z.number().int().min(0) }).superRefine(ruleRefinement);
export type FormRuleUpdateInput = z.infer<typeof FormRuleUpdateInput>;

export const FormRule = z.object({
  id: z.string(),
  payer: FormRulePayer,
  questionKey: z.string(),
  answer: FormScalarValue,
  field: z.string(),
  value: JsonValue,
  note: z.string().optional(),
  version: z.number().int().min(0),
  updatedAt: z.string(),
});
export type FormRule = z.infer<typeof FormRule>;

/** GET /api/management/form-rules: paged; searched in question keys, fields and notes; by payer key or payer id. */
export const FormRuleListQuery = ManagementListQuery.extend({
  payerKey: PayerKey.optional(),
  payerId: PayerIdText.optional(),
});
export type FormRuleListQuery = z.infer<typeof FormRuleListQuery>;

// ---------- The form of a verification ----------

export const FormLimitationAnswer = z.strictObject({ quantity: z.number(), frequency: z.number(), timePeriod: TimePeriod });
export const FormWaitingPeriodAnswer = z.strictObject({
  months: z.number().optional(),
  days: z.number().optional(),
  years: z.number().optional(),
  weeks: z.number().optional(),
});

/** One answer: a yes/no, a number, a text, a frequency or a waiting period (the question's type says which). */
export const FormAnswerValue = z.union([
  z.boolean(),
  z.number(),
  text(FORM_TEXT_ANSWER_MAX_LENGTH),
  FormLimitationAnswer,
  FormWaitingPeriodAnswer,
]);
export type FormAnswerValue = z.infer<typeof FormAnswerValue>;

export const FormAnswers = z
  .record(FormQuestionKey, FormAnswerValue)
  .refine((answers) => Object.keys(answers).length <= FORM_QUESTIONS_MAX, { error: `At most ${FORM_QUESTIONS_MAX} answers` });
export type FormAnswers = z.infer<typeof FormAnswers>;

/** What a rule does on a ticket's form: the answer to a question sets a plan field. */
export const FormRuleEffect = FormRule.pick({ questionKey: true, answer: true, field: true, value: true });
export type FormRuleEffect = z.infer<typeof FormRuleEffect>;

/** GET /api/verifications/{id}/form: the form as the ticket's users fill it. */
export const VerificationForm = z.object({
  verificationId: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  /** The questions that may show (hidden ones and those that depend on them left out), in order. */
  questions: z.array(FormQuestion),
  /** The rules of the ticket's payer, most specific first (payer id, then payer key, then DEFAULT). */
  rules: z.array(FormRuleEffect),
  answers: z.record(z.string(), FormAnswerValue),
  /** The plan's value now at each answerable question's target, by question key (absent: none). */
  planValues: z.record(z.string(), JsonValue),
  /** The ticket's version: a save from an older one is refused (409). */
  version: z.number().int().min(0),
  answeredAt: z.string().nullable(),
  /** False once the ticket is submitted. */
  editable: z.boolean(),
});
export type VerificationForm = z.infer<typeof VerificationForm>;

/** PUT /api/verifications/{id}/form: every answer of the form as the user leaves it. */
export const VerificationFormInput = z.strictObject({
  answers: FormAnswers,
  version: z.number().int().min(0).optional(),
});
export type VerificationFormInput = z.infer<typeof VerificationFormInput>;

export const VerificationFormSaved = z.object({ form: VerificationForm, verification: VerificationDetail });
export type VerificationFormSaved = z.infer<typeof VerificationFormSaved>;
