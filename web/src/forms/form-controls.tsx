/**
 * The forms pages' controls (template editor, rules, customizations, a ticket's form): a labelled native input,
 * number box, select, text area or check box, with its hint and its problem under it, both tied by
 * aria-describedby. Plain HTML styled by forms.css: antd's Form, InputNumber and Select would bring their weight
 * to management pages that do without (issue 12's budget).
 */
import { type ReactNode, useId } from 'react';
import './forms.css';

export type FieldFrameProps = {
  readonly label: ReactNode;
  readonly problem?: string | undefined;
  /** A line under the control saying what the value is for. */
  readonly hint?: ReactNode;
  /** Shown after the label, e.g. the question's key for developers. */
  readonly after?: ReactNode;
  readonly className?: string;
};

export function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <span id={id} className="dv-fq-problem" role="alert">
      {problem}
    </span>
  );
}

/** The ids a control is described by: its hint and its problem. */
export function describedBy(id: string, hint: unknown, problem: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return ids === '' ? undefined : ids;
}

function Frame({ id, label, problem, hint, after, className, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={`dv-fq-field${className ? ` ${className}` : ''}`}>
      <span className="dv-fq-label-row">
        <label htmlFor={id}>{label}</label>
        {after}
      </span>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className="dv-fq-hint">
          {hint}
        </span>
      ) : null}
      <Problem id={`${id}-problem`} problem={problem} />
    </div>
  );
}

export type TextInputProps = FieldFrameProps & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
  readonly disabled?: boolean;
  /** Digits and a point: the phone shows its number pad. */
  readonly numeric?: boolean;
  readonly prefix?: string;
  readonly suffix?: string;
  readonly list?: string;
  readonly placeholder?: string;
};

export function TextInput({ value, onChange, maxLength = 200, disabled, numeric, prefix, suffix, list, placeholder, ...frame }: TextInputProps) {
  const id = useId();
  const input = (
    <input
      id={id}
      type="text"
      className="dv-fq-input"
      value={value}
      maxLength={maxLength}
      disabled={disabled}
      list={list}
      placeholder={placeholder}
      autoComplete="off"
      inputMode={numeric ? 'decimal' : undefined}
      aria-invalid={frame.problem ? true : undefined}
      aria-describedby={describedBy(id, frame.hint, frame.problem)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <Frame id={id} {...frame}>
      {prefix || suffix ? (
        <span className="dv-fq-affixed">
          {prefix ? <span className="dv-fq-affix" aria-hidden="true">{prefix}</span> : null}
          {input}
          {suffix ? <span className="dv-fq-affix" aria-hidden="true">{suffix}</span> : null}
        </span>
      ) : (
        input
      )}
    </Frame>
  );
}

export type TextAreaProps = FieldFrameProps & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
  readonly disabled?: boolean;
};

/** SPEC section 2: multiline text fields span 3 to 8 rows. */
export function TextArea({ value, onChange, maxLength = 2000, disabled, ...frame }: TextAreaProps) {
  const id = useId();
  const rows = Math.min(8, Math.max(3, value.split('\n').length));
  return (
    <Frame id={id} {...frame}>
      <textarea
        id={id}
        className="dv-fq-input dv-fq-textarea"
        value={value}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={frame.problem ? true : undefined}
        aria-describedby={describedBy(id, frame.hint, frame.problem)}
        onChange={(event) => onChange(event.target.value)}
      />
    </Frame>
  );
}

export type SelectInputProps<T extends string> = FieldFrameProps & {
  readonly value: T | '';
  readonly onChange: (value: T) => void;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  /** A first choice that stands for nothing chosen ('Pick a question'). */
  readonly placeholder?: string;
  readonly disabled?: boolean;
};

export function SelectInput<T extends string>({ value, onChange, options, placeholder, disabled, ...frame }: SelectInputProps<T>) {
  const id = useId();
  return (
    <Frame id={id} {...frame}>
      <select
        id={id}
        className="dv-fq-input"
        value={value}
        disabled={disabled}
        aria-invalid={frame.problem ? true : undefined}
        aria-describedby={describedBy(id, frame.hint, frame.problem)}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function CheckBox({ label, checked, onChange, disabled, hint }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; hint?: ReactNode }) {
  const id = useId();
  return (
    <span className="dv-fq-check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="dv-fq-hint">
          {hint}
        </span>
      ) : null}
    </span>
  );
}

/** The question's key beside its label, for developers (the drawer's 'Show form keys'). */
export function FormKey({ questionKey }: { questionKey: string }) {
  return <code className="dv-fq-key">{questionKey}</code>;
}
