/**
 * A coverage's verification as the schedule shows it, in the table and in the panel's stand-in (panel-slot.tsx):
 * its chip (Not verified, In progress, Ready with the coverage status, Needs attention), the reason in words when
 * it needs attention (not only in a tooltip), when it was verified, and the way on: the verification's page for
 * this appointment when there is one (the ticket then offers the appointment's treatment plan tab), or Verify,
 * which starts one pre-filled from the appointment and opens it. Each names the patient (and the plan) to a screen
 * reader after its visible words, as a row's links must differ out of context.
 */
import { type ScheduleAppointment, type ScheduleCoverage } from '@dv/contracts';
import { Button } from 'antd';
import { Link } from 'react-router';
import { Pill } from '../ui/pill';
import { chipLook, listName, RANK_LABELS, shortDate } from './schedule-look';
import { verificationPathFor } from './appointment/appointment-links';
import '../ui/ui.css';

export type VerifyRequest = { readonly appointmentId: string; readonly rank: ScheduleCoverage['rank'] };
export const verifyKey = ({ appointmentId, rank }: VerifyRequest) => `${appointmentId}|${rank}`;

export type CoverageStatusProps = {
  readonly appointment: ScheduleAppointment;
  readonly coverage: ScheduleCoverage;
  /** The key (verifyKey) of the verification being started, if any. */
  readonly verifying: string | null;
  readonly onVerify: (request: VerifyRequest) => void;
  /** Name the rank ('Secondary:'), where the appointment has more than one coverage. */
  readonly showRank?: boolean;
  /** Why Verify waits (a batch running on the day), if it does. */
  readonly waitFor?: string;
};

export function CoverageStatus({ appointment, coverage, verifying, onVerify, showRank = false, waitFor }: CoverageStatusProps) {
  const { verification } = coverage;
  const look = chipLook(verification);
  const request = { appointmentId: appointment.id, rank: coverage.rank };
  const who = `${listName(appointment.patient)}${showRank ? `, ${RANK_LABELS[coverage.rank].toLowerCase()} insurance` : ''}`;
  const verifiedOn = verification.chip === 'ready' ? shortDate(verification.verifiedAt) : null;
  return (
    <div className="dv-schedule__coverage-status">
      <div className="dv-row dv-row-tight">
        {showRank ? <span className="dv-schedule__rank">{RANK_LABELS[coverage.rank]}:</span> : null}
        <Pill tone={look.tone} data-testid="coverage-chip" data-chip={verification.chip}>
          {look.text}
        </Pill>
        {verification.verificationId ? (
          <Link to={verificationPathFor(verification.verificationId, appointment.id)}>
            Open verification<span className="dv-visually-hidden"> of {who}</span>
          </Link>
        ) : (
          <Button
            size="small"
            loading={verifying === verifyKey(request)}
            disabled={waitFor !== undefined || (verifying !== null && verifying !== verifyKey(request))}
            title={waitFor}
            onClick={() => onVerify(request)}
          >
            Verify<span className="dv-visually-hidden"> {who}</span>
          </Button>
        )}
      </div>
      {verification.chip === 'attention' && verification.attention ? (
        <div className="dv-schedule__attention" data-testid="attention-reason">
          {verification.attention}
        </div>
      ) : null}
      {verifiedOn ? <div className="dv-text-secondary">Verified {verifiedOn}</div> : null}
    </div>
  );
}
