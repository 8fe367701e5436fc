/**
 * The verification page's "Treatment plan" tab, for a verification opened from the schedule
 * (/verification/{id}?appointment={appointmentId}, appointment-links.ts): the appointment's treatment plan
 * estimate, the same component as the appointment panel's, over the appointment's coverages' verifications.
 * Loaded lazily by the ticket page.
 */
import { type ScheduleAppointmentDetail } from '@dv/contracts';
import { ApiCallError } from '../../http/api-call-error';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { SectionCard } from '../../ui/section-card';
import { useAppointment, useCoverageVerifications } from './use-appointment';
import { appointmentTime } from './appointment-look';
import { TreatmentPlanEstimate } from './treatment-plan-estimate';
import './appointment.css';

function Estimate({ appointment, verificationId }: { appointment: ScheduleAppointmentDetail; verificationId: string }) {
  const verifications = useCoverageVerifications(appointment);
  const own = appointment.coverages.some((coverage) => coverage.verification.verificationId === verificationId);
  const when = `${appointmentTime(appointment)} with ${appointment.provider}`;
  return (
    <SectionCard title={`Treatment plan for the appointment of ${when}`}>
      {own ? null : (
        <p className="dv-estimate__notes">
          This verification is not the appointment’s latest: the estimate uses the verifications the schedule has for its coverages.
        </p>
      )}
      <TreatmentPlanEstimate appointment={appointment} verifications={verifications} />
    </SectionCard>
  );
}

/** Mounted by the ticket page only for users and offices with the schedule (schedule-access.ts). */
export function TicketTreatmentPlan({ appointmentId, verificationId }: { appointmentId: string; verificationId: string }) {
  const query = useAppointment(appointmentId);
  if (query.isPending) return <PlaceholderLines rows={6} label="Loading the treatment plan" />;
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiCallError && (query.error.status === 404 || query.error.status === 400);
    return notFound ? (
      <Notice type="warning" title="Appointment not found" description="The appointment this verification was opened for is not on the schedule any more." />
    ) : (
      <LoadError title={`The appointment could not be read: ${query.error.message}`} onRetry={() => void query.refetch()} />
    );
  }
  return <Estimate appointment={query.data} verificationId={verificationId} />;
}
