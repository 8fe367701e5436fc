/** The first thing read on a ticket: is the patient covered (active, inactive, terminated with the end date). */
import { type VerificationDetail } from '@dv/contracts';
import { Alert } from 'antd';
import { displayDate } from './breakdown-format';

export function coverageMessage(detail: Pick<VerificationDetail, 'patient' | 'jobs'>): { type: 'success' | 'error' | 'warning' | 'info'; title: string } {
  const { coverageStatus, planEndDate, effectiveDate } = detail.patient;
  const working = detail.jobs.some((job) => job.status === 'pending' || job.status === 'processing');
  switch (coverageStatus) {
    case 'active':
      return {
        type: 'success',
        title: `Coverage active${effectiveDate?.value ? ` since ${displayDate(effectiveDate.value)}` : ''}${planEndDate ? `, until ${displayDate(planEndDate)}` : ''}`,
      };
    case 'inactive':
      return { type: 'error', title: `Coverage inactive${planEndDate ? `: the plan ended on ${displayDate(planEndDate)}` : ''}` };
    case 'terminated':
      return { type: 'error', title: `Coverage terminated${planEndDate ? ` on ${displayDate(planEndDate)}` : ''}` };
    case 'unknown':
      return working
        ? { type: 'info', title: 'Checking coverage with the sources...' }
        : { type: 'warning', title: 'Coverage status unknown: no source could confirm it' };
  }
}

export function CoverageBanner({ detail }: { detail: VerificationDetail }) {
  const { type, title } = coverageMessage(detail);
  return <Alert className="dv-coverage" type={type} showIcon title={<strong data-testid="coverage-status">{title}</strong>} />;
}
