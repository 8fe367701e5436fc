/**
 * A re-check's job changed (the job runner or the portal results consumer recorded it through job-completion.ts):
 * the check's status follows its jobs, in the same store transaction as the job's change.
 * - checking: a job is pending or processing;
 * - waiting: none is, and one waits for the office (a credential, an MFA code); what answered is kept already;
 * - done: every job ended.
 * Once no job runs, what the successful jobs found is merged (scoring/merge.ts, the verification's own merge) into
 * the check's eligibility entry, compared with the previous answered check (eligibility.ts), and the record's
 * Reverification document is written again. The office's browsers get the check's new status.
 */
import { type EligibilityEntryV3, type ReverificationCheckStatus, type ReverificationV3 } from '@dv/contracts';
import { type Outbox, type Transaction } from '@dv/kit';
import { SYSTEM_USER, type AuditLog } from '../audit/audit.store';
import { reverificationStatusMessage } from '../events';
import { isActive, jobResultOf, WAITING_JOB_STATUSES, type JobDocument, type JobStore } from '../jobs/jobs.store';
import { mergeSources } from '../scoring/merge';
import { eligibilityChanges, findingOf, type CheckFinding } from './eligibility';
import { latestAnswered } from './reverification-views';
import { type ReverificationDocument, type ReverificationStore, type StoredCheck } from './reverification.store';

export interface CheckCompletionDeps {
  readonly reverifications: Pick<ReverificationStore, 'ofVerification' | 'update'>;
  readonly jobs: Pick<JobStore, 'ofChecks'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly now: () => Date;
}

export interface CheckCompletion {
  /** `job`: the re-check's job as it is after its change. Resolves whether the check stopped running. */
  jobChanged(tx: Transaction, job: JobDocument): Promise<{ readonly ended: boolean }>;
}

export function checkStatusOf(jobs: readonly Pick<JobDocument, 'status'>[]): ReverificationCheckStatus {
  if (jobs.some(isActive)) return 'checking';
  if (jobs.some((job) => WAITING_JOB_STATUSES.includes(job.status))) return 'waiting';
  return 'done';
}

/** What the check's successful jobs found, merged; undefined when none succeeded. */
function findingOfJobs(jobs: readonly JobDocument[], carrier: ReverificationDocument['carrier'], now: Date): CheckFinding | undefined {
  const results = jobs.flatMap((job) => {
    const result = job.status === 'done' && job.outcome === 'success' ? jobResultOf(job) : null;
    return result === null ? [] : [{ source: job.source, sourceName: job.sourceName, plan: result.plan, patient: result.patient }];
  });
  if (results.length === 0) return undefined;
  const merged = mergeSources({ results, carrier, now });
  return findingOf(merged.patient, merged.plan);
}

/** SPEC section 3's Reverification document of these checks: their entries, the latest answered one's history. */
export function documentOf(checks: readonly StoredCheck[], eligibility: readonly EligibilityEntryV3[]): ReverificationV3 {
  const latest = latestAnswered(checks);
  const entry = eligibility.at(-1);
  return {
    history: latest?.found?.history ?? [],
    historyStatus: latest?.found?.historyStatus ?? 'Unknown',
    ...(latest?.found?.unmappedHistory === undefined ? {} : { unmappedHistory: latest.found.unmappedHistory }),
    ...(entry?.feeSchedule === undefined ? {} : { feeSchedule: entry.feeSchedule }),
    eligibility: [...eligibility],
  };
}

/** The check once its jobs stopped running: its entry in the eligibility list and what changed. */
function settle(
  record: ReverificationDocument,
  index: number,
  check: StoredCheck,
  finding: CheckFinding | undefined,
): { check: StoredCheck; eligibility: EligibilityEntryV3[] } {
  const eligibility = [...record.document.eligibility];
  if (finding === undefined) return { check, eligibility };
  const previous = latestAnswered(record.checks.slice(0, index));
  const before = previous?.found == null || previous.eligibilityIndex === null ? undefined : eligibility[previous.eligibilityIndex];
  const changes = before === undefined || previous?.found == null ? [] : eligibilityChanges({ entry: before, found: previous.found }, finding);
  const entryIndex = check.eligibilityIndex ?? eligibility.length;
  eligibility[entryIndex] = finding.entry;
  return { check: { ...check, eligibilityIndex: entryIndex, found: finding.found, changes }, eligibility };
}

export function checkCompletion(deps: CheckCompletionDeps): CheckCompletion {
  return {
    async jobChanged(tx, job) {
      const checkId = job.reverificationId;
      const record = checkId === undefined ? null : await deps.reverifications.ofVerification(job.verificationId, tx);
      const index = record?.checks.findIndex((check) => check.id === checkId) ?? -1;
      if (record === null || checkId === undefined || index === -1) return { ended: false };
      const jobs = (await deps.jobs.ofChecks([checkId], tx)).map((other) => (other._id === job._id ? job : other));
      const status = checkStatusOf(jobs);
      const current = record.checks[index]!;
      if (status === 'checking' && current.status === 'checking') return { ended: false };

      const now = deps.now();
      const at = now.toISOString();
      const ended = status !== 'checking';
      const base: StoredCheck = { ...current, status, finishedAt: status === 'done' ? at : null };
      const { check, eligibility } = ended ? settle(record, index, base, findingOfJobs(jobs, record.carrier, now)) : { check: base, eligibility: [...record.document.eligibility] };
      const checks = record.checks.map((other, at) => (at === index ? check : other));
      const latest = index === record.checks.length - 1;
      await deps.reverifications.update(tx, record._id, {
        document: documentOf(checks, eligibility),
        checks,
        status: latest ? status : record.status,
        lastCheckedAt: record.lastCheckedAt,
        coverageStatus: eligibility.at(-1)?.coverageStatus ?? record.coverageStatus,
        updatedAt: at,
      });
      if (current.status !== status) await deps.outbox.add(tx, reverificationStatusMessage(record, status, at));
      await deps.audit.record(
        {
          orgId: record.orgId,
          officeId: record.officeId,
          userId: SYSTEM_USER,
          ticketId: record.verificationId,
          action: 'source-update',
          fields: [`reverification:${checkId}:job:${job._id}:${job.status}`],
        },
        tx,
      );
      return { ended };
    },
  };
}
