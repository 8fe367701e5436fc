/**
 * Verification forms, wired over the service's store and engine and mounted on the app: app.ts calls this once.
 * The ticket's form reads and edits tickets through the engine's verification service (the one the ticket routes
 * use, with its scope, audit and outsourcing rules); whether an office fills forms is read from the offices service
 * like outsourcing's setting (the same reader, or the one a test hands the service).
 */
import { type Server, type ServiceContext } from '@dv/kit';
import { type VerificationEngine, type VerificationsOptions } from '../app';
import { type VerificationsConfig } from '../config';
import { noOfficeSettings, officesServiceSettings } from '../outsourcing/office-settings';
import { customizationService } from './customization.service';
import { formRoutes } from './forms.routes';
import { formsStore } from './forms.store';
import { ruleService } from './rules.service';
import { templateService } from './templates.service';
import { verificationFormService } from './verification-form.service';

export function mountForms(
  app: Server,
  { config, store, now }: ServiceContext<VerificationsConfig>,
  engine: Pick<VerificationEngine, 'verifications' | 'audit'>,
  options: Partial<Pick<VerificationsOptions, 'officeSettings'>>,
): void {
  const forms = formsStore(store);
  const templates = templateService({ store, forms, now });
  const customizations = customizationService({ store, forms, templates, now });
  const settings = options.officeSettings ?? (config.officesUrl ? officesServiceSettings({ officesUrl: config.officesUrl }) : noOfficeSettings);
  formRoutes(app, {
    templates,
    rules: ruleService({ store, forms, templates, now }),
    customizations,
    forms: verificationFormService({ verifications: engine.verifications, forms, templates, customizations, audit: engine.audit, settings, now }),
  });
}
