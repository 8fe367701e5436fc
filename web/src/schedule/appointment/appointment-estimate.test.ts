/**
 * The estimate's input as the panel puts it together: the office's today in its zone, the lines split again by
 * that today (a line the service still called planned but dated yesterday is history, never a refused input),
 * the states without an estimate, and a secondary without its COB rule.
 */
import { appointmentEstimate, officeToday } from './appointment-estimate';
import { FEES, mariaAppointment, mariaVerification, officeDay, TIME_ZONE } from './testing/fake-schedule-gateway';

const sources = (appointment = mariaAppointment()) => ({
  appointment,
  mode: 'nextAppointment' as const,
  today: officeToday(TIME_ZONE),
  fees: FEES,
  verifications: { primary: mariaVerification() },
});

describe('officeToday', () => {
  it('is the office’s calendar day, not the browser’s', () => {
    const lateEvening = new Date('2026-12-02T03:30:00Z');
    expect(officeToday('America/New_York', lateEvening)).toBe('12/01/2026');
    expect(officeToday('Europe/Paris', lateEvening)).toBe('12/02/2026');
  });

  it('falls back to the browser’s zone for a zone Intl does not know', () => {
    expect(officeToday('Not/AZone', new Date(2026, 11, 1, 12))).toBe('12/01/2026');
  });
});

describe('appointmentEstimate', () => {
  it('counts a line dated before today as history even when the service still calls it planned', () => {
    const base = mariaAppointment();
    const yesterday = officeDay(-1).us;
    const stale = { ...base.treatmentPlan[1]!, id: 'p-old', dateOfService: yesterday, appointmentId: null };
    const estimate = appointmentEstimate({ ...sources({ ...base, treatmentPlan: [stale, ...base.treatmentPlan] }), mode: 'completePlan' });
    if (estimate.kind !== 'ready') throw new Error(`no estimate: ${estimate.kind}`);
    expect(estimate.result.lines.map((line) => line.code)).toEqual(['ADA:D0120', 'ADA:D1110', 'ADA:D2391', 'ADA:D2740']);
    // Yesterday's cleaning now counts toward the frequency.
    expect(estimate.result.lines[1]!.primary.frequency?.lastService).toBe(yesterday);
  });

  it('gives no estimate without a coverage, without the primary’s plan, or without a line', () => {
    const none = { ...mariaAppointment(), coverages: [] };
    expect(appointmentEstimate(sources(none))).toEqual({ kind: 'noCoverage' });
    expect(appointmentEstimate({ ...sources(mariaAppointment({ verificationId: null })), verifications: {} })).toEqual({ kind: 'notVerified', reason: 'none' });
    const noPlan = mariaVerification('ver-maria', (draft) => {
      draft.plan = null;
    });
    expect(appointmentEstimate({ ...sources(), verifications: { primary: noPlan } })).toEqual({ kind: 'notVerified', reason: 'noPlan' });
    expect(appointmentEstimate({ ...sources(), verifications: {} })).toEqual({ kind: 'notVerified', reason: 'working' });
    const empty = { ...mariaAppointment(), treatmentPlan: [] };
    expect(appointmentEstimate(sources(empty))).toEqual({ kind: 'noLines' });
  });

  it('assumes standard coordination for a secondary that names no rule, and says so', () => {
    const appointment = mariaAppointment({ secondary: 'ver-maria-2' });
    const withoutRule = { ...appointment, coverages: appointment.coverages.map((coverage) => ({ ...coverage, cob: null })) };
    const estimate = appointmentEstimate({ ...sources(withoutRule), verifications: { primary: mariaVerification(), secondary: mariaVerification('ver-maria-2') } });
    if (estimate.kind !== 'ready') throw new Error(`no estimate: ${estimate.kind}`);
    expect(estimate.result.secondary?.cob).toBe('standard');
    expect(estimate.notes).toEqual(['The secondary coverage names no coordination of benefits rule: standard coordination is assumed.']);
  });
});
