/**
 * A coverage's verification status in the panel: the schedule's own chip (schedule-look.ts, the words and colours
 * of the day's table), with the reason beside it when the coverage needs the office.
 */
import { type CoverageVerification } from '@dv/contracts';
import { Pill } from '../../ui/pill';
import { chipLook } from '../schedule-look';

export function ScheduleChipPill({ verification, testId }: { verification: CoverageVerification; testId?: string }) {
  const look = chipLook(verification);
  const reason = verification.chip === 'attention' && verification.attention ? `: ${verification.attention}` : '';
  return (
    <Pill tone={look.tone} data-testid={testId} data-chip={verification.chip} className="dv-schedule-chip">
      {look.text}
      {reason}
    </Pill>
  );
}
