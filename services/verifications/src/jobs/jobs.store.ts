/**
 * Source job documents: one per source a verification reads (contracts SOURCE_JOB_STATUSES):
 *
 *   pending -> processing -> done
 *                         -> credentialPending | mfaRequired -> ... -> done      (portal jobs)
 *
 * A job in `processing` is either run by a job runner that holds its lease (`leaseOwner`, `leaseUntil`), or,
 * for a portal job whose request went out, waiting for the portals service's answer until `deadlineAt`.
 * The mapped result of a finished job is kept as JSON text (`resultJson`): the merge of the verification is
 * recomputed from its jobs' results every time one of them ends. The source's raw answer (the 271 text, the
 * portal's data) is kept beside it (`rawJson`) for the source view; it carries patient data and is never logged.
 */
import {
  type InternalWarning,
  type JobOutcome,
  type PatientV3,
  type PlanV3,
  type PortalData,
  type SourceJobStatus,
  type VerificationJobView,
  type VerificationSource,
  WAITING_SOURCE_JOB_STATUSES,
} from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

export const JOBS_COLLECTION = 'sourceJobs';

export interface JobDocument extends BaseDocument {
  readonly verificationId: string;
  readonly orgId: string;
  readonly officeId: string;
  readonly source: VerificationSource;
  /** The clearinghouse's name or the portal's id. */
  readonly sourceName: string;
  readonly status: SourceJobStatus;
  readonly outcome: JobOutcome | null;
  readonly reason: string | null;
  /** Runs started so far. */
  readonly attempts: number;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly updatedAt: string;
  /** Epoch ms before which a pending job is not started (retry backoff). */
  readonly availableAt: number;
  readonly leaseOwner: string | null;
  /** Epoch ms until which `leaseOwner` runs the job; 0 when nobody does. */
  readonly leaseUntil: number;
  /** Epoch ms: a portal job waiting for its first answer ends in error after this; 0 when it waits for none. */
  readonly deadlineAt: number;
  /** The portal data request's id. */
  readonly requestId: string | null;
  /** JSON of a `JobResult` when the job succeeded. */
  readonly resultJson: string | null;
  /**
   * JSON of the `JobRawAnswer` the source gave, written when the job ends (also for rejected answers and answers
   * that did not map); null or absent when none came, and on jobs stored before it was kept.
   */
  readonly rawJson?: string | null;
  /**
   * Set on the jobs of a re-check of the verification (reverification/): the check's id. Such a job reads the
   * verification's patient and carrier like any other, but its result goes to the re-verification, never into the
   * ticket; absent on the verification's own jobs.
   */
  readonly reverificationId?: string;
}

/** A source's answer as it came: the clearinghouse's 271 text or the portal's data (contracts SourceRawAnswer). */
export type JobRawAnswer = { readonly kind: 'x12'; readonly text: string } | { readonly kind: 'portal'; readonly data: PortalData };

/** What a successful job found, in the version 3 documents. */
export interface JobResult {
  readonly plan: PlanV3;
  readonly patient: PatientV3;
  readonly warnings: readonly InternalWarning[];
  readonly notes: readonly string[];
}

export type JobChange = Partial<Omit<JobDocument, '_id' | 'verificationId' | 'orgId' | 'officeId' | 'source' | 'createdAt' | 'reverificationId'>>;

/** Statuses of a job some process still works on. */
export const ACTIVE_JOB_STATUSES: readonly SourceJobStatus[] = ['pending', 'processing'];
/** Statuses of a job that waits for the office (a credential, an MFA code). */
export const WAITING_JOB_STATUSES: readonly SourceJobStatus[] = WAITING_SOURCE_JOB_STATUSES;

export function isActive(job: Pick<JobDocument, 'status'>): boolean {
  return ACTIVE_JOB_STATUSES.includes(job.status);
}

export function jobResultOf(job: Pick<JobDocument, 'resultJson'>): JobResult | null {
  return job.resultJson === null ? null : (JSON.parse(job.resultJson) as JobResult);
}

export function jobRawOf(job: Pick<JobDocument, 'rawJson'>): JobRawAnswer | null {
  return job.rawJson === undefined || job.rawJson === null ? null : (JSON.parse(job.rawJson) as JobRawAnswer);
}

