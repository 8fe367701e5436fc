/**
 * The day's appointments by time: when, the patient (name, date of birth, a new patient's tag), the verification
 * status (the appointment's chip, its primary coverage's, and where the patient has a second plan that one's too,
 * each with its way on), the insurance (each carrier) and the provider and operatory. The status comes right after
 * the patient: it is what the front desk looks for, and what a phone shows before the table scrolls. The patient's
 * name opens the appointment panel; so does a click anywhere else on the row.
 */
import { type ScheduleAppointment } from '@dv/contracts';
import { type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Pill } from '../ui/pill';
import { CoverageStatus, type VerifyRequest } from './coverage-status';
import { clockTime } from './schedule-dates';
import { listName, NOT_VERIFIED, RANK_LABELS } from './schedule-look';

export type AppointmentTableProps = {
  readonly appointments: readonly ScheduleAppointment[];
  readonly labelledBy: string;
  readonly busy: boolean;
  /** The address (search) that opens an appointment's panel. */
  readonly panelSearch: (appointmentId: string) => string;
  readonly onOpen: (appointmentId: string) => void;
  readonly verifying: string | null;
  readonly onVerify: (request: VerifyRequest) => void;
  /** Verify all is at work on the day: a row's Verify waits for it. */
  readonly batchRunning: boolean;
};

function InsuranceCell({ appointment }: { appointment: ScheduleAppointment }) {
  if (appointment.coverages.length === 0) return <span className="dv-text-secondary">No insurance on file</span>;
  return (
    <ul className="dv-schedule__coverages">
      {appointment.coverages.map((coverage) => (
        <li key={coverage.rank}>
          <span>{coverage.carrierName}</span>
          {appointment.coverages.length > 1 ? <span className="dv-text-secondary"> ({RANK_LABELS[coverage.rank].toLowerCase()})</span> : null}
          <div className="dv-text-secondary">Member ID {coverage.memberId}</div>
        </li>
      ))}
    </ul>
  );
}

function StatusCell({ appointment, verifying, onVerify, batchRunning }: Pick<AppointmentTableProps, 'verifying' | 'onVerify' | 'batchRunning'> & { appointment: ScheduleAppointment }) {
  if (appointment.coverages.length === 0) {
    return (
      <Pill tone={NOT_VERIFIED.tone} data-testid="coverage-chip" data-chip="notVerified">
        {NOT_VERIFIED.text}
      </Pill>
    );
  }
  const several = appointment.coverages.length > 1;
  return (
    <div className="dv-schedule__statuses">
      {appointment.coverages.map((coverage) => (
        <CoverageStatus
          key={coverage.rank}
          appointment={appointment}
          coverage={coverage}
          verifying={verifying}
          onVerify={onVerify}
          showRank={several}
          waitFor={batchRunning ? 'Verify all is verifying the day: this appointment is among its verifications' : undefined}
        />
      ))}
    </div>
  );
}

/** A click on the row opens the panel, unless it was on one of the row's own links or buttons. */
function rowClick(event: MouseEvent<HTMLTableRowElement>, open: () => void) {
  if ((event.target as HTMLElement).closest('a, button, input')) return;
  open();
}

export function AppointmentTable({ appointments, labelledBy, busy, panelSearch, onOpen, verifying, onVerify, batchRunning }: AppointmentTableProps) {
  return (
    <div className="dv-table-scroll" tabIndex={0} role="region" aria-label="Appointments table">
      <table className="dv-table dv-schedule__table" aria-labelledby={labelledBy} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Patient</th>
            <th scope="col">Verification</th>
            <th scope="col">Insurance</th>
            <th scope="col">Provider</th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => (
            <tr
              key={appointment.id}
              className="dv-schedule__row"
              data-testid="appointment-row"
              data-chip={appointment.chip}
              onClick={(event) => rowClick(event, () => onOpen(appointment.id))}
            >
              <td className="dv-nowrap">
                <div>{clockTime(appointment.start)}</div>
                <div className="dv-text-secondary">{appointment.durationMinutes} min</div>
              </td>
              <th scope="row">
                <Link to={{ search: panelSearch(appointment.id) }} className="dv-schedule__patient">
                  {listName(appointment.patient)}
                </Link>
                <div className="dv-row dv-row-tight">
                  <span className="dv-text-secondary">DOB {appointment.patient.dob}</span>
                  {appointment.patient.newPatient ? <Pill tone="purple">New patient</Pill> : null}
                </div>
              </th>
              <td>
                <StatusCell appointment={appointment} verifying={verifying} onVerify={onVerify} batchRunning={batchRunning} />
              </td>
              <td>
                <InsuranceCell appointment={appointment} />
              </td>
              <td>
                <div>{appointment.provider}</div>
                {appointment.operatory ? <div className="dv-text-secondary">{appointment.operatory}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
