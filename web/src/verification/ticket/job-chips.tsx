/**
 * The sources at work, one chip per source job, live from the socket: waiting to start, working, waiting for a
 * portal credential (with the way to add one), waiting for an MFA code (entered here, in place), or done with its
 * outcome; a failure or the payer's rejection in words (AAA code and text). A job that is not working can be
 * run again.
 */
import { type VerificationJobView } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services-context';
import { useOffice } from '../../office/office-context';
import { credentialPageFor } from './credential-link';
import { jobLook, jobSourceName } from '../job-look';
import { Pill } from '../../ui/pill';
import { retrySourceJob, VerificationCallError, verificationKey } from './verification-api';

// The code entry and the credential hooks load only for a job that waits for a code.
const PortalMfa = lazy(() => import('./portal-mfa').then((module) => ({ default: module.PortalMfa })));

function JobChip({ verificationId, officeId, job, canRetry }: { verificationId: string; officeId: string; job: VerificationJobView; canRetry: boolean }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { access } = useOffice();
  const [retrying, setRetrying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const look = jobLook(job);
  const credentialPage = job.status === 'credentialPending' ? credentialPageFor(access.effectiveRoles, officeId) : null;
  const working = job.status === 'pending' || job.status === 'processing';

  async function retry() {
    setRetrying(true);
    setProblem(null);
    try {
      queryClient.setQueryData(verificationKey(verificationId), await retrySourceJob(http, verificationId, job.id));
    } catch (error) {
      setProblem(error instanceof VerificationCallError ? error.message : 'The source could not be started again');
    } finally {
      setRetrying(false);
    }
  }

  return (
    <li className="dv-job" aria-label={`${jobSourceName(job)}: ${look.text}`}>
      <div className="dv-row">
        <strong>{jobSourceName(job)}</strong>
        <Pill tone={look.color} data-testid={`job-status-${job.source}`} data-status={job.status}>
          {look.text}
        </Pill>
        {job.status === 'done' && job.durationMs !== null ? <span className="dv-text-secondary">{(job.durationMs / 1000).toFixed(1)} s</span> : null}
        {credentialPage ? <Link to={credentialPage}>Add the portal credential</Link> : null}
        {canRetry && !working ? (
          <Button size="small" loading={retrying} onClick={() => void retry()} aria-label={`Retry ${jobSourceName(job)}`}>
            Retry
          </Button>
        ) : null}
      </div>
      {job.reason && job.status !== 'processing' && job.status !== 'pending' ? (
        <p className={`dv-job-reason ${job.status === 'done' ? 'dv-text-danger' : 'dv-text-secondary'}`}>
          {job.reason}
          {job.status === 'credentialPending' && credentialPage === null ? ' Ask your office manager to add it.' : ''}
        </p>
      ) : null}
      {job.status === 'mfaRequired' && job.source === 'portal' ? (
        <Suspense fallback={null}>
          <PortalMfa officeId={officeId} portalId={job.sourceName} />
        </Suspense>
      ) : null}
      {problem ? (
        <span className="dv-text-danger" role="alert">
          {problem}
        </span>
      ) : null}
    </li>
  );
}

export function JobChips({ verificationId, officeId, jobs, canRetry }: { verificationId: string; officeId: string; jobs: readonly VerificationJobView[]; canRetry: boolean }) {
  if (jobs.length === 0) return <span className="dv-text-secondary">No source can verify this carrier automatically.</span>;
  return (
    <section aria-label="Sources">
      <ul className="dv-jobs" aria-live="polite">
        {jobs.map((job) => (
          <JobChip key={job.id} verificationId={verificationId} officeId={officeId} job={job} canRetry={canRetry} />
        ))}
      </ul>
    </section>
  );
}
