/**
 * A state of the page in place of its content (not found, failed, no plan): an icon, a title, what it means and
 * the ways on, centred like antd's Result. Antd's Result draws its 404 as a large picture that every ticket would
 * download for a state it rarely shows.
 */
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import { type ReactNode } from 'react';
import './ui.css';

const ICONS = {
  info: <InfoCircleFilled className="dv-result-icon dv-result-icon-info" />,
  warning: <ExclamationCircleFilled className="dv-result-icon dv-result-icon-warning" />,
  error: <CloseCircleFilled className="dv-result-icon dv-result-icon-error" />,
} as const;

export type StatusResultProps = {
  readonly status: keyof typeof ICONS;
  readonly title: ReactNode;
  readonly subTitle?: ReactNode;
  /** Buttons and links, side by side under the text. */
  readonly extra?: ReactNode;
};

export function StatusResult({ status, title, subTitle, extra }: StatusResultProps) {
  return (
    <div className="dv-result">
      {ICONS[status]}
      <div className="dv-result-title">{title}</div>
      {subTitle ? <div className="dv-result-subtitle">{subTitle}</div> : null}
      {extra ? <div className="dv-result-extra">{extra}</div> : null}
    </div>
  );
}
