/**
 * Form rules of an organization (/management/rules): when a payer's (or every payer of a payer key's) answer to a
 * question is a value, a plan field gets a value. A superadministrator lists (paged; by payer key, payer id and a
 * text), creates, replaces (with the version they edited: a newer one is a 409) and deletes them. The question must
 * be one of the default template's, and the answer one that question gives (a yes/no for a toggle, a number for an
 * amount, a text for a text); the field and value were checked by the schema. Another organization's rule is
 * "not found".
 */
import { randomUUID } from 'node:crypto';
import {
  answerValueProblem,
  FORM_MESSAGES,
  type FormRule,
  type FormRuleInput,
  type FormRuleListQuery,
  type FormRuleUpdateInput,
  type Page,
} from '@dv/contracts';
import { Conflict, invalidField, NotFound, type Store, type Transaction } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { ruleFilter, type FormsStore, type RuleDocument } from './forms.store';
import { type TemplateService } from './templates.service';

export interface RuleServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly forms: FormsStore;
  readonly templates: Pick<TemplateService, 'defaultOf'>;
  readonly now: () => Date;
}

export interface RuleService {
  list(context: RequestContext, query: FormRuleListQuery): Promise<Page<FormRule>>;
  create(context: RequestContext, input: FormRuleInput): Promise<FormRule>;
  update(context: RequestContext, id: string, input: FormRuleUpdateInput): Promise<FormRule>;
  remove(context: RequestContext, id: string): Promise<void>;
}

export function ruleView(doc: RuleDocument): FormRule {
  return {
    id: doc._id,
    payer: doc.payer,
    questionKey: doc.questionKey,
    answer: doc.answer,
    field: doc.field,
    value: doc.value,
    ...(doc.note === undefined ? {} : { note: doc.note }),
    version: doc.version,
    updatedAt: doc.updatedAt,
  };
}

/** What is stored of an input: the payer split out for look-ups, ids upper case. */
function fieldsOf(input: FormRuleInput) {
  const payerId = 'payerId' in input.payer ? input.payer.payerId.toUpperCase() : null;
  return {
    payer: payerId === null ? input.payer : { payerId },
    payerKey: 'payerKey' in input.payer ? input.payer.payerKey : null,
    payerId,
    questionKey: input.questionKey,
    answer: input.answer,
    field: input.field,
    value: input.value,
    ...(input.note === undefined || input.note === '' ? {} : { note: input.note }),
  };
}

export function ruleService({ store, forms, templates, now }: RuleServiceDeps): RuleService {
  /** The question must be the default template's and the answer one it gives. */
  async function checkQuestion(orgId: string, input: FormRuleInput): Promise<void> {
    const template = await templates.defaultOf(orgId);
    const question = template.questions.find((candidate) => candidate.key === input.questionKey);
    if (question === undefined) throw invalidField('questionKey', FORM_MESSAGES.unknownQuestion);
    const problem = answerValueProblem(question, input.answer);
    if (problem !== undefined) throw invalidField('answer', problem);
  }

  async function owned(orgId: string, id: string, tx?: Transaction): Promise<RuleDocument> {
    const doc = await forms.rules(tx).findOne({ _id: id, orgId });
    if (doc === null) throw new NotFound(FORM_MESSAGES.ruleNotFound);
    return doc;
  }

  return {
    async list({ actor }, query) {
      const filter = ruleFilter(actor.orgId, query);
      const [total, items] = await Promise.all([
        forms.rules().count(filter),
        forms.rules().find(filter, { sort: { questionKey: 1, field: 1, _id: 1 }, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      ]);
      return { items: items.map(ruleView), total, page: query.page, pageSize: query.pageSize };
    },

    async create({ actor }, input) {
      await checkQuestion(actor.orgId, input);
      const doc: RuleDocument = { _id: randomUUID(), orgId: actor.orgId, ...fieldsOf(input), version: 1, updatedAt: now().toISOString(), updatedBy: actor.userId };
      await forms.rules().insert(doc);
      return ruleView(doc);
    },

    async update({ actor }, id, input) {
      await owned(actor.orgId, id);
      await checkQuestion(actor.orgId, input);
      const saved = await store.transaction(async (tx) => {
        const doc = await owned(actor.orgId, id, tx);
        if (doc.version !== input.version) throw new Conflict(FORM_MESSAGES.changedMeanwhile, { version: doc.version });
        const fields = { ...fieldsOf(input), version: doc.version + 1, updatedAt: now().toISOString(), updatedBy: actor.userId };
        // A note left out is removed, as every other field is replaced.
        await forms.rules(tx).update({ _id: id, orgId: actor.orgId, version: doc.version }, { set: fields, ...(fields.note === undefined ? { unset: ['note'] } : {}) });
        return { _id: doc._id, orgId: doc.orgId, ...fields };
      });
      return ruleView(saved);
    },

    async remove({ actor }, id) {
      if ((await forms.rules().delete({ _id: id, orgId: actor.orgId })) === 0) throw new NotFound(FORM_MESSAGES.ruleNotFound);
    },
  };
}
