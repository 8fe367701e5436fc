/**
 * How the schedule pages name things: a verification chip's words and colour (the coverage status for a ready
 * one), a patient's name, a coverage's label, a batch's summary. Pure: the pages and their tests share it.
 */
import { type CoverageStatus, type CoverageVerification, type ScheduleAppointment, type ScheduleBatch, type ScheduleCoverage } from '@dv/contracts';
import { type PillTone } from '../ui/pill';

export type ChipLook = { readonly tone: PillTone; readonly text: string };

const READY_LOOKS: Readonly<Record<CoverageStatus, ChipLook>> = {
  active: { tone: 'green', text: 'Ready: active' },
  inactive: { tone: 'red', text: 'Ready: inactive' },
  terminated: { tone: 'red', text: 'Ready: terminated' },
  unknown: { tone: 'gold', text: 'Ready: status unknown' },
};

export const NOT_VERIFIED: ChipLook = { tone: 'default', text: 'Not verified' };

export function chipLook(verification: Pick<CoverageVerification, 'chip' | 'coverageStatus'>): ChipLook {
  switch (verification.chip) {
    case 'notVerified':
      return NOT_VERIFIED;
    case 'inProgress':
      return { tone: 'processing', text: 'In progress' };
    case 'ready':
      return verification.coverageStatus === null ? { tone: 'green', text: 'Ready' } : READY_LOOKS[verification.coverageStatus];
    case 'attention':
      return { tone: 'orange', text: 'Needs attention' };
  }
}

type Patient = ScheduleAppointment['patient'];
export const patientName = (patient: Patient) => `${patient.firstName} ${patient.lastName}`;
/** As a schedule lists it: 'Lopez, Maria'. */
export const listName = (patient: Patient) => `${patient.lastName}, ${patient.firstName}`;

export const RANK_LABELS: Readonly<Record<ScheduleCoverage['rank'], string>> = { primary: 'Primary', secondary: 'Secondary' };

/** The appointment's primary coverage, whose verification is the appointment's status. */
export const primaryOf = (appointment: ScheduleAppointment): ScheduleCoverage | undefined =>
  appointment.coverages.find((coverage) => coverage.rank === 'primary') ?? appointment.coverages[0];

/** '06/12/2026' of an ISO instant, in the browser's calendar. */
export function shortDate(iso: string | null): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '8 ready, 2 need attention, 3 skipped as fresh'. */
export function batchCounts(counts: ScheduleBatch['counts']): string {
  return [
    `${counts.ready} ready`,
    `${plural(counts.attention, 'needs', 'need')} attention`,
    `${counts.skipped} skipped as fresh`,
  ].join(', ');
}

/** The end of a batch, in a sentence. */
export function batchSummary(batch: Pick<ScheduleBatch, 'total' | 'counts' | 'trigger'>): string {
  const who = batch.trigger === 'nightly' ? 'The nightly run' : 'Verify all';
  if (batch.total === 0) {
    return `${who} found nothing to verify: ${plural(batch.counts.skipped, 'insurance was', 'insurances were')} verified recently.`;
  }
  return `${who} finished: ${batchCounts(batch.counts)}.`;
}
