/**
 * A labelled field of a plain form: the label names the control (htmlFor), a required field shows antd's red
 * mark (drawn by the CSS, as antd does, so the label's text stays the field's name), and the error shows under the
 * control with the id the control's aria-describedby names. Antd's Form.Item brings the whole form store and
 * its validator (about 20 KB compressed) to forms that check their values with the contract's schemas.
 */
import { type ReactNode } from 'react';
import './fields.css';

export type FormFieldProps = {
  /** The control's id: the label points at it. */
  readonly htmlFor: string;
  readonly label: ReactNode;
  readonly required?: boolean;
  /** The message under the control; `errorId` is its id. */
  readonly error?: string;
  readonly errorId?: string;
  readonly children: ReactNode;
};

export function FormField({ htmlFor, label, required, error, errorId, children }: FormFieldProps) {
  return (
    <div className={`dv-form-item${error === undefined ? '' : ' dv-form-item-error'}`}>
      <label htmlFor={htmlFor} className={`dv-form-label${required ? ' dv-form-label-required' : ''}`}>
        {label}
      </label>
      {children}
      {error === undefined ? null : (
        <div id={errorId} className="dv-form-error">
          {error}
        </div>
      )}
    </div>
  );
}
