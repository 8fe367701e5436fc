/**
 * The form on a verification's page (GET and PUT /api/verifications/{id}/form), for whoever may fulfil forms
 * (SPEC section 6, contracts canFulfillForm): company users always; an office user when the office's setting
 * ableToFullfillForm says so, as the offices service shows it to the caller's own token (anyone else: 403).
 *
 * The form is resolved for the ticket (contracts resolveForm): the organization's default template, less what the
 * organization's and the ticket office's customizations hide, with the rules of the ticket's payer. Saving answers
 * (contracts formEdits) keeps those of the questions that show; each changed answer fills its question's plan field
 * and fires the rules it matches, through the ticket's own edit (verifications.service edit: the ticket's scope,
 * the version check, the validators, score 4 and change history, the audit record of the edited paths). The
 * answers and an audit record naming the answered questions are written in the edit's transaction (its guard), so
 * the answers and the plan change together or not at all.
 */
import {
  canFulfillForm,
  formEdits,
  FORM_MESSAGES,
  isCompanyAuthorized,
  resolveForm,
  answerValueProblem,
  type FormQuestion,
  type FormRuleEffect,
  type JsonValue,
  type VerificationDetail,
  type VerificationForm,
  type VerificationFormInput,
  type VerificationFormSaved,
} from '@dv/contracts';
import { Forbidden, Invalid, type ValidationIssue } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type OfficeSettingsReader } from '../outsourcing/office-settings';
import { editFieldPath, storedValueAt } from '../verifications/ticket-edits';
import { type EditGuard, type RequestContext, type VerificationService } from '../verifications/verifications.service';
import { type CustomizationService } from './customization.service';
import { type AnswersDocument, type FormsStore } from './forms.store';
import { type TemplateService } from './templates.service';

/** A form call: who, and the bearer token the office's settings are read with. */
export interface FormRequestContext extends RequestContext {
  readonly authorization: string;
}

export interface VerificationFormServiceDeps {
  readonly verifications: Pick<VerificationService, 'get' | 'edit'>;
  readonly forms: FormsStore;
  readonly templates: Pick<TemplateService, 'defaultOf'>;
  readonly customizations: Pick<CustomizationService, 'hiddenFor'>;
  readonly audit: AuditLog;
  readonly settings: OfficeSettingsReader;
  readonly now: () => Date;
}

export interface VerificationFormService {
  get(context: FormRequestContext, id: string): Promise<VerificationForm>;
  save(context: FormRequestContext, id: string, input: VerificationFormInput): Promise<VerificationFormSaved>;
}

interface Resolved {
  readonly templateId: string;
  readonly templateName: string;
  readonly questions: FormQuestion[];
  readonly rules: FormRuleEffect[];
}

/** The stored answers that still fit a question of the form (the template may have changed since). */
function fittingAnswers(questions: readonly FormQuestion[], answers: Readonly<Record<string, JsonValue>>): VerificationForm['answers'] {
  const fitting: VerificationForm['answers'] = {};
  for (const question of questions) {
    const answer = answers[question.key];
    if (answer !== undefined && answerValueProblem(question, answer) === undefined) fitting[question.key] = answer as VerificationForm['answers'][string];
  }
  return fitting;
}

function formOf(detail: VerificationDetail, resolved: Resolved, answers: AnswersDocument | null): VerificationForm {
  const planValues: Record<string, JsonValue> = {};
  for (const question of resolved.questions) {
    if (question.type === 'conditionalBlock' || question.target === undefined) continue;
    const value = storedValueAt(detail, question.target);
    if (value !== null && value !== undefined) planValues[question.key] = value as JsonValue;
  }
  return {
    verificationId: detail.id,
    templateId: resolved.templateId,
    templateName: resolved.templateName,
    questions: resolved.questions,
    rules: resolved.rules,
    answers: fittingAnswers(resolved.questions, answers?.answers ?? {}),
    planValues,
    version: detail.version,
    answeredAt: answers?.updatedAt ?? null,
    editable: detail.status !== 'Completed',
  };
}

