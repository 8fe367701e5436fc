/**
 * The Outsourcing tab: whether the office may outsource verifications to the company's agents (SPEC section 3,
 * outsource.outsourceEnabled). The company's administrators decide it (PATCH .../settings refuses it to the
 * office's managers: the details reply's editable settings say so), so managers see it read-only.
 */
import { type ManagedOffice, type OfficeDetails } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { managedOfficeKey, saveOfficeSettings, useManagedOffice, useOfficeDetails, USER_OFFICES_QUERY_KEY } from './office-settings-api';
import { TabForm, TabLoading, useTabSave } from './tab-form';

export const OUTSOURCING_READ_ONLY = "Your company's administrators decide whether this office outsources verifications.";
export const OUTSOURCING_LABEL = 'This office may outsource verifications to our agents';

function OutsourcingForm({ office, details }: { office: ManagedOffice; details: OfficeDetails }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const id = useId();
  const [enabled, setEnabled] = useState(office.settings.outsource?.outsourceEnabled === true);
  const { saving, problem, errors, save } = useTabSave(
    (issues) => {
      const message = issues.find((issue) => issue.path.startsWith('outsource'))?.message;
      return message === undefined ? { errors: {} } : { errors: { outsource: message }, first: 'outsource' as const };
    },
    () => document.getElementById(id)?.focus(),
  );
  const canEdit = details.editable.settings.includes('outsource');

  function submit() {
    void save(async () => {
      const settings = await saveOfficeSettings(http, office.id, { outsource: { outsourceEnabled: enabled } });
      queryClient.setQueryData<ManagedOffice>(managedOfficeKey(office.id), (current) => (current ? { ...current, settings } : current));
      await queryClient.invalidateQueries({ queryKey: [USER_OFFICES_QUERY_KEY] });
    });
  }

  return (
    <TabForm label="Outsourcing" readOnlyReason={canEdit ? null : OUTSOURCING_READ_ONLY} problem={problem} saving={saving} onSubmit={submit}>
      <label className="dv-office-settings__check">
        <input
          id={id}
          type="checkbox"
          checked={enabled}
          disabled={!canEdit}
          aria-invalid={errors.outsource ? true : undefined}
          aria-describedby={errors.outsource ? `${id}-error` : undefined}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        {OUTSOURCING_LABEL}
      </label>
      {errors.outsource ? (
        <div id={`${id}-error`} className="dv-form-error">
          {errors.outsource}
        </div>
      ) : null}
    </TabForm>
  );
}

export function OutsourcingTab({ officeId }: { officeId: string }) {
  const office = useManagedOffice(officeId);
  const details = useOfficeDetails(officeId);
  if (!office.data || !details.data) {
    const failed = office.error ?? details.error;
    return <TabLoading error={failed} onRetry={() => void (office.error ? office.refetch() : details.refetch())} />;
  }
  return <OutsourcingForm key={officeId} office={office.data} details={details.data} />;
}
