/**
 * How a source job is named and what its state reads, the same on the ticket page's chips and on the source
 * view: waiting to start, working, needs a portal credential or an MFA code, done, rejected by the payer, failed.
 */
import { type VerificationJobView } from '@dv/contracts';

/** The tone of the label: antd Tag's preset names, which the ticket page's own pills share. */
export type JobTone = 'default' | 'processing' | 'warning' | 'success' | 'error';

export function jobLook(job: Pick<VerificationJobView, 'status' | 'outcome'>): { color: JobTone; text: string } {
  switch (job.status) {
    case 'pending':
      return { color: 'default', text: 'Waiting to start' };
    case 'processing':
      return { color: 'processing', text: 'Working' };
    case 'credentialPending':
      return { color: 'warning', text: 'Needs a portal credential' };
    case 'mfaRequired':
      return { color: 'warning', text: 'Needs an MFA code' };
    case 'done':
      if (job.outcome === 'success') return { color: 'success', text: 'Done' };
      if (job.outcome === 'rejected') return { color: 'error', text: 'Rejected by the payer' };
      return { color: 'error', text: 'Failed' };
  }
}

export function jobSourceName(job: Pick<VerificationJobView, 'source' | 'sourceName'>): string {
  return job.source === 'clearinghouse' ? `Clearinghouse (${job.sourceName})` : `Portal ${job.sourceName}`;
}
