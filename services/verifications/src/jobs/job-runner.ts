/**
 * Runs source jobs in the background with bounded concurrency, and survives restarts: the store, not memory,
 * is the queue.
 *
 * - `enqueue` is a hint after a verification was created; a sweep (at start and every `sweepIntervalMs`) finds
 *   what is due anyway: pending jobs (also those of a process that stopped), jobs whose runner's lease ran out
 *   mid-run (the process died: they run again), portal jobs whose answer is overdue (they end in error).
 * - A job is claimed with a compare-and-set (pending -> processing, with this runner's lease), so several
 *   processes can run the same store without running a job twice at once.
 * - A handler answers `finished` (the outcome, recorded with job-completion.ts), `retry` (a transient failure:
 *   the job goes back to pending with a growing delay, and ends in error after `maxAttempts` runs) or `waiting`
 *   (a portal job whose request went out; its answer arrives on the bus).
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type JobOutcome, type VerificationSource } from '@dv/contracts';
import { backoffDelay, type Backoff, type Logger, type Outbox, type Store } from '@dv/kit';
import { verificationReadyMessage } from '../events';
import { type JobCompletion } from './job-completion';
import { type JobDocument, type JobRawAnswer, type JobResult, type JobStore } from './jobs.store';

export type JobStep =
  | {
      readonly kind: 'finished';
      readonly outcome: JobOutcome;
      readonly reason: string | null;
      readonly result?: JobResult;
      /** The source's answer as it came, when one came (kept for the source view, never logged). */
      readonly raw?: JobRawAnswer;
    }
  | { readonly kind: 'retry'; readonly reason: string }
  | { readonly kind: 'waiting' };

export interface JobHandler {
  /** Runs a claimed job (status processing, `leaseOwner` this runner). */
  run(job: JobDocument): Promise<JobStep>;
}

export interface JobRunnerOptions {
  readonly store: Pick<Store, 'transaction'>;
  readonly jobs: JobStore;
  readonly completion: JobCompletion;
  /** Where the claim of a job is announced (`verification.job-changed`); without it, claims are silent. */
  readonly outbox?: Pick<Outbox, 'add'>;
  readonly handlers: Readonly<Record<VerificationSource, JobHandler>>;
  /** Jobs run at once by this runner. */
  readonly concurrency: number;
  /** How long a run may take before another runner may take the job over; longer than any handler's timeout. */
  readonly leaseMs: number;
  /** Runs of a job before a transient failure counts as final. */
  readonly maxAttempts?: number;
  /** Wait before the next run after `attempt` runs ended in `retry`; default JOB_RETRY_BACKOFF. */
  readonly retryDelayMs?: (attempt: number) => number;
  readonly sweepIntervalMs?: number;
  /** Reason of a portal job that got no answer in time. */
  readonly overdueReason?: string;
  readonly now?: () => number;
  readonly runnerId?: string;
  readonly logger?: Logger;
  /** Told how each run of a handler went and how long it took (the metrics, job-metrics.ts). */
  readonly onRunEnded?: (run: JobRun) => void;
}

export interface JobRun {
  readonly source: VerificationSource;
  readonly step: JobStep;
  readonly seconds: number;
}

export interface JobRunner {
  readonly runnerId: string;
  /** Resumes what the store holds (pending, abandoned, overdue jobs), then sweeps periodically. */
  start(): Promise<void>;
  /** Runs these jobs soon (they must be pending). */
  enqueue(jobIds: readonly string[]): void;
  /** One pass over the store for due, abandoned and overdue jobs. */
  sweep(): Promise<void>;
  /** Resolves when nothing is queued or running in this runner. */
  idle(): Promise<void>;
  /** Stops sweeping and taking jobs; waits for the runs in progress. */
  stop(): Promise<void>;
}

const SWEEP_BATCH = 200;
export const UNEXPECTED_FAILURE = 'The job failed unexpectedly; the error was logged';

/** A second after the first transient failure, doubling up to 30 s. */
const JOB_RETRY_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 30_000 };

