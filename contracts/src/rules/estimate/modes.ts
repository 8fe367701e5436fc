/**
 * Which treatment plan lines an estimate covers, by the office's treatment plan mode (SPEC section 3:
 * completePlan, nextAppointment, allAppointments), and the split of practice-management lines into history and
 * planned (SPEC section 4). How the modes are read here:
 * - completePlan: every planned line, scheduled or not: what the whole plan will cost.
 * - nextAppointment: the lines of the patient's next appointment: the earliest one dated today or later (of two
 *   on that day, the one whose line comes first). Nothing when no appointment is ahead.
 * - allAppointments: the lines of every appointment dated today or later; lines on no appointment are left out.
 * The lines come back in the order a plan would see the claims: by appointment day (lines of one day in their
 * given order), then the lines on no appointment (or on one whose date cannot be read) in their given order. That
 * is the order in which the estimate consumes the deductible and the annual maximum.
 */
import { compareDays, readUsDate, type CalendarDay } from '../../documents/dates';
import { parseServiceDate } from '../../entities/treatment-plan';
import { Tooth, type ProcedureStatus, type TreatmentPlanMode } from '../../enums';
import { classifyTreatmentLine } from '../treatment-plan';
import { type EstimateHistoryLine, type EstimatePlannedLine } from './schemas';

/** An appointment of the patient: its id and its day (MM/DD/YYYY or ISO 8601, 'YYYY-MM-DD'). */
export interface AppointmentRef {
  readonly id: string;
  readonly date: string;
}

/** A line booked on an appointment, or on none (null or no id). */
export interface ScheduledLine {
  readonly appointmentId?: string | null | undefined;
}

const todayOf = (today: string): CalendarDay => {
  const day = readUsDate(today);
  if (day === undefined) throw new RangeError('today is not a MM/DD/YYYY date');
  return day;
};

/**
 * The lines the estimate covers in the mode, in claim order (see the header). A line whose appointment is not
 * among `appointments`, or whose appointment's date cannot be read, counts as on no appointment.
 */
export function selectLinesForMode<L extends ScheduledLine>(
  lines: readonly L[],
  appointments: readonly AppointmentRef[],
  mode: TreatmentPlanMode,
  today: string,
): L[] {
  const now = todayOf(today);
  const dayOf = new Map(appointments.flatMap(({ id, date }) => {
    const day = parseServiceDate(date);
    return day === undefined ? [] : [[id, day] as const];
  }));
  const items = lines.map((line, order) => {
    const id = line.appointmentId ?? undefined;
    return { line, order, id, day: id === undefined ? undefined : dayOf.get(id) };
  });
  type Item = (typeof items)[number];
  const unscheduledLast = (a: Item, b: Item): number => (a.day === undefined ? 1 : 0) - (b.day === undefined ? 1 : 0);
  const byDay = (a: Item, b: Item): number =>
    unscheduledLast(a, b) || (a.day && b.day ? compareDays(a.day, b.day) : 0) || a.order - b.order;
  const ahead = items.filter((item) => item.day !== undefined && compareDays(item.day, now) >= 0).sort(byDay);
  switch (mode) {
    case 'completePlan':
      return [...items].sort(byDay).map((item) => item.line);
    case 'allAppointments':
      return ahead.map((item) => item.line);
    case 'nextAppointment': {
      const next = ahead[0]?.id;
      return ahead.filter((item) => item.id === next).map((item) => item.line);
    }
  }
}

type Dated = { readonly dateOfService?: string | null | undefined; readonly procedureStatus?: ProcedureStatus | null | undefined };

/** SPEC section 4: history when dated before today, planned when undated or dated today or later. */
export function splitTreatmentLines<L extends Dated>(lines: readonly L[], today: string): { planned: L[]; history: L[] } {
  const now = todayOf(today);
  const date = new Date(now.year, now.month - 1, now.day);
  const planned: L[] = [];
  const history: L[] = [];
  for (const line of lines) (classifyTreatmentLine(line, date) === 'history' ? history : planned).push(line);
  return { planned, history };
}

/** A practice-management line (TreatmentPlanProcedure and the like, with a tooth when the system gives one). */
export type PracticeLine = Dated & {
  readonly procedureCode: string;
  /** A tooth that is not one of SPEC's teeth (1-32, A-T) is left out. */
  readonly tooth?: string | null | undefined;
  readonly fee?: number | null | undefined;
};

const toothOf = (tooth: string | null | undefined): Tooth | null => (tooth ? (Tooth.safeParse(tooth).data ?? null) : null);

/** The practice's lines as the estimate's planned and history lines, split by SPEC section 4's rule. */
export function estimateLinesOf(lines: readonly PracticeLine[], today: string): { planned: EstimatePlannedLine[]; history: EstimateHistoryLine[] } {
  const split = splitTreatmentLines(lines, today);
  return {
    planned: split.planned.map((line) => ({
      code: line.procedureCode,
      dateOfService: line.dateOfService ?? null,
      tooth: toothOf(line.tooth),
      fee: line.fee ?? null,
    })),
    history: split.history.map((line) => ({
      code: line.procedureCode,
      // A history line is dated: it is history because its date is before today.
      date: line.dateOfService ?? '',
      tooth: [toothOf(line.tooth)].filter((tooth) => tooth !== null),
      procedureStatus: line.procedureStatus ?? null,
    })),
  };
}
