/**
 * A small status label (a job's state, the ticket's status, the plan score), drawn by the page's CSS in AA
 * colours: antd's Tag and its colour presets cost more than the page needs for a few words.
 */
import { type HTMLAttributes } from 'react';
import './ui.css';

export type PillTone = 'default' | 'processing' | 'warning' | 'success' | 'error' | 'blue' | 'green' | 'gold' | 'red' | 'orange' | 'purple';

export function Pill({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone: PillTone }) {
  return <span className={`dv-pill dv-pill-${tone}${className ? ` ${className}` : ''}`} {...rest} />;
}
