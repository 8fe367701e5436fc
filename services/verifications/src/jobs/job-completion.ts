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
 * A job that is already done does not change any more (a late or repeated answer is ignored).
 */
import {
  EVENT_TYPES,
  type JobOutcome,
  type SourceJobStatus,
  type VerificationStatus,
} from '@dv/contracts';
import { type Logger, type Outbox, type Transaction } from '@dv/kit';
import { SYSTEM_USER, type AuditLog } from '../audit/audit.store';
import { verificationReadyMessage } from '../events';
import { type PlanLibrary } from '../plans/plans.service';
import { mergeSources, type SourceResult } from '../scoring/merge';
import { planScore } from '../scoring/plan-score';
import { internalWarnings } from '../scoring/warnings';
import { readTicket } from '../verifications/ticket-document';
import { type VerificationChange, type VerificationStore } from '../verifications/verifications.store';
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

export function jobCompletion(deps: JobCompletionDeps): JobCompletion {
  return {
    async apply(tx, jobId, update) {
      const job = await deps.jobs.findById(jobId, tx);
      if (job === null || job.status === 'done' || !matches(job, update.expect)) return NOT_APPLIED;
      const now = deps.now();
      const at = now.toISOString();
      const finished = update.status === 'done';
      const reason = update.reason ?? null;
      const statusChanged = job.status !== update.status;
      if (!statusChanged && !finished && job.reason === reason) return NOT_APPLIED;

      const change: JobChange = {
        status: update.status,
        outcome: finished ? (update.outcome ?? 'error') : null,
        reason,
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
      if (!(await deps.jobs.updateIf(jobId, { status: job.status }, change, tx))) return NOT_APPLIED;
      const updated: JobDocument = { ...job, ...change };
      const jobs = (await deps.jobs.ofVerification(job.verificationId, tx)).map((other) => (other._id === jobId ? updated : other));

      const verification = await deps.verifications.findById(job.verificationId, tx);
      if (verification === null) {
        deps.logger?.warn({ jobId, verificationId: job.verificationId }, 'source job of a verification that no longer exists');
        return { applied: true, ready: false };
      }
      const ready = statusChanged && !jobs.some(isActive);
      let verificationChange: VerificationChange = {
        updatedAt: at,
        status: verificationStatus(verification.status, jobs),
      };

      // A submitted verification keeps what the user submitted; a late source is only recorded on its job.
      const open = verification.status !== 'Completed' && verification.status !== 'Submitted';
      if (open && (finished || ready)) {
        let wrapper = readTicket(verification.document);
        if (finished) {
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
          wrapper = { ...wrapper, patient: merged.patient, plan: merged.plan };
          verificationChange = {
            ...verificationChange,
            warnings: internalWarnings({
              sourceWarnings: results.flatMap((result) => result.warnings),
              plan: merged.plan,
              conflicts: merged.stats.conflicts,
              outcomes: jobs.filter((other) => other.status === 'done').map((other) => other.outcome),
            }),
            agreement,
            planScore: merged.plan?.score ?? null,
          };
        }
        // Nothing more arrives without the office: the plan as it stands joins the organization's library.
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
          verificationChange = { ...verificationChange, planId: shared.planId };
        }
        verificationChange = { ...verificationChange, document: wrapper };
      }
      if (ready) {
        verificationChange = { ...verificationChange, readyAt: at };
        await deps.outbox.add(tx, verificationReadyMessage(verification, jobs, at));
      } else if (statusChanged) {
        await deps.outbox.add(tx, verificationReadyMessage(verification, jobs, at, EVENT_TYPES.verificationJobChanged));
      }
      await deps.verifications.update(tx, verification._id, verificationChange);
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
      return { applied: true, ready };
    },
  };
}
