/**
 * The Integration tab: how the office's schedule is fed (a practice-management integration or manual entry), its
 * practice-management system (only Dentrix and Open Dental count as one, SPEC section 6) and the integration's
 * subdomain, which the Appointment Schedule needs. PATCH /api/management/offices/{id}/settings with the schedule
 * integration, which an office's managers may change (the service's MANAGER_EDITABLE_SETTINGS, as the details
 * reply lists it). The subdomain is checked with the contract's rule before it is sent; the service's 400 names
 * any field it refuses. After a save the menu and the schedule read the office's settings again.
 */
import { INTEGRATIONS, IntegrationSubdomain, type ManagedOffice, type OfficeDetails, ownValue, PMS_TYPES } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { FormField } from '../fields/form-field';
import { TextInput } from '../fields/text-input';
import { ApiCallError, messagesByField } from '../http/api-call-error';
import { SCHEDULE_QUERY_KEY } from '../schedule/schedule-api';
import { managedOfficeKey, saveOfficeSettings, useManagedOffice, useOfficeDetails, USER_OFFICES_QUERY_KEY } from './office-settings-api';
import { TabForm, TabLoading, useTabSave } from './tab-form';

export const INTEGRATION_READ_ONLY = "Only the office's managers and your company's administrators change the integration.";

export const INTEGRATION_LABELS: Readonly<Record<(typeof INTEGRATIONS)[number], string>> = { nexHealth: 'NexHealth', manual: 'Manual entry' };
export const PMS_LABELS: Readonly<Record<(typeof PMS_TYPES)[number], string>> = { dentrix: 'Dentrix', openDental: 'Open Dental' };

type Field = 'type' | 'pmsType' | 'subdomain';
type Draft = Record<Field, string>;

function draftOf(office: ManagedOffice): Draft {
  const schedule = office.settings.scheduleIntegration;
  const subdomain = schedule?.integration?.subdomain;
  return { type: schedule?.type ?? '', pmsType: schedule?.pmsType ?? '', subdomain: typeof subdomain === 'string' ? subdomain : '' };
}

/** The settings patch: none clears the integration; other integration data the office has is kept. */
export function integrationPatch(office: ManagedOffice, draft: Draft): Record<string, unknown> {
  if (draft.type === '') return { scheduleIntegration: null };
  const { subdomain: _old, ...rest } = office.settings.scheduleIntegration?.integration ?? {};
  const subdomain = draft.subdomain.trim();
  const integration = subdomain === '' ? rest : { ...rest, subdomain };
  return {
    scheduleIntegration: { type: draft.type, pmsType: draft.pmsType === '' ? null : draft.pmsType, integration: Object.keys(integration).length === 0 ? null : integration },
  };
}

/** A 400's path in the settings patch, as the form's field. */
function fieldOf(path: string): Field | undefined {
  if (path === 'scheduleIntegration.type') return 'type';
  if (path === 'scheduleIntegration.pmsType') return 'pmsType';
  return path.startsWith('scheduleIntegration.integration') ? 'subdomain' : undefined;
}

function IntegrationForm({ office, details }: { office: ManagedOffice; details: OfficeDetails }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const [draft, setDraft] = useState(() => draftOf(office));
  const { saving, problem, errors, save, clearError } = useTabSave(
    (issues) => {
      const byField = messagesByField(issues, fieldOf);
      return { errors: byField, first: (['type', 'pmsType', 'subdomain'] as const).find((field) => byField[field] !== undefined) };
    },
    (field) => document.getElementById(idOf(field))?.focus(),
  );
  const canEdit = details.editable.settings.includes('scheduleIntegration');
  const none = draft.type === '';
  const pmsOptions = draft.pmsType !== '' && !(PMS_TYPES as readonly string[]).includes(draft.pmsType) ? [...PMS_TYPES, draft.pmsType] : PMS_TYPES;

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  function submit() {
    void save(async () => {
      if (!none && draft.subdomain.trim() !== '') {
        const checked = IntegrationSubdomain.safeParse(draft.subdomain);
        if (!checked.success) throw new ApiCallError(400, 'Invalid subdomain', [{ path: 'scheduleIntegration.integration.subdomain', message: checked.error.issues[0]?.message ?? 'Invalid' }]);
      }
      const settings = await saveOfficeSettings(http, office.id, integrationPatch(office, draft));
      queryClient.setQueryData<ManagedOffice>(managedOfficeKey(office.id), (current) => (current ? { ...current, settings } : current));
      // The menu's Appointment Schedule and the schedule itself follow the office's integration.
      await queryClient.invalidateQueries({ queryKey: [USER_OFFICES_QUERY_KEY] });
      await queryClient.invalidateQueries({ queryKey: [SCHEDULE_QUERY_KEY] });
    });
  }

  const control = (field: Field) => ({
    id: idOf(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${idOf(field)}-error` : undefined,
  });
  return (
    <TabForm label="Integration" readOnlyReason={canEdit ? null : INTEGRATION_READ_ONLY} problem={problem} saving={saving} onSubmit={submit}>
      <div className="dv-form-grid">
        <FormField htmlFor={idOf('type')} label="Schedule integration" error={errors.type} errorId={`${idOf('type')}-error`}>
          <select {...control('type')} className="dv-input" value={draft.type} disabled={!canEdit} onChange={(event) => change('type', event.target.value)}>
            <option value="">No schedule integration</option>
            {INTEGRATIONS.map((integration) => (
              <option key={integration} value={integration}>
                {INTEGRATION_LABELS[integration]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField htmlFor={idOf('pmsType')} label="Practice management system" error={errors.pmsType} errorId={`${idOf('pmsType')}-error`}>
          <select {...control('pmsType')} className="dv-input" value={draft.pmsType} disabled={!canEdit || none} onChange={(event) => change('pmsType', event.target.value)}>
            <option value="">None</option>
            {pmsOptions.map((pms) => (
              <option key={pms} value={pms}>
                {ownValue(PMS_LABELS, pms) ?? pms}
              </option>
            ))}
          </select>
        </FormField>
        <FormField htmlFor={idOf('subdomain')} label="Integration subdomain" error={errors.subdomain} errorId={`${idOf('subdomain')}-error`}>
          <TextInput
            {...control('subdomain')}
            value={draft.subdomain}
            readOnly={!canEdit}
            disabled={none}
            maxLength={63}
            autoComplete="off"
            onChange={(event) => change('subdomain', event.target.value)}
          />
        </FormField>
      </div>
    </TabForm>
  );
}

export function IntegrationTab({ officeId }: { officeId: string }) {
  const office = useManagedOffice(officeId);
  const details = useOfficeDetails(officeId);
  if (!office.data || !details.data) {
    const failed = office.error ?? details.error;
    return <TabLoading error={failed} onRetry={() => void (office.error ? office.refetch() : details.refetch())} />;
  }
  return <IntegrationForm key={officeId} office={office.data} details={details.data} />;
}
