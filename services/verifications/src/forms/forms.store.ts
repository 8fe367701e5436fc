/**
 * The verification forms' documents: the only place that names their collections and builds their queries.
 *
 * - formTemplates: an organization's templates; exactly one of them is its default (the form tickets get).
 * - formCustomizations: the questions hidden for every office of an organization (global) or for one office; the
 *   id says which, so the first save of each inserts it and no two can exist.
 * - formRules: an organization's rules, with the payer they read split out for the payer's look-up.
 * - formAnswers: one per verification (its id), the answers of the questions that showed when they were saved.
 */
import { type FormCustomizationScope, type FormQuestion, type FormRuleListQuery, type FormRulePayer, type FormScalarValue, type JsonValue } from '@dv/contracts';
import { type BaseDocument, type Filter, type Store, type Transaction } from '@dv/kit';

export const FORM_TEMPLATES_COLLECTION = 'formTemplates';
export const FORM_CUSTOMIZATIONS_COLLECTION = 'formCustomizations';
export const FORM_RULES_COLLECTION = 'formRules';
export const FORM_ANSWERS_COLLECTION = 'formAnswers';

interface Written {
  readonly version: number;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

export interface TemplateDocument extends BaseDocument, Written {
  readonly orgId: string;
  readonly name: string;
  readonly isDefault: boolean;
  readonly questions: FormQuestion[];
}

export interface CustomizationDocument extends BaseDocument, Written {
  readonly orgId: string;
  readonly scope: FormCustomizationScope;
  readonly officeId: string | null;
  readonly hiddenQuestions: string[];
}

export interface RuleDocument extends BaseDocument, Written {
  readonly orgId: string;
  readonly payer: FormRulePayer;
  /** The payer's key or id as look-ups match them (ids upper case); null for the other kind. */
  readonly payerKey: string | null;
  readonly payerId: string | null;
  readonly questionKey: string;
  readonly answer: FormScalarValue;
  readonly field: string;
  readonly value: JsonValue;
  readonly note?: string;
}

export interface AnswersDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly templateId: string;
  readonly answers: Record<string, JsonValue>;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

export async function ensureFormIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(FORM_TEMPLATES_COLLECTION, { fields: ['orgId', 'isDefault'] });
  await store.ensureIndex(FORM_TEMPLATES_COLLECTION, { fields: ['orgId', 'name'] });
  await store.ensureIndex(FORM_CUSTOMIZATIONS_COLLECTION, { fields: ['orgId'] });
  await store.ensureIndex(FORM_RULES_COLLECTION, { fields: ['orgId', 'questionKey'] });
  await store.ensureIndex(FORM_RULES_COLLECTION, { fields: ['orgId', 'payerKey'] });
  await store.ensureIndex(FORM_RULES_COLLECTION, { fields: ['orgId', 'payerId'] });
}

type Reader = Pick<Store, 'collection'> | Transaction;

export const customizationId = (orgId: string, officeId: string | null): string =>
  officeId === null ? `global:${orgId}` : `office:${orgId}:${officeId}`;

/** Texts searched in any case, taken literally. */
const contains = (text: string) => ({ $contains: { text, caseInsensitive: true } });

/** The rules list's filter: the organization's, by payer, and a text in the question key, field or note. */
export function ruleFilter(orgId: string, query: Pick<FormRuleListQuery, 'payerKey' | 'payerId' | 'search'>): Filter {
  const clauses: Filter[] = [{ orgId }];
  if (query.payerKey !== undefined) clauses.push({ payerKey: query.payerKey });
  if (query.payerId !== undefined) clauses.push({ payerId: query.payerId.toUpperCase() });
  if (query.search !== undefined && query.search !== '') {
    clauses.push({ $or: [{ questionKey: contains(query.search) }, { field: contains(query.search) }, { note: contains(query.search) }] });
  }
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
}

export function formsStore(store: Pick<Store, 'collection'>) {
  const templates = (on: Reader = store) => on.collection<TemplateDocument>(FORM_TEMPLATES_COLLECTION);
  const customizations = (on: Reader = store) => on.collection<CustomizationDocument>(FORM_CUSTOMIZATIONS_COLLECTION);
  const rules = (on: Reader = store) => on.collection<RuleDocument>(FORM_RULES_COLLECTION);
  const answers = (on: Reader = store) => on.collection<AnswersDocument>(FORM_ANSWERS_COLLECTION);
  return {
    templates,
    customizations,
    rules,
    answers,
    /** The organization's templates, default first, then by name; a name search in any case. */
    async templatePage(orgId: string, range: { skip: number; limit: number; search?: string | undefined }) {
      const filter: Filter = range.search ? { orgId, name: contains(range.search) } : { orgId };
      const [total, items] = await Promise.all([
        templates().count(filter),
        templates().find(filter, { sort: { isDefault: -1, name: 1, _id: 1 }, skip: range.skip, limit: range.limit }),
      ]);
      return { total, items };
    },
    defaultTemplate: (orgId: string, on?: Reader) => templates(on).findOne({ orgId, isDefault: true }, { sort: { _id: 1 } }),
    /** The rules that may apply to a payer: its id's, its key's and DEFAULT's. */
    rulesForPayer(orgId: string, payer: { payerId: string; payerKey: string }) {
      return rules().find(
        { orgId, $or: [{ payerId: payer.payerId.toUpperCase() }, { payerKey: { $in: ['DEFAULT', payer.payerKey] } }] },
        { sort: { updatedAt: 1, _id: 1 } },
      );
    },
  };
}

export type FormsStore = ReturnType<typeof formsStore>;
