/**
 * The appointment's treatment plan estimate, put together from what the page has read: the appointment (the
 * patient's history and planned lines, their appointments), the office's fees, the verifications of its coverages
 * and the treatment plan mode. The rules are the contracts' estimate module; this only chooses its input and says,
 * instead of estimating, why it cannot (no coverage, the primary not verified yet or its plan not found). Pure.
 *
 * The lines are split again into history and planned by the office's today (SPEC section 4), not taken as the
 * service split them: the service splits by its own clock, and a line it still called planned late in the
 * office's evening would be refused by the estimate as dated before today.
 */
import {
  type CobRule,
  estimateLinesOf,
  estimateTreatmentPlan,
  type EstimateResult,
  type ScheduleAppointmentDetail,
  type ScheduleLine,
  selectLinesForMode,
  splitTreatmentLines,
  type TreatmentPlanMode,
  type VerificationDetail,
} from '@dv/contracts';

export type EstimateSources = {
  readonly appointment: ScheduleAppointmentDetail;
  readonly mode: TreatmentPlanMode;
  /** MM/DD/YYYY: the office's day. */
  readonly today: string;
  readonly fees: Readonly<Record<string, number>>;
  /** The verification of each coverage, by rank; undefined while it is not read (or there is none). */
  readonly verifications: Readonly<Partial<Record<'primary' | 'secondary', VerificationDetail>>>;
};

export type AppointmentEstimate =
  | { readonly kind: 'noCoverage' }
  /**
   * No estimate without the primary's plan: it has no verification ('none'), its verification still works
   * ('working') or ended without a plan ('noPlan').
   */
  | { readonly kind: 'notVerified'; readonly reason: 'none' | 'working' | 'noPlan' }
  /** The mode selects no planned line. */
  | { readonly kind: 'noLines' }
  | { readonly kind: 'failed'; readonly message: string }
  | {
      readonly kind: 'ready';
      readonly result: EstimateResult;
      /** The practice's line behind each estimated line, by the line's index. */
      readonly lines: readonly ScheduleLine[];
      /** What the estimate leaves out or assumes about the coverages. */
      readonly notes: readonly string[];
    };

/** Today at the office, MM/DD/YYYY, in its time zone (the browser's when the zone is not one Intl knows). */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  }
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

const US_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

const isWorking = (detail: VerificationDetail | undefined) =>
  detail === undefined || detail.jobs.some((job) => job.status === 'pending' || job.status === 'processing');

function notVerifiedReason(appointment: ScheduleAppointmentDetail, verification: VerificationDetail | undefined): 'none' | 'working' | 'noPlan' {
  const primary = appointment.coverages.find((coverage) => coverage.rank === 'primary');
  if (primary?.verification.verificationId == null) return 'none';
  return isWorking(verification) || primary.verification.chip === 'inProgress' ? 'working' : 'noPlan';
}

/** The patient's appointments from this one on, each once, for the modes. */
function appointmentsOf(appointment: ScheduleAppointmentDetail) {
  const all = [{ id: appointment.id, date: appointment.date }, ...appointment.upcoming.map(({ id, date }) => ({ id, date }))];
  return all.filter((entry, index) => all.findIndex((other) => other.id === entry.id) === index);
}

/** The secondary coverage's part of the input, or the note that says why the estimate leaves it out. */
function secondaryOf(appointment: ScheduleAppointmentDetail, verification: VerificationDetail | undefined) {
  const coverage = appointment.coverages.find((candidate) => candidate.rank === 'secondary');
  if (coverage === undefined) return { secondary: null, notes: [] };
  if (verification?.plan == null) {
    return { secondary: null, notes: ['The secondary coverage is not verified yet: the estimate leaves it out. Verify it to include what it pays.'] };
  }
  const cob: CobRule = coverage.cob ?? 'standard';
  const notes = coverage.cob === null ? ['The secondary coverage names no coordination of benefits rule: standard coordination is assumed.'] : [];
  return { secondary: { plan: verification.plan, patient: verification.patient, cob }, notes };
}

export function appointmentEstimate({ appointment, mode, today, fees, verifications }: EstimateSources): AppointmentEstimate {
  if (!appointment.coverages.some((coverage) => coverage.rank === 'primary')) return { kind: 'noCoverage' };
  const primary = verifications.primary;
  if (primary?.plan == null) return { kind: 'notVerified', reason: notVerifiedReason(appointment, primary) };

  const split = splitTreatmentLines([...appointment.history, ...appointment.treatmentPlan], today);
  const chosen = selectLinesForMode(split.planned, appointmentsOf(appointment), mode, today);
  if (chosen.length === 0) return { kind: 'noLines' };
  const { planned } = estimateLinesOf(chosen, today);
  const { history } = estimateLinesOf(split.history, today);
  const { secondary, notes } = secondaryOf(appointment, verifications.secondary);
  try {
    const result = estimateTreatmentPlan({
      today,
      dateOfBirth: US_DATE.test(appointment.patient.dob) ? appointment.patient.dob : null,
      planned,
      history,
      fees,
      primary: { plan: primary.plan, patient: primary.patient },
      secondary,
    });
    return { kind: 'ready', result, lines: chosen, notes };
  } catch (error) {
    // The module refuses an unreadable today or a planned line before it: neither comes from a split by today.
    return { kind: 'failed', message: error instanceof Error ? error.message : 'The estimate could not be made' };
  }
}
