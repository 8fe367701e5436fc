/**
 * The office's schedule settings (GET/PUT /api/schedule/settings) in a dialog: how many days a verification stays
 * fresh (Verify all skips it), the nightly run with its hour and time zone, how many verifications a batch runs at
 * once, and which planned procedures the treatment plan estimate covers. Office managers and super administrators
 * change them (SCHEDULE_SETTINGS_ROLES); staff read them. The service checks every value: its 400 names the field
 * and the reason, shown under the field. Loaded on first open, apart from the page.
 */
import { type ScheduleSettings, TREATMENT_PLAN_MODES, type TreatmentPlanMode } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useServices } from '../app/services-context';
import { ApiCallError, type FieldIssue } from '../http/api-call-error';
import { useOffice } from '../office/office-context';
import { Notice } from '../ui/notice';
import { saveScheduleSettings, settingsKey } from './schedule-api';
import { hourLabel } from './schedule-dates';
import '../ui/ui.css';

export const MODE_LABELS: Readonly<Record<TreatmentPlanMode, string>> = {
  nextAppointment: "The next appointment's procedures",
  allAppointments: 'The procedures of every booked appointment',
  completePlan: 'The whole treatment plan',
};

type Draft = { freshDays: string; nightlyRun: boolean; nightlyHour: string; timeZone: string; concurrency: string; treatmentPlanMode: string };
type Field = keyof Draft;

const draftOf = (settings: ScheduleSettings): Draft => ({
  ...settings,
  freshDays: String(settings.freshDays),
  nightlyHour: String(settings.nightlyHour),
  concurrency: String(settings.concurrency),
});

/** A number field as typed: a number when it is one, else the text, so that the service says what is wrong. */
function numberOf(text: string): number | string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

/** The browser's time zones, the office's own first when the browser does not know it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

type FieldProps = { id: string; label: string; hint?: string; error?: string; children: (describedBy: string | undefined) => ReactNode };

function FormField({ id, label, hint, error, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="dv-schedule__field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint ? (
        <span id={`${id}-hint`} className="dv-text-secondary">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="dv-text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type FieldsProps = {
  readonly draft: Draft;
  readonly errors: Partial<Record<Field, string>>;
  readonly disabled: boolean;
  readonly change: (field: Field, value: string | boolean) => void;
  readonly id: (field: Field) => string;
};

function SettingsFields({ draft, errors, disabled, change, id }: FieldsProps) {
  /** What every control of a field has: its id, value, state, description and error. */
  const control = (field: Exclude<Field, 'nightlyRun'>, describedBy: string | undefined) => ({
    id: id(field),
    className: 'dv-control dv-schedule__control',
    value: draft[field],
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': errors[field] ? true : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });
  return (
    <>
      <FormField id={id('freshDays')} label="Fresh for (days)" hint="Verify all skips a patient verified within this many days." error={errors.freshDays}>
        {(describedBy) => <input type="number" min={0} max={365} inputMode="numeric" {...control('freshDays', describedBy)} />}
      </FormField>
      <label className="dv-schedule__check">
        <input type="checkbox" checked={draft.nightlyRun} disabled={disabled} onChange={(event) => change('nightlyRun', event.target.checked)} />
        Verify the next business day&apos;s schedule every evening
      </label>
      <div className="dv-schedule__field-row">
        <FormField id={id('nightlyHour')} label="Nightly run at" error={errors.nightlyHour}>
          {(describedBy) => (
            <select {...control('nightlyHour', describedBy)} disabled={disabled || !draft.nightlyRun}>
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={String(hour)}>
                  {hourLabel(hour)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={id('timeZone')} label="Time zone" error={errors.timeZone}>
          {(describedBy) => (
            <select {...control('timeZone', describedBy)}>
              {timeZones(draft.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField id={id('concurrency')} label="Verifications at once" hint="How many verifications of a batch run at the same time (1 to 10)." error={errors.concurrency}>
        {(describedBy) => <input type="number" min={1} max={10} inputMode="numeric" {...control('concurrency', describedBy)} />}
      </FormField>
      <FormField id={id('treatmentPlanMode')} label="Treatment plan estimate covers" error={errors.treatmentPlanMode}>
        {(describedBy) => (
          <select {...control('treatmentPlanMode', describedBy)}>
            {TREATMENT_PLAN_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

export function ScheduleSettingsDialog({ settings, canEdit, onClose }: { settings: ScheduleSettings; canEdit: boolean; onClose: () => void }) {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  const queryClient = useQueryClient();
  const baseId = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (field: Field) => `${baseId}-${field}`;
  const change = (field: Field, value: string | boolean) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function save(event?: FormEvent) {
    event?.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const body = { ...draft, freshDays: numberOf(draft.freshDays), nightlyHour: numberOf(draft.nightlyHour), concurrency: numberOf(draft.concurrency) };
      // The appointment panel reads the same entry: its treatment plan mode follows at once.
      queryClient.setQueryData(settingsKey(currentOfficeId), await saveScheduleSettings(http, body));
      onClose();
    } catch (error) {
      const issues: readonly FieldIssue[] = error instanceof ApiCallError ? error.issues : [];
      const byField = Object.fromEntries(issues.filter((issue) => Object.hasOwn(draft, issue.path)).map((issue) => [issue.path, issue.message]));
      setErrors(byField);
      const first = Object.keys(byField)[0];
      if (first) document.getElementById(id(first as Field))?.focus();
      else setProblem(error instanceof Error ? error.message : 'The settings could not be saved');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title="Schedule settings"
      okText="Save"
      cancelText={canEdit ? 'Cancel' : 'Close'}
      okButtonProps={{ loading: saving, hidden: !canEdit }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <form className="dv-schedule__settings" onSubmit={(event) => void save(event)} noValidate>
        {canEdit ? null : <Notice type="info" role="note" title="Only your office manager can change these settings." />}
        {problem ? <Notice type="error" title={problem} /> : null}
        <SettingsFields draft={draft} errors={errors} disabled={!canEdit} change={change} id={id} />
      </form>
    </Modal>
  );
}
