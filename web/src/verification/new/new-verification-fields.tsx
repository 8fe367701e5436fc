/**
 * The New Verification form's fields: the patient, the relation to the subscriber, the subscriber (only when the
 * patient is not the subscriber) and the carrier. Each input's accessible name is its label exactly; an error
 * shows under its field and is tied to it with aria-describedby.
 */
import { RELATIONS_TO_SUBSCRIBER, type RelationToSubscriber } from '@dv/contracts';
import { Select } from 'antd';
import { type ReactNode } from 'react';
import { DateInput } from '../../fields/date-input';
import { FormField } from '../../fields/form-field';
import { PatternInput } from '../../fields/pattern-input';
import { TextInput } from '../../fields/text-input';
import { CarrierSelect } from './carrier-select';
import { type DraftField, type FieldErrors, needsSubscriber, type VerificationDraft } from './verification-draft';

export const FIELD_IDS: Record<DraftField, string> = {
  patientFirstName: 'new-verification-patient-first-name',
  patientLastName: 'new-verification-patient-last-name',
  patientDOB: 'new-verification-patient-dob',
  patientMemberId: 'new-verification-member-id',
  patientRelationToSubscriber: 'new-verification-relation',
  subscriberFirstName: 'new-verification-subscriber-first-name',
  subscriberLastName: 'new-verification-subscriber-last-name',
  subscriberDOB: 'new-verification-subscriber-dob',
  payerId: 'new-verification-carrier',
};

export const FIELD_LABELS: Record<DraftField, string> = {
  patientFirstName: 'Patient first name',
  patientLastName: 'Patient last name',
  patientDOB: 'Patient date of birth',
  patientMemberId: 'Member ID',
  patientRelationToSubscriber: 'Relation to subscriber',
  subscriberFirstName: 'Subscriber first name',
  subscriberLastName: 'Subscriber last name',
  subscriberDOB: 'Subscriber date of birth',
  payerId: 'Carrier',
};

/** What a member id may look like while typed (the contract: letters, digits, dashes). */
const MEMBER_ID_TYPING = /^[A-Za-z0-9-]*$/;

const RELATION_OPTIONS = RELATIONS_TO_SUBSCRIBER.map((relation) => ({ value: relation, label: relation }));

const errorId = (field: DraftField) => `${FIELD_IDS[field]}-error`;

export type FieldsProps = {
  draft: VerificationDraft;
  errors: FieldErrors;
  onChange: <K extends DraftField>(field: K, value: VerificationDraft[K]) => void;
  disabled: boolean;
};

function invalidProps(errors: FieldErrors, field: DraftField) {
  return errors[field] === undefined ? undefined : ({ 'aria-invalid': true, 'aria-describedby': errorId(field) } as const);
}

function Field({ field, errors, required, children }: { field: DraftField; errors: FieldErrors; required?: boolean; children: ReactNode }) {
  return (
    <FormField htmlFor={FIELD_IDS[field]} label={FIELD_LABELS[field]} required={required} error={errors[field]} errorId={errorId(field)}>
      {children}
    </FormField>
  );
}

type TextFieldName = 'patientFirstName' | 'patientLastName' | 'subscriberFirstName' | 'subscriberLastName';

function TextField({ field, ...props }: FieldsProps & { field: TextFieldName }) {
  const { draft, errors, onChange, disabled } = props;
  return (
    <Field field={field} errors={errors} required={field.startsWith('patient')}>
      <TextInput
        id={FIELD_IDS[field]}
        value={draft[field]}
        disabled={disabled}
        // Patient data: the browser must not offer one patient's name for the next one.
        autoComplete="off"
        aria-required={field.startsWith('patient') || undefined}
        maxLength={100}
        onChange={(event) => onChange(field, event.target.value)}
        {...invalidProps(errors, field)}
      />
    </Field>
  );
}

function DateField({ field, ...props }: FieldsProps & { field: 'patientDOB' | 'subscriberDOB' }) {
  const { draft, errors, onChange, disabled } = props;
  return (
    <Field field={field} errors={errors} required={field === 'patientDOB'}>
      <DateInput
        id={FIELD_IDS[field]}
        value={draft[field]}
        disabled={disabled}
        errorId={errorId(field)}
        invalid={errors[field] !== undefined}
        onChange={(value) => onChange(field, value)}
      />
    </Field>
  );
}

export function PatientFields(props: FieldsProps) {
  const { draft, errors, onChange, disabled } = props;
  return (
    <div className="dv-form-grid">
      <TextField {...props} field="patientFirstName" />
      <TextField {...props} field="patientLastName" />
      <DateField {...props} field="patientDOB" />
      <Field field="patientMemberId" errors={errors} required>
        <PatternInput
          id={FIELD_IDS.patientMemberId}
          allow={MEMBER_ID_TYPING}
          value={draft.patientMemberId}
          disabled={disabled}
          autoComplete="off"
          aria-required
          maxLength={80}
          onChange={(value) => onChange('patientMemberId', value)}
          {...invalidProps(errors, 'patientMemberId')}
        />
      </Field>
      <Field field="patientRelationToSubscriber" errors={errors} required>
        <Select<RelationToSubscriber>
          id={FIELD_IDS.patientRelationToSubscriber}
          value={draft.patientRelationToSubscriber}
          options={RELATION_OPTIONS}
          disabled={disabled}
          status={errors.patientRelationToSubscriber === undefined ? undefined : 'error'}
          onChange={(relation) => onChange('patientRelationToSubscriber', relation)}
          {...invalidProps(errors, 'patientRelationToSubscriber')}
        />
      </Field>
      <Field field="payerId" errors={errors} required>
        <CarrierSelect
          id={FIELD_IDS.payerId}
          value={draft.payerId}
          disabled={disabled}
          onChange={(payerId) => onChange('payerId', payerId)}
          invalid={invalidProps(errors, 'payerId')}
        />
      </Field>
    </div>
  );
}

/** The subscriber, asked only when the patient is not the subscriber. */
export function SubscriberFields(props: FieldsProps) {
  if (!needsSubscriber(props.draft)) return null;
  return (
    <fieldset className="dv-new-verification__subscriber">
      <legend>Subscriber</legend>
      <div className="dv-form-grid">
        <TextField {...props} field="subscriberFirstName" />
        <TextField {...props} field="subscriberLastName" />
        <DateField {...props} field="subscriberDOB" />
      </div>
    </fieldset>
  );
}