/** A refused edit's field paths, named by the answers that made them ('answers.annualMax'). */
function answerPaths(error: Invalid, resolved: Resolved): Invalid {
  if (!Array.isArray(error.details)) return error;
  const keyOf = (path: string): string | undefined => {
    const field = editFieldPath(path);
    const question = resolved.questions.find((candidate) => candidate.type !== 'conditionalBlock' && candidate.target === field);
    return question?.key ?? resolved.rules.find((rule) => rule.field === field)?.questionKey;
  };
  const details = (error.details as ValidationIssue[]).map((issue) => {
    const key = keyOf(issue.path);
    return key === undefined ? issue : { ...issue, path: `answers.${key}` };
  });
  return new Invalid(error.message, details);
}

export function verificationFormService(deps: VerificationFormServiceDeps): VerificationFormService {
  const { verifications, forms, templates, customizations, audit, settings, now } = deps;

  async function assertMayFulfil({ actor, authorization }: FormRequestContext): Promise<void> {
    if (isCompanyAuthorized(actor.roles)) return;
    if (actor.officeId === undefined) throw new Invalid(FORM_MESSAGES.officeRequired);
    const ableToFullfillForm = (await settings.ableToFullfillForm?.(actor.officeId, authorization)) ?? false;
    if (!canFulfillForm(actor.roles, { ableToFullfillForm })) throw new Forbidden(FORM_MESSAGES.mayNotFulfil);
  }

  async function resolve(orgId: string, detail: VerificationDetail): Promise<Resolved> {
    const [template, hidden, rules] = await Promise.all([
      templates.defaultOf(orgId),
      customizations.hiddenFor(orgId, detail.officeId),
      forms.rulesForPayer(orgId, detail.carrier),
    ]);
    const { questions, rules: effects } = resolveForm({ questions: template.questions, hidden, rules, payer: detail.carrier });
    return { templateId: template._id, templateName: template.name, questions, rules: effects };
  }

  return {
    async get(context, id) {
      await assertMayFulfil(context);
      const detail = await verifications.get(context, id);
      const [resolved, answers] = await Promise.all([resolve(context.actor.orgId, detail), forms.answers().findById(detail.id)]);
      return formOf(detail, resolved, answers);
    },

    async save(context, id, input) {
      await assertMayFulfil(context);
      const { actor } = context;
      const detail = await verifications.get(context, id);
      const [resolved, stored] = await Promise.all([resolve(actor.orgId, detail), forms.answers().findById(detail.id)]);
      const previous = stored?.answers ?? {};
      const result = formEdits({ questions: resolved.questions, rules: resolved.rules, previous, answers: input.answers });
      if (result.problems.length > 0) throw new Invalid('Invalid request', result.problems.map((problem) => ({ location: 'body', ...problem })));
      const kept = result.kept as Record<string, JsonValue>;
      const answered = [...new Set([...Object.keys(previous), ...Object.keys(kept)])].filter(
        (key) => JSON.stringify(previous[key]) !== JSON.stringify(kept[key]),
      );
      const answers: AnswersDocument = {
        _id: detail.id,
        orgId: actor.orgId,
        officeId: detail.officeId,
        templateId: resolved.templateId,
        answers: kept,
        updatedAt: now().toISOString(),
        updatedBy: actor.userId,
      };
      const guard: EditGuard = async (doc, tx) => {
        const { _id, ...fields } = answers;
        await forms.answers(tx).upsert({ _id: doc._id }, { set: fields });
        await audit.record(
          {
            orgId: doc.orgId,
            officeId: doc.officeId,
            userId: actor.userId,
            ticketId: _id,
            action: 'update',
            fields: answered.map((key) => `form.${key}`),
            ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
          },
          tx,
        );
      };
      let verification: VerificationDetail;
      try {
        verification = await verifications.edit(context, id, result.edits, input.version, guard);
      } catch (error) {
        throw error instanceof Invalid ? answerPaths(error, resolved) : error;
      }
      return { form: formOf(verification, resolved, answers), verification };
    },
  };
}
