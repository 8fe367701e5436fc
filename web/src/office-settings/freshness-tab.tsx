/**
 * The Batch verification tab: the freshness window of "Verify all" on the Appointment Schedule: a patient verified
 * within this many days is skipped (the schedule's settings, freshDays; GET/PUT /api/schedule/settings). The PUT
 * replaces every setting, so the others go back as they were read; the service checks the value (0 to 365) and
 * its 400 shows under the field.
 */
import { type ScheduleSettings } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { FormField } from '../fields/form-field';
import { TextInput } from '../fields/text-input';
import { retryUnlessRefused } from '../http/api-call-error';
import { fetchScheduleSettings, saveScheduleSettings, settingsKey } from '../schedule/schedule-api';
import { Notice } from '../ui/notice';
import { NO_SCHEDULE_TEXT, NO_SCHEDULE_TITLE, SCHEDULE_READ_ONLY, useOfficeBoundRead, useScheduleGate } from './schedule-gate';
import { TabForm, TabLoading, useTabSave } from './tab-form';

export const FRESH_DAYS_LABEL = 'Fresh for (days)';

/** A number as typed: a number when it is one, else the text, so that the service says what is wrong. */
function numberOf(text: string): number | string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

function FreshnessForm({ officeId, settings, canEdit }: { officeId: string; settings: ScheduleSettings; canEdit: boolean }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const id = useId();
  const [freshDays, setFreshDays] = useState(String(settings.freshDays));
  const { saving, problem, errors, save, clearError } = useTabSave(
    (issues) => {
      const message = issues.find((issue) => issue.path === 'freshDays')?.message;
      return message === undefined ? { errors: {} } : { errors: { freshDays: message }, first: 'freshDays' as const };
    },
    () => document.getElementById(id)?.focus(),
  );

  function submit() {
    void save(async () => {
      const saved = await saveScheduleSettings(http, { ...settings, freshDays: numberOf(freshDays) });
      // The schedule page and its settings dialog read the same entry.
      queryClient.setQueryData(settingsKey(officeId), saved);
      setFreshDays(String(saved.freshDays));
    });
  }

  return (
    <TabForm label="Batch verification" readOnlyReason={canEdit ? null : SCHEDULE_READ_ONLY} problem={problem} saving={saving} onSubmit={submit}>
      <FormField htmlFor={id} label={FRESH_DAYS_LABEL} error={errors.freshDays} errorId={`${id}-error`}>
        <TextInput
          id={id}
          inputMode="numeric"
          value={freshDays}
          readOnly={!canEdit}
          maxLength={6}
          aria-describedby={[`${id}-hint`, errors.freshDays ? `${id}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={errors.freshDays ? true : undefined}
          onChange={(event) => {
            setFreshDays(event.target.value);
            clearError('freshDays');
          }}
        />
        <span id={`${id}-hint`} className="dv-text-secondary">
          &quot;Verify all&quot; on the Appointment Schedule skips a patient verified within this many days (0 verifies everyone again).
        </span>
      </FormField>
    </TabForm>
  );
}

export function FreshnessTab({ officeId }: { officeId: string }) {
  const { http } = useServices();
  const { offered, canEdit } = useScheduleGate();
  const read = useOfficeBoundRead(officeId, () => fetchScheduleSettings(http));
  // The schedule page's entry (settingsKey), read for this office only.
  const settings = useQuery({ queryKey: settingsKey(officeId), queryFn: read, enabled: offered, staleTime: 60_000, retry: retryUnlessRefused });
  if (!offered) return <Notice type="info" role="note" title={NO_SCHEDULE_TITLE} description={NO_SCHEDULE_TEXT} />;
  if (!settings.data) return <TabLoading error={settings.error} onRetry={() => void settings.refetch()} />;
  return <FreshnessForm key={officeId} officeId={officeId} settings={settings.data} canEdit={canEdit} />;
}
