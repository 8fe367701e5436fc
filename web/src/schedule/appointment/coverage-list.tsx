/**
 * The appointment's coverages, primary first: carrier and member id, the verification status chip, and either the
 * way to the verification (with this appointment, so the ticket offers its treatment plan tab) or "Verify", which
 * starts one for the coverage (POST /api/schedule/appointments/{id}/verify). A verification that is no longer
 * fresh, or that needs the office, can be verified again.
 */
import { type ScheduleAppointmentDetail, type ScheduleCoverage } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services-context';
import { ApiCallError } from '../../http/api-call-error';
import { dateTime } from '../../reverification/reverification-look';
import { appointmentKey, type CoverageRank, verifyCoverage } from '../schedule-api';
import { verificationPathFor } from './appointment-links';
import { RANK_LABELS } from '../schedule-look';
import { ScheduleChipPill } from './schedule-chip';

function useVerify(appointmentId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState<CoverageRank | null>(null);
  const [problem, setProblem] = useState<{ rank: CoverageRank; message: string } | null>(null);
  async function verify(rank: CoverageRank) {
    setStarting(rank);
    setProblem(null);
    try {
      await verifyCoverage(http, appointmentId, rank);
      await queryClient.invalidateQueries({ queryKey: appointmentKey(appointmentId) });
    } catch (error) {
      setProblem({ rank, message: error instanceof ApiCallError ? error.message : 'The verification could not be started' });
    } finally {
      setStarting(null);
    }
  }
  return { verify, starting, problem };
}

function CoverageItem({ appointmentId, coverage, verify }: { appointmentId: string; coverage: ScheduleCoverage; verify: ReturnType<typeof useVerify> }) {
  const { verification, rank } = coverage;
  const again = verification.verificationId !== null && (verification.chip === 'notVerified' || verification.chip === 'attention');
  return (
    <li className="dv-coverage-item" data-testid={`coverage-${rank}`}>
      <div className="dv-coverage-item__head">
        <strong>{RANK_LABELS[rank]}</strong>
        <span>{coverage.carrierName}</span>
        <span className="dv-text-secondary">Member ID {coverage.memberId}</span>
      </div>
      <div className="dv-row">
        <ScheduleChipPill verification={verification} testId={`coverage-chip-${rank}`} />
        {verification.verifiedAt ? <span className="dv-text-secondary">Verified {dateTime(verification.verifiedAt)}</span> : null}
        {verification.verificationId !== null ? (
          <Link to={verificationPathFor(verification.verificationId, appointmentId)} aria-label={`Open the verification of the ${rank} coverage`}>
            Open the verification
          </Link>
        ) : null}
        {verification.verificationId === null || again ? (
          <Button size="small" loading={verify.starting === rank} aria-label={`${again ? 'Verify again' : 'Verify'} the ${rank} coverage`} onClick={() => void verify.verify(rank)}>
            {again ? 'Verify again' : 'Verify'}
          </Button>
        ) : null}
      </div>
      {verify.problem?.rank === rank ? (
        <p className="dv-text-danger" role="alert">
          {verify.problem.message}
        </p>
      ) : null}
    </li>
  );
}

export function CoverageList({ appointment }: { appointment: ScheduleAppointmentDetail }) {
  const verify = useVerify(appointment.id);
  if (appointment.coverages.length === 0) return <p>The practice has no insurance coverage for this patient.</p>;
  return (
    <ul className="dv-coverage-list">
      {appointment.coverages.map((coverage) => (
        <CoverageItem key={coverage.rank} appointmentId={appointment.id} coverage={coverage} verify={verify} />
      ))}
    </ul>
  );
}
