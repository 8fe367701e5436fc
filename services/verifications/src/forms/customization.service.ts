/**
 * Which questions of the default template an organization's offices leave out. The organization's (global)
 * customization applies to every office and is changed on /management/customization by a company administrator
 * who holds the user privilege editGlobalCustomization (SPEC section 3); an office's own, on
 * /customization/verification by its managers, hides more for that office (the office header names it: the kit
 * checked the user may act for it, the route that they manage it). A hidden key must be a question of the default
 * template when it is saved; a question removed from the template later simply hides nothing.
 */
import {
  FORM_MESSAGES,
  type FormCustomization,
  type FormCustomizationInput,
  type FormCustomizationView,
} from '@dv/contracts';
import { Conflict, Forbidden, Invalid, type Store } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { customizationId, type CustomizationDocument, type FormsStore } from './forms.store';
import { templateView, type TemplateService } from './templates.service';

export interface CustomizationServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly forms: FormsStore;
  readonly templates: Pick<TemplateService, 'defaultOf'>;
  readonly now: () => Date;
}

export interface CustomizationService {
  /** The office's page: the default template, the global customization and the office's. */
  office(context: RequestContext): Promise<FormCustomizationView>;
  saveOffice(context: RequestContext, input: FormCustomizationInput): Promise<FormCustomizationView>;
  /** The organization's page: the default template and the global customization. */
  global(context: RequestContext): Promise<FormCustomizationView>;
  saveGlobal(context: RequestContext, input: FormCustomizationInput): Promise<FormCustomizationView>;
  /** The keys hidden for an office: the organization's and the office's. */
  hiddenFor(orgId: string, officeId: string): Promise<string[]>;
}

function viewOf(doc: CustomizationDocument | null, officeId: string | null): FormCustomization {
  return {
    scope: officeId === null ? 'global' : 'office',
    officeId,
    hiddenQuestions: doc?.hiddenQuestions ?? [],
    version: doc?.version ?? 0,
    updatedAt: doc?.updatedAt ?? null,
  };
}

function officeOf(context: RequestContext): string {
  if (context.actor.officeId === undefined) throw new Invalid(FORM_MESSAGES.officeRequired);
  return context.actor.officeId;
}

const mayEditGlobal = (context: RequestContext) => context.actor.claims.editGlobalCustomization === true;

export function customizationService({ store, forms, templates, now }: CustomizationServiceDeps): CustomizationService {
  const read = (orgId: string, officeId: string | null) => forms.customizations().findById(customizationId(orgId, officeId));

  async function view(context: RequestContext, officeId: string | null): Promise<FormCustomizationView> {
    const { orgId } = context.actor;
    const template = await templates.defaultOf(orgId);
    const [global, office] = await Promise.all([read(orgId, null), officeId === null ? null : read(orgId, officeId)]);
    return {
      template: templateView(template),
      global: viewOf(global, null),
      office: officeId === null ? null : viewOf(office, officeId),
      mayEdit: officeId !== null || mayEditGlobal(context),
    };
  }

  async function save(context: RequestContext, officeId: string | null, input: FormCustomizationInput): Promise<FormCustomizationView> {
    const { orgId, userId } = context.actor;
    const template = await templates.defaultOf(orgId);
    const keys = new Set(template.questions.map((question) => question.key));
    const unknown = input.hiddenQuestions.flatMap((key, at) => (keys.has(key) ? [] : [{ location: 'body', path: `hiddenQuestions.${at}`, message: FORM_MESSAGES.unknownQuestion }]));
    if (unknown.length > 0) throw new Invalid('Invalid request', unknown);
    const id = customizationId(orgId, officeId);
    await store.transaction(async (tx) => {
      const current = await forms.customizations(tx).findById(id);
      const version = current?.version ?? 0;
      if (input.version !== undefined && input.version !== version) throw new Conflict(FORM_MESSAGES.changedMeanwhile, { version });
      const fields = {
        orgId,
        scope: officeId === null ? ('global' as const) : ('office' as const),
        officeId,
        hiddenQuestions: [...new Set(input.hiddenQuestions)],
        version: version + 1,
        updatedAt: now().toISOString(),
        updatedBy: userId,
      };
      if (current === null) await forms.customizations(tx).insert({ _id: id, ...fields });
      else await forms.customizations(tx).update({ _id: id, version }, { set: fields });
    });
    return view(context, officeId);
  }

  return {
    office: (context) => view(context, officeOf(context)),
    saveOffice: (context, input) => save(context, officeOf(context), input),
    global: (context) => view(context, null),
    async saveGlobal(context, input) {
      if (!mayEditGlobal(context)) throw new Forbidden(FORM_MESSAGES.globalPrivilege);
      return save(context, null, input);
    },
    async hiddenFor(orgId, officeId) {
      const [global, office] = await Promise.all([read(orgId, null), read(orgId, officeId)]);
      return [...(global?.hiddenQuestions ?? []), ...(office?.hiddenQuestions ?? [])];
    },
  };
}
