import { Spin } from 'antd';

/** Screen 3: shown while the app starts and whenever a whole page waits for its data. */
export function LoadingOverlay({ tip = 'Loading…' }: { tip?: string }) {
  return (
    <div className="dv-overlay" role="status" aria-live="polite" aria-busy="true">
      <Spin size="large" />
      <span className="dv-overlay__tip">{tip}</span>
    </div>
  );
}