export function jobView(job: JobDocument): VerificationJobView {
  const created = Date.parse(job.createdAt);
  const finished = job.finishedAt === null ? null : Date.parse(job.finishedAt);
  return {
    id: job._id,
    source: job.source,
    sourceName: job.sourceName,
    status: job.status,
    outcome: job.outcome,
    reason: job.reason,
    attempts: job.attempts,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    durationMs: finished === null ? null : Math.max(0, finished - created),
  };
}

export async function ensureJobIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  // A verification's jobs sort by createdAt, due jobs range on availableAt: the embedded store skips these two
  // (lastFieldRanged) and finds a verification's jobs through the single-field verificationId index (stats.store.ts).
  await store.ensureIndex(JOBS_COLLECTION, { fields: ['verificationId', 'createdAt'], lastFieldRanged: true });
  await store.ensureIndex(JOBS_COLLECTION, { fields: ['status', 'availableAt'], lastFieldRanged: true });
  await store.ensureIndex(JOBS_COLLECTION, { fields: ['requestId'] });
  await store.ensureIndex(JOBS_COLLECTION, { fields: ['reverificationId'] });
}

export interface JobStore {
  insert(tx: Transaction, job: JobDocument): Promise<void>;
  findById(id: string, tx?: Transaction): Promise<JobDocument | null>;
  findByRequest(requestId: string, tx?: Transaction): Promise<JobDocument | null>;
  ofVerification(verificationId: string, tx?: Transaction): Promise<JobDocument[]>;
  ofVerifications(verificationIds: readonly string[]): Promise<JobDocument[]>;
  /** The jobs of these re-checks (reverification/). */
  ofChecks(checkIds: readonly string[], tx?: Transaction): Promise<JobDocument[]>;
  /** Applies the change when the job still matches `expected` (compare-and-set); true when it did. */
  updateIf(id: string, expected: Partial<JobDocument>, change: JobChange, tx?: Transaction): Promise<boolean>;
  /** Pending jobs due now, oldest first. */
  due(now: number, limit: number): Promise<JobDocument[]>;
  /** Jobs in `processing` whose runner's lease ran out (the process died mid-run). */
  abandoned(now: number, limit: number): Promise<JobDocument[]>;
  /** Portal jobs whose answer did not come before their deadline. */
  overdue(now: number, limit: number): Promise<JobDocument[]>;
}

/** The verification's own jobs, not those of its re-checks. */
const OWN_JOBS = { reverificationId: { $exists: false } } as const;

export function jobStore(store: Pick<Store, 'collection'>): JobStore {
  const jobs = (tx?: Transaction) => (tx ?? store).collection<JobDocument>(JOBS_COLLECTION);
  return {
    async insert(tx, job) {
      await jobs(tx).insert(job);
    },
    findById(id, tx) {
      return jobs(tx).findById(id);
    },
    findByRequest(requestId, tx) {
      return jobs(tx).findOne({ requestId });
    },
    ofVerification(verificationId, tx) {
      return jobs(tx).find({ verificationId, ...OWN_JOBS }, { sort: { createdAt: 1, source: 1 } });
    },
    ofVerifications(verificationIds) {
      if (verificationIds.length === 0) return Promise.resolve([]);
      return jobs().find({ verificationId: { $in: [...verificationIds] }, ...OWN_JOBS }, { sort: { createdAt: 1, source: 1 } });
    },
    ofChecks(checkIds, tx) {
      if (checkIds.length === 0) return Promise.resolve([]);
      return jobs(tx).find({ reverificationId: { $in: [...checkIds] } }, { sort: { createdAt: 1, source: 1 } });
    },
    async updateIf(id, expected, change, tx) {
      return (await jobs(tx).update({ ...expected, _id: id }, { set: change })) === 1;
    },
    due(now, limit) {
      return jobs().find({ status: 'pending', availableAt: { $lte: now } }, { sort: { availableAt: 1, createdAt: 1 }, limit });
    },
    abandoned(now, limit) {
      return jobs().find({ status: 'processing', deadlineAt: 0, leaseUntil: { $lt: now } }, { limit });
    },
    overdue(now, limit) {
      return jobs().find({ status: 'processing', deadlineAt: { $gt: 0, $lt: now } }, { limit });
    },
  };
}
