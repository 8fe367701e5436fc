/**
 * Screen 3: shown while the app starts and whenever a whole page waits for its data. The spinner is app.css's, not
 * antd's Spin, which every route would otherwise load before it renders (issue 12's budget).
 */
export function LoadingOverlay({ tip = 'Loading…' }: { tip?: string }) {
  return (
    <div className="dv-overlay" role="status" aria-live="polite" aria-busy="true">
      <span className="dv-spinner" aria-hidden="true" />
      <span className="dv-overlay__tip">{tip}</span>
    </div>
  );
}
