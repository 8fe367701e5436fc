/**
 * "Verify all" and where the day's batch stands: the button (disabled while a batch runs), the progress bar
 * "n of N" while it runs (moved by the socket's progress events, use-schedule-day.ts), and once it has ended the
 * summary: ready, needing attention, skipped as fresh. The batch runs on the server: a reload finds it running and
 * the bar goes on. A refusal (the 409 of a batch already running) is said under the button.
 */
import { type ScheduleBatch } from '@dv/contracts';
import { Button } from 'antd';
import { Notice } from '../ui/notice';
import { percentDone } from './batch-progress';
import { batchSummary } from './schedule-look';

export type BatchPanelProps = {
  /** The day's batch with the socket's latest progress. */
  readonly batch: ScheduleBatch | null;
  /** The batch as the day was last read: its counts and whether it has ended. */
  readonly readBatch: ScheduleBatch | null;
  readonly appointments: number;
  readonly starting: boolean;
  readonly problem: string | null;
  readonly onVerifyAll: () => void;
};

function ProgressBar({ batch }: { batch: ScheduleBatch }) {
  const label = `${batch.done} of ${batch.total}`;
  return (
    <div className="dv-schedule__progress" data-testid="batch-progress" data-done={batch.done} data-total={batch.total}>
      <div className="dv-schedule__progress-text">
        <strong>{batch.trigger === 'nightly' ? 'The nightly run is verifying this day' : 'Verifying every appointment of the day'}</strong>
        <span>{label} verified</span>
      </div>
      <div
        className="dv-schedule__bar"
        role="progressbar"
        aria-label="Verify all progress"
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={batch.done}
        aria-valuetext={label}
      >
        <span className="dv-schedule__bar-fill" style={{ width: `${percentDone(batch)}%` }} />
      </div>
      <span className="dv-text-secondary">
        You may leave or reload this page: the verifications go on. Rows turn ready or needing attention as they end.
      </span>
    </div>
  );
}

export function BatchPanel({ batch, readBatch, appointments, starting, problem, onVerifyAll }: BatchPanelProps) {
  const running = batch?.status === 'running' || readBatch?.status === 'running';
  const finished = readBatch?.status === 'done' ? readBatch : null;
  const disabledWhy = running ? 'A batch verification of this day is running' : appointments === 0 ? 'No appointments to verify on this day' : undefined;
  return (
    <div className="dv-schedule__batch">
      <div className="dv-row">
        <Button type="primary" loading={starting} disabled={disabledWhy !== undefined} title={disabledWhy} onClick={onVerifyAll}>
          Verify all
        </Button>
        <span className="dv-text-secondary">Verifies every appointment without a recent verification.</span>
      </div>
      {problem ? <Notice type="error" title={problem} className="dv-schedule__notice" /> : null}
      {running && batch ? <ProgressBar batch={batch} /> : null}
      {finished ? (
        <Notice
          type={finished.counts.attention > 0 ? 'warning' : 'success'}
          role="status"
          className="dv-schedule__notice"
          data-testid="batch-summary"
          title={batchSummary(finished)}
          description={finished.total > 0 && finished.counts.attention > 0 ? 'The rows that need attention say why.' : undefined}
        />
      ) : null}
    </div>
  );
}
