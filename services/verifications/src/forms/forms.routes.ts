/**
 * The verification forms' transport (contracts entities/forms.ts): templates and rules for the super
 * administrators' pages, the office's and the organization's customizations, and the form of a ticket. Each route
 * checks the roles of the gateway's table (contracts rules/api-routes.ts) before its body is read; the services
 * check the rest (the office a manager acts for, the privilege for the global customization, who fulfils forms,
 * which organization's things a caller reaches).
 */
import {
  FORM_ADMIN_ROLES,
  FormCustomizationInput,
  FormCustomizationView,
  FormRule,
  FormRuleInput,
  FormRuleListQuery,
  FormRuleUpdateInput,
  FormTemplate,
  FormTemplateInput,
  FormTemplateListQuery,
  FormTemplateSummary,
  FormTemplateUpdateInput,
  GLOBAL_CUSTOMIZATION_ROLES,
  OFFICE_CUSTOMIZATION_ROLES,
  pageOf,
  VERIFICATION_ROLES,
  VerificationForm,
  VerificationFormInput,
  VerificationFormSaved,
} from '@dv/contracts';
import { IdParams, NoContent, requireActor, requireRoles, type Server } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { type CustomizationService } from './customization.service';
import { type RuleService } from './rules.service';
import { type TemplateService } from './templates.service';
import { type FormRequestContext, type VerificationFormService } from './verification-form.service';

export interface FormRoutesDeps {
  readonly templates: TemplateService;
  readonly rules: RuleService;
  readonly customizations: CustomizationService;
  readonly forms: VerificationFormService;
}

type Request = Parameters<typeof requireActor>[0];

function contextOf(request: Request): RequestContext {
  return { actor: requireActor(request), requestId: request.id };
}

/** The kit verified the bearer token; the offices service reads the office's settings with the same one. */
function formContextOf(request: Request): FormRequestContext {
  return { ...contextOf(request), authorization: request.headers.authorization ?? '' };
}

function templateRoutes(app: Server, templates: TemplateService): void {
  const onRequest = requireRoles(...FORM_ADMIN_ROLES);
  app.get(
    '/api/management/form-templates',
    { onRequest, schema: { querystring: FormTemplateListQuery, response: { 200: pageOf(FormTemplateSummary) } } },
    (request) => templates.list(contextOf(request), request.query),
  );
  app.post(
    '/api/management/form-templates',
    { onRequest, schema: { body: FormTemplateInput, response: { 201: FormTemplate } } },
    async (request, reply) => reply.status(201).send(await templates.create(contextOf(request), request.body)),
  );
  app.get(
    '/api/management/form-templates/:id',
    { onRequest, schema: { params: IdParams, response: { 200: FormTemplate } } },
    (request) => templates.get(contextOf(request), request.params.id),
  );
  app.put(
    '/api/management/form-templates/:id',
    { onRequest, schema: { params: IdParams, body: FormTemplateUpdateInput, response: { 200: FormTemplate } } },
    (request) => templates.update(contextOf(request), request.params.id, request.body),
  );
  app.delete('/api/management/form-templates/:id', { onRequest, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    await templates.remove(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
}

function ruleRoutes(app: Server, rules: RuleService): void {
  const onRequest = requireRoles(...FORM_ADMIN_ROLES);
  app.get(
    '/api/management/form-rules',
    { onRequest, schema: { querystring: FormRuleListQuery, response: { 200: pageOf(FormRule) } } },
    (request) => rules.list(contextOf(request), request.query),
  );
  app.post(
    '/api/management/form-rules',
    { onRequest, schema: { body: FormRuleInput, response: { 201: FormRule } } },
    async (request, reply) => reply.status(201).send(await rules.create(contextOf(request), request.body)),
  );
  app.put(
    '/api/management/form-rules/:id',
    { onRequest, schema: { params: IdParams, body: FormRuleUpdateInput, response: { 200: FormRule } } },
    (request) => rules.update(contextOf(request), request.params.id, request.body),
  );
  app.delete('/api/management/form-rules/:id', { onRequest, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    await rules.remove(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
}

function customizationRoutes(app: Server, customizations: CustomizationService): void {
  const office = requireRoles(...OFFICE_CUSTOMIZATION_ROLES);
  const global = requireRoles(...GLOBAL_CUSTOMIZATION_ROLES);
  const reply = { response: { 200: FormCustomizationView } };
  app.get('/api/customization/verification', { onRequest: office, schema: reply }, (request) => customizations.office(contextOf(request)));
  app.put(
    '/api/customization/verification',
    { onRequest: office, schema: { body: FormCustomizationInput, ...reply } },
    (request) => customizations.saveOffice(contextOf(request), request.body),
  );
  app.get('/api/management/customization/verification', { onRequest: global, schema: reply }, (request) => customizations.global(contextOf(request)));
  app.put(
    '/api/management/customization/verification',
    { onRequest: global, schema: { body: FormCustomizationInput, ...reply } },
    (request) => customizations.saveGlobal(contextOf(request), request.body),
  );
}

function ticketFormRoutes(app: Server, forms: VerificationFormService): void {
  const onRequest = requireRoles(...VERIFICATION_ROLES);
  app.get(
    '/api/verifications/:id/form',
    { onRequest, schema: { params: IdParams, response: { 200: VerificationForm } } },
    (request) => forms.get(formContextOf(request), request.params.id),
  );
  app.put(
    '/api/verifications/:id/form',
    { onRequest, schema: { params: IdParams, body: VerificationFormInput, response: { 200: VerificationFormSaved } } },
    (request) => forms.save(formContextOf(request), request.params.id, request.body),
  );
}

export function formRoutes(app: Server, deps: FormRoutesDeps): void {
  templateRoutes(app, deps.templates);
  ruleRoutes(app, deps.rules);
  customizationRoutes(app, deps.customizations);
  ticketFormRoutes(app, deps.forms);
}
