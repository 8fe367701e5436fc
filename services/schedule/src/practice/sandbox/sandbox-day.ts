/**
 * A day of the sandbox practice, deterministic for an office and a date (the same schedule every time it is
 * asked): 8 to 14 appointments from 08:00, lunch left free, the patients whose role the demo must show every day
 * and others drawn by the day, each with its procedures in the office's practice-management vocabulary (Dentrix
 * statuses, or Open Dental's; SPEC PROCEDURE_STATUSES_BY_PMS) and its next appointment two weeks later. Pure.
 */
import { type PmsType, type ProcedureStatus } from '@dv/contracts';
import {
  type PmsAppointment,
  type PmsCoverage,
  type PmsPatient,
  type PmsProcedure,
  type PracticeDay,
} from '../practice-management';
import { SANDBOX_PATIENTS, type SandboxPatient, type SandboxProcedure } from './sandbox-patients';

export const SANDBOX_APPOINTMENTS_MIN = 8;
export const SANDBOX_APPOINTMENTS_MAX = 14;
const PROVIDERS = ['Dr. Anika Patel', 'Dr. Samuel Kim', 'Jordan Lee, RDH'] as const;
const OPERATORIES = ['Op 1', 'Op 2', 'Hygiene 1'] as const;
const LATER_DAYS = 14;
const SLOT_MINUTES = 45;
const LUNCH_START = 12 * 60;
const LUNCH_END = 13 * 60;

/** FNV-1a: the day's seed from the office and the date. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small deterministic generator. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const DAY_MS = 86_400_000;

function dayMillis(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

function isoDay(millis: number): string {
  return new Date(millis).toISOString().slice(0, 10);
}

function usDay(millis: number): string {
  const [year, month, day] = isoDay(millis).split('-');
  return `${month}/${day}/${year}`;
}

/** The appointment times of a day: every 45 minutes from 08:00, lunch (12:00 to 13:00) left free. */
function slots(count: number): string[] {
  const times: string[] = [];
  for (let minutes = 8 * 60; times.length < count; minutes += SLOT_MINUTES) {
    // An appointment that would run into lunch (11:45 to 12:30) starts after it instead.
    if (minutes + SLOT_MINUTES > LUNCH_START && minutes < LUNCH_END) minutes = LUNCH_END;
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  }
  return times;
}

/** A procedure's status in the office's system: done, booked, or only planned. */
function statusOf(procedure: SandboxProcedure, pmsType: PmsType): { status: ProcedureStatus | null; pmsStatus: string } {
  const done = procedure.daysBefore !== null && procedure.daysBefore > 0;
  if (pmsType === 'openDental') {
    if (procedure.existingOther) return { status: 'Existing Other', pmsStatus: 'EO' };
    return done ? { status: 'Completed', pmsStatus: 'C' } : { status: null, pmsStatus: 'TP' };
  }
  if (done) return { status: 'completed', pmsStatus: 'Completed' };
  return procedure.daysBefore === 0 || procedure.later ? { status: 'scheduled', pmsStatus: 'Scheduled' } : { status: 'treatment_planned', pmsStatus: 'Treatment planned' };
}

function coveragesOf(patient: SandboxPatient): PmsCoverage[] {
  const info = patient.info;
  const primary: PmsCoverage = {
    rank: 'primary',
    payerId: patient.payerId,
    carrierName: patient.carrierName,
    memberId: info.patientMemberId,
    relationToSubscriber: info.patientRelationToSubscriber,
    subscriber:
      info.patientRelationToSubscriber === 'Self' || info.subscriberFirstName === undefined
        ? null
        : { firstName: info.subscriberFirstName, lastName: info.subscriberLastName ?? '', dob: info.subscriberDOB ?? '', memberId: info.subscriberMemberId ?? info.patientMemberId },
    cob: null,
  };
  return patient.secondary === undefined ? [primary] : [primary, { rank: 'secondary', ...patient.secondary }];
}

interface Booked {
  readonly patient: SandboxPatient;
  readonly appointment: PmsAppointment;
  readonly later: PmsAppointment;
}

function proceduresOf({ patient, appointment, later }: Booked, day: number, pmsType: PmsType): PmsProcedure[] {
  return patient.procedures.map((procedure, index) => {
    const { status, pmsStatus } = statusOf(procedure, pmsType);
    const onThis = procedure.daysBefore === 0;
    const dated = procedure.daysBefore !== null && procedure.daysBefore > 0;
    return {
      id: `${appointment.id}-p${index}`,
      patientId: patient.id,
      appointmentId: onThis ? appointment.id : procedure.later ? later.id : null,
      procedureCode: procedure.code,
      dateOfService: dated ? usDay(day - procedure.daysBefore * DAY_MS) : onThis ? usDay(day) : procedure.later ? usDay(day + LATER_DAYS * DAY_MS) : null,
      status,
      pmsStatus,
      tooth: procedure.tooth ?? null,
      surfaces: procedure.surfaces ?? null,
      fee: null,
    };
  });
}

/** The sandbox practice's schedule of `date` (YYYY-MM-DD) for the office. */
export function sandboxDay(officeId: string, date: string, pmsType: PmsType = 'dentrix'): PracticeDay {
  const day = dayMillis(date);
  if (Number.isNaN(day)) throw new RangeError(`Not a day: ${date}`);
  const random = generator(seedOf(`${officeId}|${date}`));
  const count = SANDBOX_APPOINTMENTS_MIN + Math.floor(random() * (SANDBOX_APPOINTMENTS_MAX - SANDBOX_APPOINTMENTS_MIN + 1));
  const always = SANDBOX_PATIENTS.filter((patient) => patient.always);
  const drawn = shuffled(SANDBOX_PATIENTS.filter((patient) => !patient.always), random);
  const chosen = shuffled([...always, ...drawn.slice(0, Math.max(0, count - always.length))], random);
  const times = slots(chosen.length);
  const booked: Booked[] = chosen.map((patient, index) => {
    const provider = patient.procedures.some((procedure) => procedure.daysBefore === 0 && /^D1/.test(procedure.code)) ? PROVIDERS[2] : PROVIDERS[index % 2]!;
    const base = { patientId: patient.id, durationMinutes: SLOT_MINUTES, provider, cancelled: false };
    return {
      patient,
      appointment: { ...base, id: `sbx-${date}-${index + 1}`, date, start: times[index]!, operatory: OPERATORIES[index % OPERATORIES.length]! },
      later: { ...base, id: `sbx-${isoDay(day + LATER_DAYS * DAY_MS)}-${patient.id}`, date: isoDay(day + LATER_DAYS * DAY_MS), start: times[index]!, operatory: null },
    };
  });
  const patients: PmsPatient[] = booked.map(({ patient }) => ({
    id: patient.id,
    firstName: patient.info.patientFirstName,
    lastName: patient.info.patientLastName,
    dob: patient.info.patientDOB,
    coverages: coveragesOf(patient),
  }));
  return {
    appointments: booked.map((entry) => entry.appointment),
    patients,
    procedures: booked.flatMap((entry) => proceduresOf(entry, day, pmsType)),
    upcoming: booked.flatMap((entry) => (entry.patient.procedures.some((procedure) => procedure.later) ? [entry.appointment, entry.later] : [entry.appointment])),
  };
}
