/**
 * The treatment plan estimate of an appointment, computed in the browser by the contracts' estimate module from
 * the coverages' verifications, the office's fees and the mode picked (the office's setting first): per planned
 * procedure whether each plan covers it, whether the patient is eligible on its day, what the plans pay and what
 * the patient pays, then the totals and what is left of each plan's maximum and deductible. Where it cannot
 * estimate (no coverage, the primary not verified, no line in the mode) it says why instead.
 * Shown in the appointment panel and on the verification page's treatment plan tab.
 */
import { type ScheduleAppointmentDetail, TREATMENT_PLAN_MODES, type TreatmentPlanMode, type VerificationDetail } from '@dv/contracts';
import { Radio } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { type CoverageRank, useScheduleSettings } from '../schedule-api';
import { type CoverageVerificationState, useFees } from './use-appointment';
import { type AppointmentEstimate, appointmentEstimate, officeToday } from './appointment-estimate';
import { EstimateSummary } from './estimate-summary';
import { EstimateTable } from './estimate-table';
import './appointment.css';

export const MODE_LABELS: Readonly<Record<TreatmentPlanMode, string>> = {
  completePlan: 'Complete plan',
  nextAppointment: 'Next appointment',
  allAppointments: 'All appointments',
};

const NO_LINES: Readonly<Record<TreatmentPlanMode, string>> = {
  completePlan: 'The patient has no planned procedure.',
  nextAppointment: 'The patient’s next appointment has no planned procedure.',
  allAppointments: 'The patient’s appointments from today on have no planned procedure.',
};

function Unavailable({ estimate, mode }: { estimate: Exclude<AppointmentEstimate, { kind: 'ready' }>; mode: TreatmentPlanMode }) {
  switch (estimate.kind) {
    case 'noCoverage':
      return <Notice type="info" role="status" title="No insurance coverage on file" description="The practice has no coverage for this patient: there is nothing to estimate." />;
    case 'notVerified':
      if (estimate.reason === 'working') {
        return <Notice type="info" role="status" title="The primary coverage is being verified" description="The estimate shows here once the sources answer." />;
      }
      return (
        <Notice
          type="warning"
          role="status"
          title={estimate.reason === 'none' ? 'The primary coverage is not verified yet' : 'The verification found no plan'}
          description={
            estimate.reason === 'none'
              ? 'No estimate without the plan: verify the coverage, and the estimate shows here once the sources answer.'
              : 'No source returned the plan’s benefits: no estimate without them. Open the verification to retry a source or enter the values.'
          }
        />
      );
    case 'noLines':
      return <p className="dv-estimate__empty">{NO_LINES[mode]}</p>;
    case 'failed':
      return <Notice type="error" title="The estimate could not be made" description={estimate.message} />;
  }
}

function CoverageNotes({ notes, staleDays }: { notes: readonly string[]; staleDays: number | null }) {
  const all = [
    ...(staleDays === null ? [] : [`The primary coverage was verified more than ${staleDays} days ago: verify it again for today’s amounts.`]),
    ...notes,
  ];
  if (all.length === 0) return null;
  return (
    <ul className="dv-estimate__notes">
      {all.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

export type TreatmentPlanEstimateProps = {
  readonly appointment: ScheduleAppointmentDetail;
  readonly verifications: readonly CoverageVerificationState[];
};

export function TreatmentPlanEstimate({ appointment, verifications }: TreatmentPlanEstimateProps) {
  const fees = useFees();
  const settings = useScheduleSettings();
  const [picked, setPicked] = useState<TreatmentPlanMode | null>(null);
  if (fees.isPending || settings.isPending) return <PlaceholderLines rows={4} label="Loading the fee schedule" />;
  if (fees.isError) return <LoadError title={`The fee schedule could not be read: ${fees.error.message}`} onRetry={() => void fees.refetch()} />;
  // Without its settings the estimate still works: the contracts' defaults stand in.
  const mode = picked ?? settings.data?.treatmentPlanMode ?? 'nextAppointment';
  const today = officeToday(settings.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const byRank = (rank: CoverageRank): VerificationDetail | undefined => verifications.find((entry) => entry.rank === rank)?.detail;
  const estimate = appointmentEstimate({
    appointment,
    mode,
    today,
    fees: fees.data.fees,
    verifications: { primary: byRank('primary'), secondary: byRank('secondary') },
  });
  const primary = appointment.coverages.find((coverage) => coverage.rank === 'primary');
  const stale = primary?.verification.verificationId != null && primary.verification.chip === 'notVerified';

  return (
    <div className="dv-estimate" data-testid="treatment-plan-estimate">
      <Radio.Group
        aria-label="Which planned procedures"
        optionType="button"
        value={mode}
        onChange={(event) => setPicked(event.target.value as TreatmentPlanMode)}
        options={TREATMENT_PLAN_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
      />
      {estimate.kind === 'ready' ? (
        <>
          <CoverageNotes notes={estimate.notes} staleDays={stale ? (settings.data?.freshDays ?? null) : null} />
          {estimate.result.lines.some((line) => !line.feeKnown) ? (
            <Notice
              type="warning"
              role="status"
              title="A fee is unknown"
              description="The office’s fee schedule has no fee for a procedure marked “Fee unknown”: it is counted as $0.00, so the totals are low. Add the fee to the fee schedule."
            />
          ) : null}
          <EstimateTable result={estimate.result} lines={estimate.lines} />
          <EstimateSummary result={estimate.result} />
          <p className="dv-estimate__disclaimer dv-text-secondary">
            This is an estimate from the verified benefits and the office’s fees on {today}, not a guarantee of payment: the payer decides
            when it processes the claim.
          </p>
        </>
      ) : (
        <Unavailable estimate={estimate} mode={mode} />
      )}
    </div>
  );
}
