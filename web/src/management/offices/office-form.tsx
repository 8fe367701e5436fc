/**
 * An office's fields on /management/do-management, for a new office and for changes: name, group (new offices;
 * later through the groups pages), plan type, schedule integration subdomain, and the office settings of SPEC
 * section 3 (schedule integration type and practice-management system, outsourcing, payment type, ability to
 * fulfil forms). Checked with contracts' NewOfficeInput before it is sent, each problem under its field.
 */
import {
  INTEGRATIONS,
  NewOfficeInput,
  OFFICE_PLAN_TYPES,
  PAYMENT_TYPES,
  PMS_TYPES,
  type ManagedOffice,
  type OfficePatch,
  type OfficeSettingsPatch,
} from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiCallError } from '../../http/api-call-error';
import { Notice } from '../../ui/notice';
import { useAllGroups } from '../groups/groups-api';
import { CheckboxField, SelectField, TextField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';

export type OfficeDraft = {
  name: string;
  groupId: string;
  planType: (typeof OFFICE_PLAN_TYPES)[number];
  subdomain: string;
  scheduleType: (typeof INTEGRATIONS)[number] | '';
  pmsType: string;
  outsourceEnabled: boolean;
  paymentType: (typeof PAYMENT_TYPES)[number] | '';
  ableToFullfillForm: boolean;
};

type Field = keyof OfficeDraft | 'form';
export type OfficeProblems = Partial<Record<Field, string>>;

export const EMPTY_OFFICE: OfficeDraft = {
  name: '',
  groupId: '',
  planType: 'freemium',
  subdomain: '',
  scheduleType: '',
  pmsType: '',
  outsourceEnabled: false,
  paymentType: '',
  ableToFullfillForm: false,
};

export function draftOfOffice(office: ManagedOffice): OfficeDraft {
  const schedule = office.settings.scheduleIntegration;
  return {
    name: office.name,
    groupId: office.groupId ?? '',
    planType: office.planType,
    subdomain: office.integration?.subdomain ?? '',
    scheduleType: schedule?.type ?? '',
    pmsType: schedule?.pmsType ?? '',
    outsourceEnabled: office.settings.outsource?.outsourceEnabled ?? false,
    paymentType: office.settings.paymentType ?? '',
    ableToFullfillForm: office.settings.ableToFullfillForm,
  };
}

type IntegrationData = NonNullable<NonNullable<OfficeSettingsPatch['scheduleIntegration']>['integration']>;

/** The settings as the service takes them; the integration's own data stays what it was. */
function settingsOf(draft: OfficeDraft, current?: ManagedOffice) {
  // Stored as the service took it: JSON it checked then.
  const data = (current?.settings.scheduleIntegration?.integration ?? null) as IntegrationData | null;
  return {
    scheduleIntegration: draft.scheduleType === '' ? null : { type: draft.scheduleType, pmsType: draft.pmsType === '' ? null : draft.pmsType, integration: data },
    outsource: { outsourceEnabled: draft.outsourceEnabled },
    paymentType: draft.paymentType === '' ? null : draft.paymentType,
    ableToFullfillForm: draft.ableToFullfillForm,
  };
}

export function newOfficeOf(draft: OfficeDraft): unknown {
  return {
    name: draft.name,
    ...(draft.groupId === '' ? {} : { groupId: draft.groupId }),
    planType: draft.planType,
    integration: draft.subdomain.trim() === '' ? null : { subdomain: draft.subdomain.trim() },
    settings: settingsOf(draft),
  };
}

/** What changed, as the two calls that change it take it; undefined for a call with nothing to do. */
export function officeChangesOf(draft: OfficeDraft, office: ManagedOffice): { office?: OfficePatch; settings?: OfficeSettingsPatch } {
  const before = draftOfOffice(office);
  const patch: { -readonly [K in keyof OfficePatch]: OfficePatch[K] } = {};
  if (draft.name.trim() !== office.name) patch.name = draft.name.trim();
  if (draft.planType !== office.planType) patch.planType = draft.planType;
  if (draft.subdomain.trim() !== before.subdomain) patch.integration = draft.subdomain.trim() === '' ? null : { subdomain: draft.subdomain.trim() };
  const next = settingsOf(draft, office);
  const settings: { -readonly [K in keyof OfficeSettingsPatch]: OfficeSettingsPatch[K] } = {};
  if (draft.scheduleType !== before.scheduleType || draft.pmsType !== before.pmsType) settings.scheduleIntegration = next.scheduleIntegration;
  if (draft.outsourceEnabled !== before.outsourceEnabled) settings.outsource = next.outsource;
  if (draft.paymentType !== before.paymentType) settings.paymentType = next.paymentType;
  if (draft.ableToFullfillForm !== before.ableToFullfillForm) settings.ableToFullfillForm = next.ableToFullfillForm;
  return {
    ...(Object.keys(patch).length > 0 ? { office: patch } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

/** A problem's field, from its path in the request ('settings.scheduleIntegration.pmsType' -> pmsType). */
export function officeFieldOf(path: string): Field {
  const last = path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? '';
  const byName: Record<string, Field> = { name: 'name', groupId: 'groupId', planType: 'planType', subdomain: 'subdomain', integration: 'subdomain', type: 'scheduleType', pmsType: 'pmsType', paymentType: 'paymentType' };
  return byName[last] ?? 'form';
}

export function problemsOfOffice(draft: OfficeDraft): OfficeProblems | null {
  const parsed = NewOfficeInput.safeParse(newOfficeOf(draft));
  if (parsed.success) return null;
  const problems: OfficeProblems = {};
  for (const issue of parsed.error.issues) problems[officeFieldOf(issue.path.map(String).join('.'))] ??= issue.message;
  return problems;
}

export function problemsOfFailure(error: unknown): OfficeProblems {
  const problems: OfficeProblems = { form: problemOf(error) };
  if (error instanceof ApiCallError) for (const [path, message] of Object.entries(error.fields)) problems[officeFieldOf(path)] ??= message;
  return problems;
}

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export type OfficeFormProps = {
  readonly title: string;
  readonly initial: OfficeDraft;
  /** New offices choose their group here; an office's group changes on the groups pages. */
  readonly withGroup: boolean;
  readonly busy: boolean;
  readonly submitLabel: string;
  /** Problems the service answered, once a submit failed. */
  readonly failure: OfficeProblems;
  readonly onSubmit: (draft: OfficeDraft) => void;
  readonly onCancel: () => void;
};

export function OfficeForm({ title, initial, withGroup, busy, submitLabel, failure, onSubmit, onCancel }: OfficeFormProps) {
  const groups = useAllGroups();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState<OfficeProblems>({});
  const problems = { ...failure, ...checked };
  const change = (next: Partial<OfficeDraft>) => setDraft((current) => ({ ...current, ...next }));
  const pmsChoices = [...PMS_TYPES, ...(draft.pmsType !== '' && !(PMS_TYPES as readonly string[]).includes(draft.pmsType) ? [draft.pmsType] : [])];
  return (
    <form
      className="dv-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = problemsOfOffice(draft);
        setChecked(found ?? {});
        if (!found) onSubmit(draft);
      }}
    >
      {problems.form ? <Notice type="error" title="Not saved." description={problems.form} /> : null}
      <div className="dv-form-grid">
        <TextField label="Office name" required value={draft.name} problem={problems.name} onChange={(name) => change({ name })} />
        {withGroup ? (
          <SelectField label="Group" value={draft.groupId} noneLabel="No group" options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))} problem={problems.groupId} onChange={(groupId) => change({ groupId })} />
        ) : null}
        <SelectField label="Plan type" value={draft.planType} options={OFFICE_PLAN_TYPES.map((value) => ({ value, label: label(value) }))} problem={problems.planType} onChange={(planType) => change({ planType: planType === '' ? 'freemium' : planType })} />
        <SelectField label="Payment type" value={draft.paymentType} noneLabel="Unset" options={PAYMENT_TYPES.map((value) => ({ value, label: label(value) }))} problem={problems.paymentType} onChange={(paymentType) => change({ paymentType })} />
      </div>
      <h3 className="dv-form-section-title">Schedule integration</h3>
      <div className="dv-form-grid">
        <SelectField label="Integration type" value={draft.scheduleType} noneLabel="None" options={INTEGRATIONS.map((value) => ({ value, label: value === 'nexHealth' ? 'NexHealth' : 'Manual' }))} problem={problems.scheduleType} onChange={(scheduleType) => change({ scheduleType })} />
        <SelectField label="Practice management system" value={draft.pmsType} noneLabel="None" disabled={draft.scheduleType === ''} options={pmsChoices.map((value) => ({ value, label: value === 'openDental' ? 'Open Dental' : label(value) }))} problem={problems.pmsType} onChange={(pmsType) => change({ pmsType })} />
        <TextField label="Integration subdomain" value={draft.subdomain} maxLength={63} problem={problems.subdomain} hint="The Appointment Schedule needs it." onChange={(subdomain) => change({ subdomain })} />
      </div>
      <CheckboxField label="Outsourcing allowed" checked={draft.outsourceEnabled} onChange={(outsourceEnabled) => change({ outsourceEnabled })} />
      <CheckboxField label="Office users may fulfil forms" checked={draft.ableToFullfillForm} onChange={(ableToFullfillForm) => change({ ableToFullfillForm })} />
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
