/**
 * What services learn of a verification when its readiness changes (VerificationReadyPayload's coverageStatus and
 * attention): its coverage status and, when the office must act, why. Pure.
 * - a job waits for the office (a portal credential, an MFA code): that job's reason;
 * - every job ended and none succeeded: the first failure's reason (a payer's rejection, an error);
 * - coverage not active: which;
 * - otherwise nothing.
 */
import { type CoverageStatus } from '@dv/contracts';
import { WAITING_JOB_STATUSES, type JobDocument } from '../jobs/jobs.store';

export interface ReadinessFacts {
  readonly coverageStatus: CoverageStatus;
  readonly attention: string | null;
}

export const NO_SOURCE_ANSWERED = 'No source could verify this coverage';
export const WAITING_FOR_OFFICE = 'A portal is waiting for the office';

export function readinessFacts(coverageStatus: CoverageStatus, jobs: readonly Pick<JobDocument, 'status' | 'outcome' | 'reason'>[]): ReadinessFacts {
  const waiting = jobs.find((job) => WAITING_JOB_STATUSES.includes(job.status));
  if (waiting !== undefined) return { coverageStatus, attention: waiting.reason ?? WAITING_FOR_OFFICE };
  const ended = jobs.length > 0 && jobs.every((job) => job.status === 'done');
  if (ended && !jobs.some((job) => job.outcome === 'success')) {
    return { coverageStatus, attention: jobs.find((job) => job.reason !== null)?.reason ?? NO_SOURCE_ANSWERED };
  }
  if (coverageStatus === 'inactive' || coverageStatus === 'terminated') return { coverageStatus, attention: `Coverage is ${coverageStatus}` };
  if (ended && coverageStatus === 'unknown') return { coverageStatus, attention: 'The sources did not say whether the coverage is active' };
  return { coverageStatus, attention: null };
}
