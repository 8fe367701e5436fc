/**
 * The sandbox practice's day: the same schedule every time an office asks for a date, 8 to 14 appointments by time
 * with lunch free, the roles the demo must show every day, each procedure's status in the office's vocabulary and
 * its place relative to the day (history before it, planned on it, undated, or on the appointment two weeks later),
 * and ids any route accepts. Worked days first, then a property over generated offices and dates.
 */
import { classifyTreatmentLine, ID_PATTERN, PROCEDURE_STATUSES_BY_PMS, type PmsType } from '@dv/contracts';
import fc from 'fast-check';
import { type PracticeDay } from '../practice-management';
import { SANDBOX_APPOINTMENTS_MAX, SANDBOX_APPOINTMENTS_MIN, sandboxDay } from './sandbox-day';
import { SANDBOX_PATIENTS } from './sandbox-patients';

const OFFICE = 'office-a1';
const DAY = '2026-12-01';
const LUNCH = { start: 12 * 60, end: 13 * 60 };
const ALWAYS = SANDBOX_PATIENTS.filter((patient) => patient.always).map((patient) => patient.id);

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** MM/DD/YYYY of the day `offset` days after `date` (YYYY-MM-DD). */
function usDayAfter(date: string, offset: number): string {
  const [year, month, day] = new Date(Date.parse(`${date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

/** The appointment's day as an office's wall calendar (what SPEC's treatment plan rules read as "today"). */
function localDate(date: string): Date {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** The shape every day must have, whatever the office and date. */
function expectWellFormed(day: PracticeDay, date: string): void {
  expect(day.appointments.length).toBeGreaterThanOrEqual(SANDBOX_APPOINTMENTS_MIN);
  expect(day.appointments.length).toBeLessThanOrEqual(SANDBOX_APPOINTMENTS_MAX);
  const starts = day.appointments.map((appointment) => appointment.start);
  expect(starts).toEqual([...starts].sort());
  expect(new Set(starts).size).toBe(starts.length);
  for (const appointment of day.appointments) {
    const start = minutesOf(appointment.start);
    const end = start + appointment.durationMinutes;
    // Lunch is free: nothing runs into it, nothing starts in it.
    expect({ id: appointment.id, start: appointment.start, duringLunch: end > LUNCH.start && start < LUNCH.end }).toEqual({ id: appointment.id, start: appointment.start, duringLunch: false });
    expect(appointment).toMatchObject({ date, cancelled: false });
  }
  const patientIds = day.appointments.map((appointment) => appointment.patientId);
  expect(new Set(patientIds).size).toBe(patientIds.length);
  expect(day.patients.map((patient) => patient.id)).toEqual(patientIds);
  expect(patientIds).toEqual(expect.arrayContaining(ALWAYS));
  for (const procedure of day.procedures) expect(patientIds).toContain(procedure.patientId);
  const ids = [...day.appointments.map((entry) => entry.id), ...day.upcoming.map((entry) => entry.id), ...day.patients.map((entry) => entry.id), ...day.procedures.map((entry) => entry.id)];
  for (const id of ids) expect({ id, valid: ID_PATTERN.test(id) }).toEqual({ id, valid: true });
  expect(new Set(day.procedures.map((procedure) => procedure.id)).size).toBe(day.procedures.length);
}

describe('the sandbox day', () => {
  it('is the same every time an office asks for a date, and another date is another day', () => {
    expect(sandboxDay(OFFICE, DAY)).toEqual(sandboxDay(OFFICE, DAY));
    expect(sandboxDay(OFFICE, DAY, 'openDental')).toEqual(sandboxDay(OFFICE, DAY, 'openDental'));
    const order = (date: string) => sandboxDay(OFFICE, date).appointments.map((appointment) => appointment.patientId).join(',');
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'].map(order);
    expect(new Set(days).size).toBeGreaterThan(1);
    expect(order(DAY)).not.toBe(sandboxDay('office-b1', DAY).appointments.map((appointment) => appointment.patientId).join(','));
    expect(() => sandboxDay(OFFICE, 'tomorrow')).toThrow(RangeError);
  });

  it('books 8 to 14 appointments by time, lunch free, with the patients whose role the demo shows every day', () => {
    const counts = new Set<number>();
    for (let offset = 0; offset < 60; offset += 1) {
      const date = new Date(Date.parse('2026-12-01T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
      const day = sandboxDay(OFFICE, date);
      expectWellFormed(day, date);
      counts.add(day.appointments.length);
    }
    // The size is drawn by the day: over two months both ends of the range come up.
    expect(Math.min(...counts)).toBe(SANDBOX_APPOINTMENTS_MIN);
    expect(Math.max(...counts)).toBe(SANDBOX_APPOINTMENTS_MAX);
    const roles = SANDBOX_PATIENTS.filter((patient) => patient.always).map((patient) => patient.role);
    expect(new Set(roles)).toEqual(new Set(['recall', 'dependent', 'newPatient', 'inactive', 'unknownMember', 'portalCarrier']));
  });

  it("gives each procedure a status of the office's vocabulary: Dentrix's, or Open Dental's with 'Existing Other'", () => {
    const vocabulary = (pmsType: PmsType): readonly (string | null)[] => (pmsType === 'openDental' ? [...PROCEDURE_STATUSES_BY_PMS.openDental, null] : PROCEDURE_STATUSES_BY_PMS.dentrix);
    let existingOther = 0;
    for (let offset = 0; offset < 30; offset += 1) {
      const date = usDayAfter('2026-12-01', offset).replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2');
      for (const pmsType of ['dentrix', 'openDental'] as const) {
        const day = sandboxDay(OFFICE, date, pmsType);
        for (const procedure of day.procedures) expect({ pmsType, status: vocabulary(pmsType).includes(procedure.status) }).toEqual({ pmsType, status: true });
        if (pmsType === 'openDental') {
          const ruth = day.procedures.filter((procedure) => procedure.patientId === 'pt-fischer-ruth');
          // Ruth Fischer's cleaning elsewhere, before she came, is Open Dental's 'Existing Other' (EO).
          if (ruth.length > 0) {
            expect(ruth.filter((procedure) => procedure.status === 'Existing Other')).toEqual([expect.objectContaining({ pmsStatus: 'EO', procedureCode: 'D0120' })]);
            existingOther += 1;
          }
          for (const procedure of day.procedures.filter((entry) => entry.status === null)) expect(procedure.pmsStatus).toBe('TP');
        }
      }
    }
    expect(existingOther).toBeGreaterThan(0);
    const dentrix = sandboxDay(OFFICE, DAY).procedures.filter((procedure) => procedure.patientId === 'pt-fischer-ruth' || procedure.patientId === 'pt-lopez-maria');
    expect(dentrix.every((procedure) => procedure.status !== 'Existing Other')).toBe(true);
  });

  it('dates history before the day, plans on the day, leaves some undated, and books some on the appointment two weeks later', () => {
    for (const pmsType of ['dentrix', 'openDental'] as const) {
      const day = sandboxDay(OFFICE, DAY, pmsType);
      const maria = day.appointments.find((appointment) => appointment.patientId === 'pt-lopez-maria')!;
      const procedures = day.procedures.filter((procedure) => procedure.patientId === 'pt-lopez-maria');
      const kinds = (wanted: 'history' | 'planned') => procedures.filter((procedure) => classifyTreatmentLine({ dateOfService: procedure.dateOfService, procedureStatus: procedure.status }, localDate(DAY)) === wanted);
      expect(kinds('history').map((procedure) => [procedure.procedureCode, procedure.dateOfService, procedure.appointmentId])).toEqual([
        ['D0120', usDayAfter(DAY, -120), null],
        ['D1110', usDayAfter(DAY, -120), null],
        ['D0274', usDayAfter(DAY, -300), null],
        ['D7140', usDayAfter(DAY, -3000), null],
      ]);
      expect(kinds('history').every((procedure) => procedure.status === (pmsType === 'dentrix' ? 'completed' : 'Completed'))).toBe(true);
      const onTheDay = kinds('planned').filter((procedure) => procedure.dateOfService !== null);
      expect(onTheDay.map((procedure) => [procedure.procedureCode, procedure.dateOfService, procedure.appointmentId])).toEqual([
        ['D0120', usDayAfter(DAY, 0), maria.id],
        ['D1110', usDayAfter(DAY, 0), maria.id],
        ['D2392', usDayAfter(DAY, 0), maria.id],
      ]);
      const undated = kinds('planned').filter((procedure) => procedure.dateOfService === null);
      expect(undated.map((procedure) => [procedure.procedureCode, procedure.tooth, procedure.appointmentId])).toEqual([
        ['D6240', '19', null],
        ['D6750', '18', null],
        ['D6750', '20', null],
      ]);
      const planned = pmsType === 'dentrix' ? { onTheDay: 'scheduled', undated: 'treatment_planned' } : { onTheDay: null, undated: null };
      expect(new Set(onTheDay.map((procedure) => procedure.status))).toEqual(new Set([planned.onTheDay]));
      expect(new Set(undated.map((procedure) => procedure.status))).toEqual(new Set([planned.undated]));
    }
  });

  it("books a patient's later procedure on the appointment two weeks later, at the same time", () => {
    const day = sandboxDay(OFFICE, DAY);
    const later = usDayAfter(DAY, 14);
    const laterIso = `${later.slice(6)}-${later.slice(0, 2)}-${later.slice(3, 5)}`;
    const thomas = day.appointments.find((appointment) => appointment.patientId === 'pt-anderson-thomas')!;
    const upcoming = day.upcoming.filter((appointment) => appointment.patientId === 'pt-anderson-thomas');
    expect(upcoming).toEqual([thomas, expect.objectContaining({ date: laterIso, start: thomas.start, provider: thomas.provider, operatory: null, cancelled: false })]);
    const crown = day.procedures.find((procedure) => procedure.patientId === 'pt-anderson-thomas' && procedure.procedureCode === 'D2740')!;
    expect(crown).toMatchObject({ appointmentId: upcoming[1]!.id, dateOfService: later, status: 'scheduled', tooth: '14' });
    // A patient with nothing booked later has this appointment only.
    const noah = day.upcoming.filter((appointment) => appointment.patientId === 'pt-unknown-noah');
    expect(noah.map((appointment) => appointment.id)).toEqual([day.appointments.find((appointment) => appointment.patientId === 'pt-unknown-noah')!.id]);
    for (const appointment of day.upcoming) expect(appointment.date === DAY || appointment.date === laterIso).toBe(true);
  });

  it('keeps the same shape for any office and any date (generated cases)', () => {
    const dates = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    const offices = fc.stringMatching(/^[\w.:-]{1,60}$/);
    fc.assert(
      fc.property(offices, dates, fc.constantFrom<PmsType>('dentrix', 'openDental'), (officeId, date, pmsType) => {
        const day = sandboxDay(officeId, date, pmsType);
        expectWellFormed(day, date);
        expect(sandboxDay(officeId, date, pmsType)).toEqual(day);
        const dayStart = localDate(date);
        for (const procedure of day.procedures) {
          const kind = classifyTreatmentLine({ dateOfService: procedure.dateOfService, procedureStatus: procedure.status }, dayStart);
          // Booked on an appointment means planned on that day; history is never booked.
          if (procedure.appointmentId !== null) expect(kind).toBe('planned');
          if (kind === 'history') expect(procedure.status).toMatch(/^(completed|Completed|Existing Other)$/);
        }
      }),
      { numRuns: 200 },
    );
  });
});
