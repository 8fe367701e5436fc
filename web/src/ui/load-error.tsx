/**
 * A read that failed, in place of what it would have shown, with 'Try again'. Drawn with app.css's alert classes
 * (as the info bar is) rather than antd's Alert, which the list and report pages would otherwise load before they
 * render.
 */
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { Button } from 'antd';

export function LoadError({ title, onRetry, className }: { title: string; onRetry: () => void; className?: string }) {
  return (
    <div className={`dv-alert dv-alert--error${className ? ` ${className}` : ''}`} role="alert">
      <span className="dv-alert__icon" aria-hidden="true">
        <CloseCircleFilled />
      </span>
      <div className="dv-alert__body">{title}</div>
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
