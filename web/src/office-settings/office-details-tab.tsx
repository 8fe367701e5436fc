/**
 * The Office details tab: the office's name (the company's administrators change it on /management) and its
 * practice details: NPI, tax id, phone and address (GET/PATCH /api/management/offices/{id}/details). The office's
 * managers change the details; only what changed is sent, and the service's answer (normalized: 12-3456789,
 * (555) 123-4567) is what the form shows next.
 */
import { type OfficeDetails } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { messagesByField } from '../http/api-call-error';
import {
  addressOf,
  draftOfDetails,
  hasAddress,
  type PracticeDraft,
  type PracticeField,
  practiceFieldOf,
  PracticeFields,
} from '../registration/practice-fields';
import { saveOfficeDetails } from '../registration/registration-api';
import { officeDetailsKey, useOfficeDetails } from './office-settings-api';
import { TabForm, TabLoading, useTabSave } from './tab-form';

export const DETAILS_READ_ONLY = "Only the office's managers change its details.";
export const NOTHING_CHANGED = 'Nothing has changed: there is nothing to save.';

const DETAIL_FIELDS: readonly PracticeField[] = ['npi', 'taxId', 'phone', 'street1', 'street2', 'city', 'state', 'zipCode'];
const ADDRESS_FIELDS: readonly PracticeField[] = ['street1', 'street2', 'city', 'state', 'zipCode'];

/** What differs from the stored details; the address goes whole when any part of it changed. */
export function detailsPatch(stored: PracticeDraft, draft: PracticeDraft): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of ['npi', 'taxId', 'phone'] as const) {
    if (draft[field].trim() !== stored[field]) patch[field] = draft[field];
  }
  const addressChanged = ADDRESS_FIELDS.some((field) => draft[field].trim() !== stored[field]);
  if (addressChanged && (hasAddress(draft) || hasAddress(stored))) patch.address = addressOf(draft);
  return patch;
}

function DetailsForm({ details }: { details: OfficeDetails }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const baseId = useId();
  const idOf = (field: PracticeField) => `${baseId}-${field}`;
  const [draft, setDraft] = useState(() => draftOfDetails(details));
  const { saving, problem, setProblem, errors, save, clearError } = useTabSave(
    (issues) => {
      const byField = messagesByField(issues, practiceFieldOf);
      return { errors: byField, first: DETAIL_FIELDS.find((field) => byField[field] !== undefined) };
    },
    (field) => document.getElementById(idOf(field))?.focus(),
  );
  const canEdit = details.editable.details;

  function submit() {
    const patch = detailsPatch(draftOfDetails(details), draft);
    if (Object.keys(patch).length === 0) {
      setProblem(NOTHING_CHANGED);
      return;
    }
    void save(async () => {
      const saved = await saveOfficeDetails(http, details.officeId, patch);
      queryClient.setQueryData(officeDetailsKey(details.officeId), saved);
      setDraft(draftOfDetails(saved));
    });
  }

  return (
    <TabForm label="Office details" readOnlyReason={canEdit ? null : DETAILS_READ_ONLY} problem={problem} saving={saving} onSubmit={submit}>
      <p className="dv-office-settings__name">
        <strong>{details.name}</strong>
        <br />
        <span className="dv-text-secondary">The office&apos;s name is changed by your company&apos;s administrators.</span>
      </p>
      <PracticeFields
        draft={draft}
        errors={errors}
        idOf={idOf}
        readOnly={!canEdit}
        fields={DETAIL_FIELDS}
        onChange={(field, value) => {
          setDraft((current) => ({ ...current, [field]: value }));
          clearError(field);
        }}
      />
    </TabForm>
  );
}

export function OfficeDetailsTab({ officeId }: { officeId: string }) {
  const details = useOfficeDetails(officeId);
  if (!details.data) return <TabLoading error={details.error} onRetry={() => void details.refetch()} />;
  return <DetailsForm key={officeId} details={details.data} />;
}
