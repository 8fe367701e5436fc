/**
 * Recording what happened to a source job, in the caller's store transaction, together with everything that
 * follows from it:
 * - the job's new status, outcome, reason, result and the source's raw answer;
 * - when the job ended: the verification's patient and plan merged again from every successful job's result
 *   (user edits kept), its warnings, the sources' agreement and the plan score;
 * - the verification's status: Pending while a job runs, portalpending while a job waits for the office and
 *   none runs, Completed (after submit) left alone;
 * - readiness: when the change leaves no job pending or processing, the plan is shared in the plan library and
 *   a `verification.ready` event goes to the outbox, in this same transaction;
 * - an audit record of the service's write.
 * A job that is already done does not change any more (a late or repeated answer is ignored). A re-check's job
 * (reverification/) changes its check instead of the ticket.
 */
import {
  EVENT_TYPES,
  type JobOutcome,
  type SourceJobStatus,
  type TicketWrapperV3,
  type VerificationStatus,
} from '@dv/contracts';
import { type Logger, type Outbox, type Transaction } from '@dv/kit';
import { SYSTEM_USER, type AuditLog } from '../audit/audit.store';
import { verificationReadyMessage } from '../events';
import { type PlanLibrary } from '../plans/plans.service';
import { type CheckCompletion } from '../reverification/check-completion';
import { mergeSources, type SourceResult } from '../scoring/merge';
import { planScore } from '../scoring/plan-score';
import { internalWarnings } from '../scoring/warnings';
import { readinessFacts } from '../verifications/readiness';
import { readTicket } from '../verifications/ticket-document';
import { summaryOf, type VerificationChange, type VerificationDocument, type VerificationStore } from '../verifications/verifications.store';
import {
  isActive,
  jobResultOf,
  WAITING_JOB_STATUSES,
  type JobChange,
  type JobDocument,
  type JobRawAnswer,
  type JobResult,
  type JobStore,
} from './jobs.store';

/** Written into each merged plan: which rules scored it (scoring/). */
export const SCORING_ENGINE_VERSION = 'verifications-merge/1';

export interface JobUpdate {
  readonly status: SourceJobStatus;
  /** With `done`. */
  readonly outcome?: JobOutcome;
  readonly reason?: string | null;
  /** With a successful `done`. */
  readonly result?: JobResult;
  /** With `done`: the source's answer as it came (also a rejection, or data that did not map). */
  readonly raw?: JobRawAnswer;
  /** The portal that answered, when the portals service names one. */
  readonly sourceName?: string;
  /** Applies only when the job still matches these (its runner's lease, the request answered). */
  readonly expect?: Partial<Pick<JobDocument, 'status' | 'leaseOwner' | 'requestId'>>;
}

export interface AppliedUpdate {
  readonly applied: boolean;
  /** A `verification.ready` event was written. */
  readonly ready: boolean;
}

export interface JobCompletionDeps {
  readonly jobs: Pick<JobStore, 'findById' | 'ofVerification' | 'updateIf'>;
  readonly verifications: Pick<VerificationStore, 'findById' | 'update'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly library: Pick<PlanLibrary, 'share'>;
  /** Settles the re-checks' jobs (reverification/check-completion.ts); without it their changes are recorded on the job only. */
  readonly checks?: Pick<CheckCompletion, 'jobChanged'>;
  readonly now: () => Date;
  readonly logger?: Logger;
}

export interface JobCompletion {
  apply(tx: Transaction, jobId: string, update: JobUpdate): Promise<AppliedUpdate>;
}

const NOT_APPLIED: AppliedUpdate = { applied: false, ready: false };

function matches(job: JobDocument, expect: JobUpdate['expect']): boolean {
  if (expect === undefined) return true;
  return Object.entries(expect).every(([key, value]) => job[key as keyof JobDocument] === value);
}

function verificationStatus(current: VerificationStatus, jobs: readonly JobDocument[]): VerificationStatus {
  if (current === 'Completed' || current === 'Submitted') return current;
  if (jobs.some(isActive)) return 'Pending';
  if (jobs.some((job) => WAITING_JOB_STATUSES.includes(job.status))) return 'portalpending';
  return 'Pending';
}

/** The job's fields after the update; a finished job keeps its result and the source's raw answer. */
function jobChangeOf(update: JobUpdate, at: string): JobChange {
  const finished = update.status === 'done';
  return {
    status: update.status,
    outcome: finished ? (update.outcome ?? 'error') : null,
    reason: update.reason ?? null,
    updatedAt: at,
    leaseOwner: null,
    leaseUntil: 0,
    ...(update.sourceName === undefined ? {} : { sourceName: update.sourceName }),
    ...(update.status === 'processing' ? {} : { deadlineAt: 0 }),
    ...(finished
      ? {
          finishedAt: at,
          resultJson: update.result === undefined ? null : JSON.stringify(update.result),
          rawJson: update.raw === undefined ? null : JSON.stringify(update.raw),
        }
      : {}),
  };
}

/**
 * The ticket merged again from every successful job's result (user edits kept), scored, with the change of the
 * verification's warnings, agreement and plan score.
 */
