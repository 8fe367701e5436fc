/**
 * The management forms' controls (offices, groups, users): a labelled native input, select or set of checkboxes,
 * with its problem under it, tied by aria-describedby. Plain HTML, styled by management-forms.css: antd's Form,
 * Select and Checkbox would bring some 100 KB (gzip) to pages that stay within issue 12's budget without them.
 */
import { type ReactNode, useId } from 'react';
import './management-forms.css';

type FieldFrame = {
  readonly label: string;
  readonly problem?: string | undefined;
  /** A line under the control saying what the value is for. */
  readonly hint?: ReactNode;
};

/** The line under a control saying what its value is for (`id` when the control is described by it). */
function Hint({ id, hint }: { id?: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <span id={id} className="dv-form-hint">
      {hint}
    </span>
  );
}

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <span id={id} className="dv-form-problem" role="alert">
      {problem}
    </span>
  );
}

export type TextFieldProps = FieldFrame & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'email';
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly disabled?: boolean;
  readonly autoComplete?: string;
};

export function TextField({ label, problem, hint, value, onChange, type = 'text', required, maxLength = 200, disabled, autoComplete = 'off' }: TextFieldProps) {
  const id = useId();
  const described = [problem ? `${id}-problem` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="dv-form-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described === '' ? undefined : described}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={`${id}-hint`} hint={hint} />
      <Problem id={`${id}-problem`} problem={problem} />
    </div>
  );
}

export type Choice<T extends string> = { readonly value: T; readonly label: string; readonly disabled?: boolean };

export type SelectFieldProps<T extends string> = FieldFrame & {
  readonly value: T | '';
  readonly options: readonly Choice<T>[];
  readonly onChange: (value: T | '') => void;
  /** The first option, meaning "none" (''); no such option without it. */
  readonly noneLabel?: string;
  readonly disabled?: boolean;
};

export function SelectField<T extends string>({ label, problem, hint, value, options, onChange, noneLabel, disabled }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="dv-form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value as T | '')}
      >
        {noneLabel === undefined ? null : <option value="">{noneLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={`${id}-hint`} hint={hint} />
      <Problem id={`${id}-problem`} problem={problem} />
    </div>
  );
}

export type CheckboxGroupProps<T extends string> = FieldFrame & {
  readonly values: readonly T[];
  readonly options: readonly Choice<T>[];
  readonly onChange: (values: T[]) => void;
};

/** A fieldset of checkboxes: the legend names the group, each box its choice. */
export function CheckboxGroup<T extends string>({ label, problem, hint, values, options, onChange }: CheckboxGroupProps<T>) {
  const id = useId();
  const toggle = (value: T, on: boolean) => onChange(on ? [...values, value] : values.filter((item) => item !== value));
  return (
    <fieldset className="dv-form-field dv-form-choices" aria-describedby={problem ? `${id}-problem` : undefined} aria-invalid={problem ? true : undefined}>
      <legend>{label}</legend>
      <div className="dv-form-choice-row">
        {options.map((option) => (
          <label key={option.value} className="dv-form-choice">
            <input
              type="checkbox"
              checked={values.includes(option.value)}
              disabled={option.disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <Hint hint={hint} />
      <Problem id={`${id}-problem`} problem={problem} />
    </fieldset>
  );
}

/** One yes/no setting. */
export function CheckboxField({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode; disabled?: boolean }) {
  return (
    <div className="dv-form-field">
      <label className="dv-form-choice">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      <Hint hint={hint} />
    </div>
  );
}
