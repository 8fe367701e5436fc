/**
 * Source job runs as a Prometheus histogram (the service's GET /metrics): how long a handler took, by source
 * (clearinghouse, portal) and outcome: the job's outcome when the run finished it (success, rejected, error),
 * `retry` for a transient failure, `waiting` for a portal request that went out and waits for its answer.
 */
import { Histogram, type MetricsRegistry } from '@dv/kit';
import type { JobRun } from './job-runner';

/** Seconds; a sandbox answers in milliseconds, a clearinghouse within its timeout. */
const RUN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function sourceJobMetrics(registry: MetricsRegistry): (run: JobRun) => void {
  const duration = new Histogram({
    name: 'source_job_run_duration_seconds',
    help: 'Time a source job handler took for one run, by source and outcome (success, rejected, error, retry, waiting)',
    labelNames: ['source', 'outcome'] as const,
    buckets: RUN_BUCKETS,
    registers: [registry],
  });
  return ({ source, step, seconds }) => duration.observe({ source, outcome: step.kind === 'finished' ? step.outcome : step.kind }, seconds);
}
