/**
 * A practice's details as a form (/register-do, and the Office details tab of /dental-office-settings): name,
 * NPI, tax id, phone and the address. Each control's accessible name is its label; a message shows under its
 * field (the service's 400, tied with aria-describedby). Values are sent as typed: the service checks them with
 * the contract (the NPI's check digit, the EIN, the phone) and answers them normalized.
 */
import { type OfficeAddress, type OfficeDetails, STATE_CODES } from '@dv/contracts';
import { type ReactNode } from 'react';
import { FormField } from '../fields/form-field';
import { PatternInput } from '../fields/pattern-input';
import { TextInput } from '../fields/text-input';
import '../fields/fields.css';

export type PracticeField = 'name' | 'npi' | 'taxId' | 'phone' | 'street1' | 'street2' | 'city' | 'state' | 'zipCode';
export type PracticeDraft = Record<PracticeField, string>;
export type PracticeErrors = Partial<Record<PracticeField, string>>;

export const PRACTICE_LABELS: Readonly<Record<PracticeField, string>> = {
  name: 'Practice name',
  npi: 'NPI',
  taxId: 'Tax ID (EIN)',
  phone: 'Phone',
  street1: 'Street address',
  street2: 'Suite or unit',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
};

const HINTS: Partial<Record<PracticeField, string>> = {
  npi: 'The 10-digit National Provider Identifier.',
  taxId: 'Like 12-3456789.',
};

export const EMPTY_PRACTICE: PracticeDraft = { name: '', npi: '', taxId: '', phone: '', street1: '', street2: '', city: '', state: '', zipCode: '' };

const ADDRESS_FIELDS = ['street1', 'street2', 'city', 'state', 'zipCode'] as const;

/** State names by their code, for the state list (contracts STATE_CODES is keyed by name). */
const STATE_OPTIONS = Object.entries(STATE_CODES)
  .map(([name, code]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The form's field of an issue's path ('address.zipCode' -> zipCode; a missing address -> its street). */
export function practiceFieldOf(path: string): PracticeField | undefined {
  if (path === 'address') return 'street1';
  const [head, inner] = path.split('.');
  if (head === 'address') return (ADDRESS_FIELDS as readonly string[]).includes(inner ?? '') ? (inner as PracticeField) : 'street1';
  return head !== undefined && Object.hasOwn(EMPTY_PRACTICE, head) ? (head as PracticeField) : undefined;
}

export function draftOfDetails(details: OfficeDetails): PracticeDraft {
  return {
    name: details.name,
    npi: details.npi ?? '',
    taxId: details.taxId ?? '',
    phone: details.phone ?? '',
    street1: details.address?.street1 ?? '',
    street2: details.address?.street2 ?? '',
    city: details.address?.city ?? '',
    state: details.address?.state ?? '',
    zipCode: details.address?.zipCode ?? '',
  };
}

/** The address as the service takes it (its schema says what is wrong with it), suite left out when empty. */
export function addressOf(draft: PracticeDraft): Record<keyof OfficeAddress, string | undefined> {
  return {
    street1: draft.street1,
    street2: draft.street2.trim() === '' ? undefined : draft.street2,
    city: draft.city,
    state: draft.state,
    zipCode: draft.zipCode,
  };
}

export function hasAddress(draft: PracticeDraft): boolean {
  return ADDRESS_FIELDS.some((field) => draft[field].trim() !== '');
}

export type PracticeFieldsProps = {
  readonly draft: PracticeDraft;
  readonly errors: PracticeErrors;
  readonly onChange: (field: PracticeField, value: string) => void;
  /** The control ids: each field's label points at it, and a failed save focuses the first one in error. */
  readonly idOf: (field: PracticeField) => string;
  readonly readOnly?: boolean;
  /** Which fields to show; default every one. */
  readonly fields?: readonly PracticeField[];
};

function Field({ field, props, children }: { field: PracticeField; props: PracticeFieldsProps; children: (control: ControlProps) => ReactNode }) {
  const { idOf, errors, readOnly } = props;
  const id = idOf(field);
  const hint = HINTS[field];
  const error = errors[field];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const required = field !== 'street2';
  return (
    <FormField htmlFor={id} label={PRACTICE_LABELS[field]} required={required && !readOnly} error={error} errorId={`${id}-error`}>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': (required && !readOnly) || undefined, readOnly })}
      {hint ? (
        <span id={`${id}-hint`} className="dv-text-secondary">
          {hint}
        </span>
      ) : null}
    </FormField>
  );
}

type ControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  readOnly: boolean | undefined;
};

const TEXT_MAX: Partial<Record<PracticeField, number>> = { name: 200, street1: 200, street2: 200, city: 100 };
const DIGITS_AND_MARKS = /^[\d\s().+-]*$/;

export function PracticeFields(props: PracticeFieldsProps) {
  const { draft, onChange, fields = Object.keys(EMPTY_PRACTICE) as PracticeField[] } = props;
  const shown = (field: PracticeField) => fields.includes(field);
  const text = (field: PracticeField, autoComplete: string) =>
    shown(field) ? (
      <Field field={field} props={props}>
        {(control) => (
          <TextInput {...control} value={draft[field]} maxLength={TEXT_MAX[field] ?? 30} autoComplete={autoComplete} onChange={(event) => onChange(field, event.target.value)} />
        )}
      </Field>
    ) : null;
  const digits = (field: PracticeField, inputMode: 'numeric' | 'tel', autoComplete: string) =>
    shown(field) ? (
      <Field field={field} props={props}>
        {(control) => (
          <PatternInput {...control} allow={DIGITS_AND_MARKS} inputMode={inputMode} value={draft[field]} maxLength={20} autoComplete={autoComplete} onChange={(value) => onChange(field, value)} />
        )}
      </Field>
    ) : null;
  return (
    <div className="dv-form-grid">
      {text('name', 'organization')}
      {digits('npi', 'numeric', 'off')}
      {digits('taxId', 'numeric', 'off')}
      {digits('phone', 'tel', 'tel')}
      {text('street1', 'address-line1')}
      {text('street2', 'address-line2')}
      {text('city', 'address-level2')}
      {shown('state') ? (
        <Field field="state" props={props}>
          {({ readOnly, ...control }) => (
            <select {...control} className="dv-input" value={draft.state} disabled={readOnly} autoComplete="address-level1" onChange={(event) => onChange('state', event.target.value)}>
              <option value="">Choose a state</option>
              {STATE_OPTIONS.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {digits('zipCode', 'numeric', 'postal-code')}
    </div>
  );
}
