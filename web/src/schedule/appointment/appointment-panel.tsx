/**
 * One appointment of the schedule, in the side panel the schedule day page opens for a row: the patient, when and
 * with whom, each coverage with its verification status (and the way to verify it or open its verification), the
 * treatment plan estimate, and the write-back of verified values to the practice with its log. Self-contained:
 * its own reads, kept live by the socket (use-appointment.ts), and its own styles; the page loads it lazily.
 */
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { type ScheduleAppointmentDetail } from '@dv/contracts';
import { Button } from 'antd';
import { useId } from 'react';
import { ApiCallError } from '../../http/api-call-error';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { Pill } from '../../ui/pill';
import { SectionCard } from '../../ui/section-card';
import { StatusResult } from '../../ui/status-result';
import { useAppointment, useCoverageVerifications } from './use-appointment';
import { patientName } from '../schedule-look';
import { appointmentTime } from './appointment-look';
import { CoverageList } from './coverage-list';
import { TreatmentPlanEstimate } from './treatment-plan-estimate';
import { WriteBackSection } from './write-back-section';
import '../../ui/ui.css';
import './appointment.css';

function When({ appointment }: { appointment: ScheduleAppointmentDetail }) {
  const parts = [
    `${appointmentTime(appointment)} (${appointment.durationMinutes} min)`,
    appointment.provider,
    appointment.operatory,
  ];
  return <p className="dv-appointment__when">{parts.filter(Boolean).join(' · ')}</p>;
}

function AppointmentView({ appointment, titleId }: { appointment: ScheduleAppointmentDetail; titleId: string }) {
  const verifications = useCoverageVerifications(appointment);
  const { patient } = appointment;
  return (
    <>
      <div className="dv-appointment__patient">
        <h2 id={titleId} className="dv-appointment__title">
          {patientName(patient)}
        </h2>
        <span className="dv-text-secondary">DOB {patient.dob}</span>
        {patient.newPatient ? <Pill tone="blue">New patient</Pill> : null}
      </div>
      <When appointment={appointment} />
      <SectionCard size="small" title="Coverage">
        <CoverageList appointment={appointment} />
      </SectionCard>
      <SectionCard size="small" title="Treatment plan estimate">
        <TreatmentPlanEstimate appointment={appointment} verifications={verifications} />
      </SectionCard>
      <SectionCard size="small" title="Write back to the practice">
        <WriteBackSection appointment={appointment} verifications={verifications} />
      </SectionCard>
    </>
  );
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ApiCallError && (error.status === 404 || error.status === 400);
  return (
    <StatusResult
      status={notFound ? 'warning' : 'error'}
      title={notFound ? 'Appointment not found' : 'The appointment could not be loaded'}
      subTitle={notFound ? 'Open the day again: the practice may have moved or cancelled it.' : error.message}
      extra={
        notFound ? null : (
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    />
  );
}

export function AppointmentPanel({ appointmentId, onClose }: { appointmentId: string; onClose: () => void }) {
  const query = useAppointment(appointmentId);
  const titleId = useId();
  return (
    <section className="dv-appointment" aria-labelledby={query.data ? titleId : undefined} aria-label={query.data ? undefined : 'Appointment'} aria-busy={query.isPending}>
      <Button className="dv-appointment__close" type="text" icon={<CloseOutlined />} aria-label="Close the appointment" onClick={onClose} />
      {query.isPending ? <PlaceholderLines rows={8} label="Loading the appointment" /> : null}
      {query.isError && !query.data ? <Failure error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <AppointmentView appointment={query.data} titleId={titleId} /> : null}
    </section>
  );
}
