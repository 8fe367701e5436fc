/**
 * A date typed as MM/dd/yyyy (SPEC sections 2 and 5): slashes come by themselves, and a date that is complete
 * but not a real date, or left incomplete, marks the field as in error.
 */
import { DATE_FORMAT } from '@dv/contracts';
import { useState } from 'react';
import { isValidDate, maskDate } from './date-format';
import { TextInput } from './text-input';

export type DateInputProps = {
  id: string;
  value: string;
  onChange: (value: string, valid: boolean) => void;
  /** The id of the element that labels the field's error, for aria-describedby. */
  errorId?: string;
  /** The form found the field wrong (a required date left empty): shown as in error like a date that is not real. */
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-label'?: string;
};

export function DateInput({ id, value, onChange, errorId, invalid: wrongForForm, disabled, autoFocus, ...aria }: DateInputProps) {
  const [touched, setTouched] = useState(false);
  const complete = value.length === DATE_FORMAT.length;
  const invalid = wrongForForm === true || (value !== '' && !isValidDate(value) && (complete || touched));
  return (
    <TextInput
      id={id}
      value={value}
      placeholder={DATE_FORMAT}
      inputMode="numeric"
      autoComplete="off"
      maxLength={DATE_FORMAT.length}
      disabled={disabled}
      autoFocus={autoFocus}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      aria-label={aria['aria-label']}
      onBlur={() => setTouched(true)}
      onChange={(event) => {
        const next = maskDate(event.target.value);
        onChange(next, isValidDate(next));
      }}
    />
  );
}
