/**
 * A one-line text input drawn like antd's Input (border, hover and focus in the theme's teal, red when in
 * error), as a plain <input>: antd's Input brings its affix, count and clear machinery (about 10 KB compressed)
 * that these fields never show.
 */
import { type InputHTMLAttributes } from 'react';
import './fields.css';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** 'error' draws the field in the error colour (aria-invalid says it to assistive technology). */
  readonly status?: 'error';
};

export function TextInput({ status, className, ...input }: TextInputProps) {
  const classes = ['dv-input', status === 'error' ? 'dv-input-error' : '', className ?? ''].filter(Boolean).join(' ');
  return <input type="text" className={classes} {...input} />;
}
