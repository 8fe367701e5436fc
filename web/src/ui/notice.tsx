/**
 * A message box above a page's or a form's content (a failure that kept the draft, a choice to make first):
 * an icon, a title and what to do, in the type's colours, drawn like antd's Alert. Antd's Alert brings its close
 * and motion machinery to boxes that never close.
 */
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import { type HTMLAttributes, type ReactNode } from 'react';
import './ui.css';

const ICONS = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

export type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  readonly type: keyof typeof ICONS;
  readonly title: ReactNode;
  readonly description?: ReactNode;
};

/** Announced when it appears (role "alert", as antd's Alert), unless the caller gives another role. */
export function Notice({ type, title, description, className, role = 'alert', ...box }: NoticeProps) {
  const Icon = ICONS[type];
  return (
    <div className={`dv-notice dv-notice-${type}${className ? ` ${className}` : ''}`} role={role} {...box}>
      <Icon className="dv-notice-icon" aria-hidden />
      <div className="dv-notice-text">
        <div className="dv-notice-title">{title}</div>
        {description ? <div className="dv-notice-description">{description}</div> : null}
      </div>
    </div>
  );
}
