/**
 * One carrier of the catalogue in a form: its name, payer key, phone, portal link, address, and what the engine
 * reads of it (270 inquiries, the portal that serves it, whether its 271 states the plan's share); a new carrier
 * also takes its payer id, which never changes afterwards (tickets name it). Deactivate and Restore are here too: a
 * carrier is never deleted. Without the editGlobalCarriers privilege the form only shows the carrier.
 *
 * The draft is checked with the contract's schemas before it is sent; each problem shows under its field (named by
 * the control's aria-describedby), as the service's 400 would name it, and the service's own 400 is shown the same.
 */
import { type ManagedCarrier, PAYER_KEYS, type PayerKey } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useServices } from '../../app/services-context';
import { FormField } from '../../fields/form-field';
import { TextInput } from '../../fields/text-input';
import { ApiCallError } from '../../http/api-call-error';
import { Notice } from '../../ui/notice';
import { changeCarrier, createCarrier, refreshCatalogue } from './carriers-api';
import { type CarrierDraft, checkChange, checkNew, type DraftField, type DraftProblems, draftOf, problemsOf } from './carrier-draft';

const LABELS: Readonly<Record<DraftField, string>> = {
  payerId: 'Payer id',
  name: 'Name',
  payerKey: 'Payer key',
  phone: 'Phone',
  portalUrl: 'Portal link',
  portalId: 'Portal (portals catalogue id)',
  eligibility270: 'The clearinghouse takes its 270 eligibility inquiries',
  invertsCoinsurance: "Its 271 states the plan's share of coinsurance (EB08), not the patient's",
  street1: 'Street',
  street2: 'Street, second line',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
};

/** Examples, never values an empty field could be mistaken to hold. */
const PLACEHOLDERS: Partial<Record<DraftField, string>> = {
  payerId: 'e.g. 77777',
  phone: '(800) 555-0100',
  portalUrl: 'https://',
  portalId: 'e.g. deltadental',
  state: 'e.g. CA',
  zipCode: 'e.g. 94105',
};

export type CarrierEditorProps = {
  /** The carrier shown; null: the form of a new one. */
  readonly carrier: ManagedCarrier | null;
  /** The session holds editGlobalCarriers: the form saves; otherwise it only shows. */
  readonly canChange: boolean;
  /** After a save: the carrier as the service answered it. */
  readonly onSaved: (carrier: ManagedCarrier) => void;
  readonly onClose: () => void;
};

function failureText(error: unknown): string {
  if (error instanceof ApiCallError) return error.message;
  return 'The carrier could not be saved. Try again in a moment.';
}

export function CarrierEditor({ carrier, canChange, onSaved, onClose }: CarrierEditorProps) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CarrierDraft>(() => draftOf(carrier));
  const [problems, setProblems] = useState<DraftProblems>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const isNew = carrier === null;
  const readOnly = !canChange || busy;

  async function run(call: () => Promise<ManagedCarrier>) {
    setBusy(true);
    try {
      const saved = await call();
      await refreshCatalogue(queryClient);
      setProblems({});
      onSaved(saved);
    } catch (error) {
      const fromFields = error instanceof ApiCallError && error.status === 400 ? problemsOf(error.issues) : {};
      setProblems(Object.keys(fromFields).length > 0 ? fromFields : { form: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canChange) return;
    if (carrier === null) {
      const checked = checkNew(draft);
      if (!checked.ok) return setProblems(checked.problems);
      return void run(() => createCarrier(http, checked.value));
    }
    const checked = checkChange(draft, carrier);
    if (!checked.ok) return setProblems(checked.problems);
    if (checked.value === null) return onClose();
    const patch = checked.value;
    void run(() => changeCarrier(http, carrier.payerId, patch));
  }

  const text = (field: DraftField, extra: { required?: boolean; disabled?: boolean; maxLength?: number } = {}): ReactNode => {
    const inputId = `${id}-${field}`;
    const errorId = `${inputId}-error`;
    const problem = problems[field];
    return (
      <FormField htmlFor={inputId} label={LABELS[field]} required={extra.required} error={problem} errorId={errorId}>
        <TextInput
          id={inputId}
          value={String(draft[field])}
          placeholder={PLACEHOLDERS[field]}
          disabled={readOnly || extra.disabled}
          maxLength={extra.maxLength}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          aria-required={extra.required}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        />
      </FormField>
    );
  };

  const check = (field: 'eligibility270' | 'invertsCoinsurance') => (
    <label className="dv-carriers__check">
      <input type="checkbox" checked={draft[field]} disabled={readOnly} onChange={(event) => setDraft({ ...draft, [field]: event.target.checked })} />
      <span>{LABELS[field]}</span>
    </label>
  );

  return (
    <form className="dv-carriers__form" aria-label={isNew ? 'New carrier' : `Carrier ${carrier.name}`} noValidate onSubmit={submit}>
      {canChange ? null : (
        <Notice
          type="info"
          role="note"
          className="dv-mlist__notice"
          title="You can read the catalogue"
          description="Changing it needs the editGlobalCarriers privilege, which a super administrator who holds it grants on Agents."
        />
      )}
      {carrier !== null && !carrier.active ? (
        <Notice type="warning" role="note" className="dv-mlist__notice" title="Inactive" description="New verifications cannot pick this carrier; its tickets still name it." />
      ) : null}
      <div className="dv-form-grid">
        {text('payerId', { required: true, disabled: !isNew, maxLength: 15 })}
        {text('name', { required: true, maxLength: 200 })}
        <FormField htmlFor={`${id}-payerKey`} label={LABELS.payerKey} required error={problems.payerKey} errorId={`${id}-payerKey-error`}>
          <select
            id={`${id}-payerKey`}
            className="dv-input"
            value={draft.payerKey}
            disabled={readOnly}
            aria-invalid={problems.payerKey ? true : undefined}
            aria-describedby={problems.payerKey ? `${id}-payerKey-error` : undefined}
            onChange={(event) => setDraft({ ...draft, payerKey: event.target.value as PayerKey })}
          >
            {PAYER_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </FormField>
        {text('phone', { maxLength: 30 })}
        {text('portalUrl')}
        {text('portalId', { maxLength: 128 })}
      </div>
      <fieldset className="dv-carriers__fieldset">
        <legend>Sources</legend>
        {check('eligibility270')}
        {check('invertsCoinsurance')}
      </fieldset>
      <fieldset className="dv-carriers__fieldset">
        <legend>Address (optional)</legend>
        <div className="dv-form-grid">
          {text('street1')}
          {text('street2')}
          {text('city')}
          {text('state', { maxLength: 2 })}
          {text('zipCode', { maxLength: 10 })}
        </div>
      </fieldset>
      {problems.form ? <Notice type="error" className="dv-mlist__notice" title={problems.form} /> : null}
      <div className="dv-carriers__actions">
        {canChange ? (
          <Button type="primary" htmlType="submit" loading={busy}>
            {isNew ? 'Add the carrier' : 'Save'}
          </Button>
        ) : null}
        {canChange && carrier !== null ? (
          <Button danger={carrier.active} disabled={busy} onClick={() => void run(() => changeCarrier(http, carrier.payerId, { active: !carrier.active }))}>
            {carrier.active ? 'Deactivate' : 'Restore'}
          </Button>
        ) : null}
        <Button disabled={busy} onClick={onClose}>
          {canChange ? 'Cancel' : 'Close'}
        </Button>
      </div>
    </form>
  );
}