function mergeJobResults(
  verification: VerificationDocument,
  jobs: readonly JobDocument[],
  wrapper: TicketWrapperV3,
  now: Date,
): { wrapper: TicketWrapperV3; change: VerificationChange } {
  const results: (SourceResult & { warnings: JobResult['warnings'] })[] = jobs.flatMap((other) => {
    const result = other.status === 'done' && other.outcome === 'success' ? jobResultOf(other) : null;
    return result === null
      ? []
      : [{ source: other.source, sourceName: other.sourceName, plan: result.plan, patient: result.patient, warnings: result.warnings }];
  });
  const merged = mergeSources({
    results,
    carrier: verification.carrier,
    now,
    previous: { plan: wrapper.plan, patient: wrapper.patient },
  });
  const agreement = {
    compared: merged.stats.compared,
    agreed: merged.stats.agreed,
    disputed: merged.stats.conflicts.map((conflict) => conflict.path),
  };
  if (merged.plan !== null) {
    merged.plan.score = planScore(merged.plan, merged.patient, agreement);
    merged.plan.scoringEngineVersion = SCORING_ENGINE_VERSION;
  }
  const change: VerificationChange = {
    warnings: internalWarnings({
      sourceWarnings: results.flatMap((result) => result.warnings),
      plan: merged.plan,
      conflicts: merged.stats.conflicts,
      outcomes: jobs.filter((other) => other.status === 'done').map((other) => other.outcome),
    }),
    agreement,
    planScore: merged.plan?.score ?? null,
  };
  return { wrapper: { ...wrapper, patient: merged.patient, plan: merged.plan }, change };
}

type Step = { readonly finished: boolean; readonly ready: boolean; readonly now: Date };

/**
 * The ticket after the job: merged again when it finished; when nothing more arrives without the office, its
 * plan as it stands joins the organization's library. Undefined once submitted: a submitted verification keeps
 * what the user submitted, and a late source is only recorded on its job.
 */
async function refreshTicket(
  deps: JobCompletionDeps,
  tx: Transaction,
  verification: VerificationDocument,
  jobs: readonly JobDocument[],
  { finished, ready, now }: Step,
): Promise<VerificationChange | undefined> {
  const open = verification.status !== 'Completed' && verification.status !== 'Submitted';
  if (!open || !(finished || ready)) return undefined;
  let wrapper = readTicket(verification.document);
  let change: VerificationChange = {};
  if (finished) ({ wrapper, change } = mergeJobResults(verification, jobs, wrapper, now));
  if (ready && wrapper.plan !== null) {
    const shared = await deps.library.share(tx, {
      orgId: verification.orgId,
      verificationId: verification._id,
      currentPlanId: verification.planId,
      carrier: verification.carrier,
      plan: wrapper.plan,
      now,
    });
    wrapper.plan.planHash = shared.planHash;
    change = { ...change, planId: shared.planId };
  }
  return { ...change, document: wrapper };
}

/** The verification's change, the outbox event (ready, or a job's status changed) and the audit record. */
async function recordVerification(
  deps: JobCompletionDeps,
  tx: Transaction,
  verification: VerificationDocument,
  jobs: readonly JobDocument[],
  { jobId, update, statusChanged, ready, now }: { jobId: string; update: JobUpdate; statusChanged: boolean; ready: boolean; now: Date },
): Promise<void> {
  const at = now.toISOString();
  const ticket = await refreshTicket(deps, tx, verification, jobs, { finished: update.status === 'done', ready, now });
  const change: VerificationChange = {
    updatedAt: at,
    status: verificationStatus(verification.status, jobs),
    ...ticket,
    ...(ready ? { readyAt: at } : {}),
  };
  const coverage = summaryOf(ticket?.document ?? verification.document)?.coverageStatus ?? verification.summary?.coverageStatus ?? 'unknown';
  const facts = readinessFacts(coverage, jobs);
  if (ready) {
    await deps.outbox.add(tx, verificationReadyMessage(verification, jobs, at, EVENT_TYPES.verificationReady, facts));
  } else if (statusChanged) {
    await deps.outbox.add(tx, verificationReadyMessage(verification, jobs, at, EVENT_TYPES.verificationJobChanged, facts));
  }
  await deps.verifications.update(tx, verification._id, change);
  await deps.audit.record(
    {
      orgId: verification.orgId,
      officeId: verification.officeId,
      userId: SYSTEM_USER,
      ticketId: verification._id,
      action: 'source-update',
      fields: [`job:${jobId}:${update.status}`],
    },
    tx,
  );
}

export function jobCompletion(deps: JobCompletionDeps): JobCompletion {
  return {
    async apply(tx, jobId, update) {
      const job = await deps.jobs.findById(jobId, tx);
      if (job === null || job.status === 'done' || !matches(job, update.expect)) return NOT_APPLIED;
      const statusChanged = job.status !== update.status;
      // The same status (never done here: a done job was left above) with the same reason changes nothing.
      if (!statusChanged && job.reason === (update.reason ?? null)) return NOT_APPLIED;

      const now = deps.now();
      const change = jobChangeOf(update, now.toISOString());
      if (!(await deps.jobs.updateIf(jobId, { status: job.status }, change, tx))) return NOT_APPLIED;
      const updated: JobDocument = { ...job, ...change };
      // A re-check's job: its result goes to the re-verification, never into the ticket.
      if (job.reverificationId !== undefined) {
        const settled = await deps.checks?.jobChanged(tx, updated);
        return { applied: true, ready: settled?.ended ?? false };
      }
      const jobs = (await deps.jobs.ofVerification(job.verificationId, tx)).map((other) => (other._id === jobId ? updated : other));

      const verification = await deps.verifications.findById(job.verificationId, tx);
      if (verification === null) {
        deps.logger?.warn({ jobId, verificationId: job.verificationId }, 'source job of a verification that no longer exists');
        return { applied: true, ready: false };
      }
      const ready = statusChanged && !jobs.some(isActive);
      await recordVerification(deps, tx, verification, jobs, { jobId, update, statusChanged, ready, now });
      return { applied: true, ready };
    },
  };
}