function defaultRetryDelay(attempt: number): number {
  return backoffDelay(attempt, JOB_RETRY_BACKOFF);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const runnerId = options.runnerId ?? `runner-${randomUUID()}`;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const log = options.logger?.child({ component: 'job-runner', runnerId });
  const { jobs, completion, store } = options;

  const queue: string[] = [];
  const queued = new Set<string>();
  const running = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let idleWaiters: (() => void)[] = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  /** Nothing runs before `start` (jobs enqueued before wait) nor after `stop`. */
  let stopped = true;

  function settleIdle(): void {
    if (queue.length > 0 || running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) work();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function finish(job: JobDocument, outcome: JobOutcome, reason: string | null, result?: JobResult, raw?: JobRawAnswer): Promise<void> {
    await store.transaction((tx) =>
      completion.apply(tx, job._id, {
        status: 'done',
        outcome,
        reason,
        ...(result === undefined ? {} : { result }),
        ...(raw === undefined ? {} : { raw }),
        expect: { status: 'processing', leaseOwner: runnerId },
      }),
    );
  }

  async function runOne(jobId: string): Promise<void> {
    const job = await jobs.findById(jobId);
    if (job === null || job.status !== 'pending' || job.availableAt > now()) return;
    const at = now();
    const claim = {
      status: 'processing' as const,
      attempts: job.attempts + 1,
      startedAt: job.startedAt ?? new Date(at).toISOString(),
      leaseOwner: runnerId,
      leaseUntil: at + options.leaseMs,
      updatedAt: new Date(at).toISOString(),
    };
    const claimedNow = await options.store.transaction(async (tx) => {
      if (!(await jobs.updateIf(jobId, { status: 'pending', attempts: job.attempts }, claim, tx))) return false;
      // The office's browsers see the job start working (its chip turns 'processing'); a re-check's job is shown
      // as its check's status, which stays 'checking' while any of its jobs runs.
      if (options.outbox && job.reverificationId === undefined) {
        const all = await jobs.ofVerification(job.verificationId, tx);
        const verification = { _id: job.verificationId, orgId: job.orgId, officeId: job.officeId };
        await options.outbox.add(tx, verificationReadyMessage(verification, all, claim.updatedAt, EVENT_TYPES.verificationJobChanged));
      }
      return true;
    });
    if (!claimedNow) return;
    const claimed: JobDocument = { ...job, ...claim };
    const jobLog = log?.child({ jobId, verificationId: job.verificationId, source: job.source });

    let step: JobStep;
    const runStarted = performance.now();
    try {
      step = await options.handlers[job.source].run(claimed);
    } catch (error) {
      jobLog?.error({ err: error }, 'source job failed unexpectedly');
      step = { kind: 'finished', outcome: 'error', reason: UNEXPECTED_FAILURE };
    }
    options.onRunEnded?.({ source: job.source, step, seconds: (performance.now() - runStarted) / 1000 });
    switch (step.kind) {
      case 'finished':
        await finish(claimed, step.outcome, step.reason, step.result, step.raw);
        jobLog?.debug({ outcome: step.outcome }, 'source job finished');
        break;
      case 'retry': {
        if (claimed.attempts >= maxAttempts) {
          await finish(claimed, 'error', `${step.reason} (gave up after ${claimed.attempts} attempts)`);
          break;
        }
        const delay = retryDelay(claimed.attempts);
        const released = await jobs.updateIf(
          jobId,
          { status: 'processing', leaseOwner: runnerId },
          { status: 'pending', leaseOwner: null, leaseUntil: 0, availableAt: now() + delay, reason: step.reason, updatedAt: new Date(now()).toISOString() },
        );
        jobLog?.info({ reason: step.reason, retryInMs: delay, attempts: claimed.attempts }, 'source job will be retried');
        if (released) later(delay, () => enqueue([jobId]));
        break;
      }
      case 'waiting':
        break;
    }
  }

  function pump(): void {
    while (!stopped && running.size < options.concurrency && queue.length > 0) {
      const jobId = queue.shift()!;
      queued.delete(jobId);
      if (running.has(jobId)) continue;
      const run = runOne(jobId)
        .catch((error: unknown) => log?.error({ err: error, jobId }, 'running a source job failed'))
        .finally(() => {
          running.delete(jobId);
          pump();
          settleIdle();
        });
      running.set(jobId, run);
    }
    settleIdle();
  }

  function enqueue(jobIds: readonly string[]): void {
    for (const jobId of jobIds) {
      if (queued.has(jobId) || running.has(jobId)) continue;
      queued.add(jobId);
      queue.push(jobId);
    }
    pump();
  }

  async function sweepOnce(): Promise<void> {
    const at = now();
    enqueue((await jobs.due(at, SWEEP_BATCH)).map((job) => job._id));
    for (const job of await jobs.abandoned(at, SWEEP_BATCH)) {
      if (running.has(job._id)) continue;
      const reset = await jobs.updateIf(
        job._id,
        { status: 'processing', leaseUntil: job.leaseUntil, ...(job.leaseOwner === null ? {} : { leaseOwner: job.leaseOwner }) },
        { status: 'pending', leaseOwner: null, leaseUntil: 0, availableAt: at, updatedAt: new Date(at).toISOString() },
      );
      if (reset) {
        log?.warn({ jobId: job._id, previousOwner: job.leaseOwner }, 'resuming a source job whose run was interrupted');
        enqueue([job._id]);
      }
    }
    for (const job of await jobs.overdue(at, SWEEP_BATCH)) {
      await store.transaction((tx) =>
        completion.apply(tx, job._id, {
          status: 'done',
          outcome: 'error',
          reason: options.overdueReason ?? 'The source did not answer in time',
          expect: { status: 'processing', requestId: job.requestId },
        }),
      );
    }
  }

  function sweep(): Promise<void> {
    sweeping ??= sweepOnce()
      .catch((error: unknown) => log?.error({ err: error }, 'source job sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  }

  return {
    runnerId,
    async start() {
      stopped = false;
      pump();
      await sweep();
      const interval = options.sweepIntervalMs ?? 5_000;
      if (interval > 0) {
        sweepTimer = setInterval(() => void sweep(), interval);
        sweepTimer.unref();
      }
    },
    enqueue,
    sweep,
    idle() {
      if (queue.length === 0 && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.splice(0);
      queued.clear();
      await sweeping;
      await Promise.allSettled([...running.values()]);
      settleIdle();
    },
  };
}
