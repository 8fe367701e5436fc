/**
 * Form templates of an organization (/management/form, /management/form-templates). A superadministrator lists,
 * reads, creates, replaces (with the version they edited: a newer one is a 409) and deletes them; the organization's
 * default template is the form of every ticket and cannot be deleted, and it stops being the default only when
 * another becomes it. An organization that has never had a template gets the default one (default-template.ts)
 * the first time anything reads its templates. Another organization's template is "not found".
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  FORM_MESSAGES,
  type FormTemplate,
  type FormTemplateInput,
  type FormTemplateListQuery,
  type FormTemplateSummary,
  type FormTemplateUpdateInput,
  type Page,
} from '@dv/contracts';
import { Conflict, DuplicateKey, NotFound, type Store, type Transaction } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { DEFAULT_TEMPLATE_NAME, defaultQuestions } from './default-template';
import { type FormsStore, type TemplateDocument } from './forms.store';

export interface TemplateServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly forms: FormsStore;
  readonly now: () => Date;
}

export interface TemplateService {
  list(context: RequestContext, query: FormTemplateListQuery): Promise<Page<FormTemplateSummary>>;
  get(context: RequestContext, id: string): Promise<FormTemplate>;
  create(context: RequestContext, input: FormTemplateInput): Promise<FormTemplate>;
  update(context: RequestContext, id: string, input: FormTemplateUpdateInput): Promise<FormTemplate>;
  remove(context: RequestContext, id: string): Promise<void>;
  /** The organization's default template, seeded on first use. */
  defaultOf(orgId: string): Promise<TemplateDocument>;
}

export function templateView(doc: TemplateDocument): FormTemplate {
  return { id: doc._id, name: doc.name, isDefault: doc.isDefault, questions: doc.questions, version: doc.version, updatedAt: doc.updatedAt };
}

function summaryOf(doc: TemplateDocument): FormTemplateSummary {
  return { id: doc._id, name: doc.name, isDefault: doc.isDefault, version: doc.version, updatedAt: doc.updatedAt, questionCount: doc.questions.length };
}

/** The seeded template's id, the same for every start, so two first reads at once seed it once. */
function seededId(orgId: string): string {
  return `form-default-${createHash('sha256').update(orgId).digest('hex').slice(0, 24)}`;
}

export function templateService({ store, forms, now }: TemplateServiceDeps): TemplateService {
  async function seed(orgId: string): Promise<TemplateDocument> {
    const at = now().toISOString();
    const doc: TemplateDocument = {
      _id: seededId(orgId),
      orgId,
      name: DEFAULT_TEMPLATE_NAME,
      isDefault: true,
      questions: defaultQuestions(),
      version: 1,
      updatedAt: at,
      updatedBy: 'system:verifications',
    };
    try {
      return await store.transaction(async (tx) => {
        const found = await forms.defaultTemplate(orgId, tx);
        if (found !== null) return found;
        await forms.templates(tx).insert(doc);
        return doc;
      });
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
      const found = await forms.defaultTemplate(orgId);
      if (found === null) throw error;
      return found;
    }
  }

  async function defaultOf(orgId: string): Promise<TemplateDocument> {
    return (await forms.defaultTemplate(orgId)) ?? seed(orgId);
  }

  async function owned(orgId: string, id: string, tx?: Transaction): Promise<TemplateDocument> {
    const doc = await forms.templates(tx).findOne({ _id: id, orgId });
    if (doc === null) throw new NotFound(FORM_MESSAGES.templateNotFound);
    return doc;
  }

  /** Makes `id` the organization's only default. */
  async function becomeDefault(tx: Transaction, orgId: string, id: string): Promise<void> {
    await forms.templates(tx).update({ orgId, isDefault: true, _id: { $ne: id } }, { set: { isDefault: false } }, { multi: true });
  }

  return {
    defaultOf,

    async list({ actor }, query) {
      await defaultOf(actor.orgId);
      const { total, items } = await forms.templatePage(actor.orgId, { skip: (query.page - 1) * query.pageSize, limit: query.pageSize, search: query.search });
      return { items: items.map(summaryOf), total, page: query.page, pageSize: query.pageSize };
    },

    async get({ actor }, id) {
      await defaultOf(actor.orgId);
      return templateView(await owned(actor.orgId, id));
    },

    async create({ actor }, input) {
      await defaultOf(actor.orgId);
      const doc: TemplateDocument = {
        _id: randomUUID(),
        orgId: actor.orgId,
        name: input.name,
        isDefault: input.isDefault === true,
        questions: input.questions,
        version: 1,
        updatedAt: now().toISOString(),
        updatedBy: actor.userId,
      };
      await store.transaction(async (tx) => {
        if (doc.isDefault) await becomeDefault(tx, actor.orgId, doc._id);
        await forms.templates(tx).insert(doc);
      });
      return templateView(doc);
    },

    async update({ actor }, id, input) {
      const saved = await store.transaction(async (tx) => {
        const doc = await owned(actor.orgId, id, tx);
        if (doc.version !== input.version) throw new Conflict(FORM_MESSAGES.changedMeanwhile, { version: doc.version });
        const next: TemplateDocument = {
          ...doc,
          name: input.name,
          questions: input.questions,
          isDefault: doc.isDefault || input.isDefault === true,
          version: doc.version + 1,
          updatedAt: now().toISOString(),
          updatedBy: actor.userId,
        };
        if (next.isDefault && !doc.isDefault) await becomeDefault(tx, actor.orgId, id);
        const { _id, ...fields } = next;
        await forms.templates(tx).update({ _id, orgId: actor.orgId, version: doc.version }, { set: fields });
        return next;
      });
      return templateView(saved);
    },

    async remove({ actor }, id) {
      await store.transaction(async (tx) => {
        const doc = await owned(actor.orgId, id, tx);
        if (doc.isDefault) throw new Conflict(FORM_MESSAGES.defaultStays);
        await forms.templates(tx).delete({ _id: id, orgId: actor.orgId });
      });
    },
  };
}
