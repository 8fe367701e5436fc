/**
 * Where the appointment panel goes (appointment/appointment-panel.tsx: the patient, the coverages, the treatment
 * plan estimate and the write-back, with its own heading and close button), in a chunk of its own loaded on first
 * open, so that the schedule page's first JavaScript stays small.
 *
 * Should its chunk fail to load (a deployment replaced it, the network dropped), the slot shows the appointment's
 * verifications instead, with their ways on, and a close button.
 */
import { type ScheduleAppointment } from '@dv/contracts';
import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { CoverageStatus, type VerifyRequest } from './coverage-status';
import { clockTime } from './schedule-dates';
import { patientName } from './schedule-look';

type SlotProps = {
  readonly appointment: ScheduleAppointment;
  readonly onClose: () => void;
  readonly verifying: string | null;
  readonly onVerify: (request: VerifyRequest) => void;
};

/** Without the panel: what the row already says, with the verification's page or Verify. */
function VerificationsFallback({ appointment, verifying, onVerify, onClose }: SlotProps) {
  return (
    <div className="dv-schedule__panel-fallback" data-testid="appointment-panel-fallback">
      <h2 className="dv-schedule__panel-title">
        {patientName(appointment.patient)}, {clockTime(appointment.start)}
      </h2>
      <p className="dv-text-secondary">The treatment plan and its estimate could not be loaded: reload the page, or open the verification.</p>
      {appointment.coverages.length === 0 ? <p>This appointment has no insurance on file.</p> : null}
      {appointment.coverages.map((coverage) => (
        <div key={coverage.rank} className="dv-schedule__panel-coverage">
          <strong>{coverage.carrierName}</strong>
          <CoverageStatus appointment={appointment} coverage={coverage} verifying={verifying} onVerify={onVerify} showRank={appointment.coverages.length > 1} />
        </div>
      ))}
      <div>
        <Button onClick={onClose}>Close</Button>
      </div>
    </div>
  );
}

const Panel = lazy(() =>
  import('./appointment/appointment-panel').then(
    ({ AppointmentPanel }) => ({
      default: ({ appointment, onClose }: SlotProps) => <AppointmentPanel appointmentId={appointment.id} onClose={onClose} />,
    }),
    () => ({ default: VerificationsFallback }),
  ),
);

export function PanelSlot(props: SlotProps) {
  return (
    <Suspense fallback={<PlaceholderLines rows={6} label="Loading the appointment" />}>
      <Panel {...props} />
    </Suspense>
  );
}
