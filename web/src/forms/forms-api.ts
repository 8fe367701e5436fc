/**
 * The verification forms' calls (contracts entities/forms.ts): templates and rules for the super administrators'
 * pages, the office's and the organization's customizations, and a ticket's form. Replies are checked against
 * the contracts' schemas; a failed call throws an ApiCallError (http/api-call-error.ts) with the status, the service's message and, for a
 * refused input, each field's problem by its path ('questions.2.target', 'answers.annualMax'), so a form shows each
 * where it belongs.
 */
import {
  FormCustomizationView,
  FormRule,
  FormTemplate,
  FormTemplateSummary,
  pageOf,
  VerificationForm,
  type FormCustomizationInput,
  type FormRuleInput,
  type FormRuleListQuery,
  type FormTemplateInput,
  type FormTemplateListQuery,
  type FormTemplateUpdateInput,
  type Page,
  type VerificationDetail,
  type VerificationFormInput,
  type VerificationFormSaved,
} from '@dv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { ApiCallError, callError, checkedReply, retryUnlessRefused, type ReplySchema } from '../http/api-call-error';
import { type HttpResult } from '../http/http-client';
import { verificationKey } from '../verification/ticket/verification-api';

/** A call that needs no reply body: only its failure matters. */
async function replyOf<T>(call: Promise<HttpResult<unknown>>, schema: ReplySchema<T> | null, what: string): Promise<T> {
  const result = await call;
  if (schema !== null) return checkedReply(schema, result, what);
  if (!result.ok) throw callError(result, what);
  return undefined as T;
}

/** The message a failed write shows: a refused field's own reason when the form cannot show it beside a field. */
export function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}

const TEMPLATES = '/api/management/form-templates';
const RULES = '/api/management/form-rules';
const OFFICE_CUSTOMIZATION = '/api/customization/verification';
const GLOBAL_CUSTOMIZATION = '/api/management/customization/verification';
const templatePath = (id: string) => `${TEMPLATES}/${encodeURIComponent(id)}`;
const rulePath = (id: string) => `${RULES}/${encodeURIComponent(id)}`;
const ticketFormPath = (id: string) => `/api/verifications/${encodeURIComponent(id)}/form`;

export const FORMS_QUERY_KEY = 'verification-forms';
const templatesKey = [FORMS_QUERY_KEY, 'templates'] as const;
const rulesKey = [FORMS_QUERY_KEY, 'rules'] as const;
const customizationKey = (scope: CustomizationScope) => [FORMS_QUERY_KEY, 'customization', scope] as const;
export const ticketFormKey = (id: string) => [FORMS_QUERY_KEY, 'ticket', id] as const;

const TemplatePage = pageOf(FormTemplateSummary);
/**
 * A save's reply: the form checked, the ticket taken as the ticket page takes it (verification-api.ts checks
 * tickets against their large schema after the page has shown; this chunk does not bring it along).
 */
const SavedReply: ReplySchema<VerificationFormSaved> = {
  safeParse(value) {
    const form = VerificationForm.safeParse((value as { form?: unknown } | null)?.form);
    const verification = (value as { verification?: unknown } | null)?.verification;
    if (!form.success || typeof verification !== 'object' || verification === null) return { success: false };
    return { success: true, data: { form: form.data, verification: verification as VerificationDetail } };
  },
};
const RulePage = pageOf(FormRule);

function queryParams(query: Readonly<Record<string, string | number | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

// ---------- Templates ----------

export function useTemplates(query: FormTemplateListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...templatesKey, 'list', query],
    queryFn: () => replyOf<Page<FormTemplateSummary>>(http.get(TEMPLATES, queryParams(query)), TemplatePage, 'Listing the templates'),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** One template; without an id, the organization's default (the first of the list, which puts it first). */
export function useTemplate(id: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...templatesKey, 'one', id],
    queryFn: async () => {
      let wanted = id;
      if (wanted === null) {
        const first = await replyOf(http.get(TEMPLATES, { pageSize: '1' }), TemplatePage, 'Finding the default template');
        wanted = first.items.find((item) => item.isDefault)?.id ?? null;
        if (wanted === null) throw new ApiCallError(404, 'The organization has no default template');
      }
      return replyOf(http.get(templatePath(wanted)), FormTemplate, 'Reading the template');
    },
    retry: retryUnlessRefused,
  });
}

export function useSaveTemplate() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: FormTemplateInput | FormTemplateUpdateInput }) =>
      id === null
        ? replyOf(http.post(TEMPLATES, input), FormTemplate, 'Creating the template')
        : replyOf(http.put(templatePath(id), input), FormTemplate, 'Saving the template'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [FORMS_QUERY_KEY] });
    },
  });
}

export function useDeleteTemplate() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => replyOf<void>(http.delete(templatePath(id)), null, 'Deleting the template'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templatesKey });
    },
  });
}

// ---------- Rules ----------

export function useRules(query: FormRuleListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...rulesKey, query],
    queryFn: () => replyOf<Page<FormRule>>(http.get(RULES, queryParams(query)), RulePage, 'Listing the rules'),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useSaveRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: string | null; input: FormRuleInput; version?: number }) =>
      id === null
        ? replyOf(http.post(RULES, input), FormRule, 'Creating the rule')
        : replyOf(http.put(rulePath(id), { ...input, version }), FormRule, 'Saving the rule'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesKey });
    },
  });
}

export function useDeleteRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => replyOf<void>(http.delete(rulePath(id)), null, 'Deleting the rule'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesKey });
    },
  });
}

// ---------- Customizations ----------

/** 'office': the current office's (/customization pages); 'global': the organization's (/management/customization). */
export type CustomizationScope = 'office' | 'global';
const customizationPath = (scope: CustomizationScope) => (scope === 'office' ? OFFICE_CUSTOMIZATION : GLOBAL_CUSTOMIZATION);

export function useCustomization(scope: CustomizationScope) {
  const { http } = useServices();
  return useQuery({
    queryKey: customizationKey(scope),
    queryFn: () => replyOf(http.get(customizationPath(scope)), FormCustomizationView, 'Reading the customization'),
    retry: retryUnlessRefused,
  });
}

export function useSaveCustomization(scope: CustomizationScope) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FormCustomizationInput) => replyOf(http.put(customizationPath(scope), input), FormCustomizationView, 'Saving the customization'),
    onSuccess: (view) => {
      queryClient.setQueryData(customizationKey(scope), view);
    },
  });
}

// ---------- A ticket's form ----------

export function useTicketForm(id: string, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: ticketFormKey(id),
    queryFn: () => replyOf(http.get(ticketFormPath(id)), VerificationForm, 'Reading the verification form'),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Saves the answers; the ticket the service answers replaces the page's, so every value shows the change. */
export function useSaveTicketForm(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerificationFormInput) => replyOf(http.put(ticketFormPath(id), input), SavedReply, 'Saving the form'),
    onSuccess: ({ form, verification }) => {
      queryClient.setQueryData(ticketFormKey(id), form);
      queryClient.setQueryData<VerificationDetail>(verificationKey(id), verification);
    },
  });
}
