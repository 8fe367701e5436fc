/**
 * Test support: the schedule API of the appointment panel in memory, over Maria Lopez's recall appointment
 * tomorrow (at the office, America/New_York): a cleaning (D1110) whose last one the payer and the practice saw
 * 120 days before, an exam whose last one was 200 days before, a composite on tooth 30, and a crown booked on her
 * appointment two weeks later. Her Delta Dental plan is the ticket fixture's (D1110 1 per 6 months, preventive
 * 100% without deductible, restorative 80%, crowns 50%), $1,110.00 of the maximum and $25.00 of the deductible
 * left. Verify starts a verification (201), write-back logs what it was sent (or refuses with the 502 the test
 * sets); the tickets come from GET /api/verifications/{id}. Replies are parsed with the contracts' schemas.
 */
import {
  FeeSchedule,
  ScheduleAppointmentDetail,
  ScheduleSettings,
  type VerificationDetail,
  WriteBackInput,
  type WriteBackRecord,
} from '@dv/contracts';
import { type FetchFn } from '../../../http/http-client';
import { fakeGateway } from '../../../test-support/render-app';
import { jsonReply } from '../../../test-support/json-reply';
import { fixtureDetail } from '../../../verification/ticket/testing/workspace-fixture';
import { officeToday } from '../appointment-estimate';

export const TIME_ZONE = 'America/New_York';
export const APPOINTMENT_ID = 'sbx-appt-maria';
export const LATER_ID = 'sbx-appt-maria-later';
export const MARIA_VERIFICATION = 'ver-maria';

const pad = (n: number) => String(n).padStart(2, '0');

/** The office's day `offset` days from today, as YYYY-MM-DD and MM/DD/YYYY. */
export function officeDay(offset: number): { iso: string; us: string } {
  const [month, day, year] = officeToday(TIME_ZONE).split('/').map(Number);
  const at = new Date(Date.UTC(year!, month! - 1, day! + offset));
  const [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
  return { iso: `${y}-${pad(m)}-${pad(d)}`, us: `${pad(m)}/${pad(d)}/${y}` };
}

export const TOMORROW = officeDay(1);
/** The last cleaning: 120 days before the appointment. */
export const LAST_CLEANING = officeDay(1 - 120);
const LAST_EXAM = officeDay(1 - 200);
const LATER = officeDay(15);

export const FEES = { D0120: 65, D1110: 115, D2391: 185, D2740: 1250 };

/** Maria's verification: the ticket fixture with her history and amounts. */
export function mariaVerification(id = MARIA_VERIFICATION, change?: (draft: Record<string, unknown>) => void): VerificationDetail {
  return fixtureDetail((draft) => {
    Object.assign(draft, { id });
    Object.assign(draft.patient, {
      history: [
        { code: 'ADA:D1110', date: LAST_CLEANING.us, notes: 'Prophylaxis - adult' },
        { code: 'ADA:D0120', date: LAST_EXAM.us, notes: 'Periodic oral evaluation' },
      ],
      insuranceRemaining: { value: 1110, score: 3 },
      deductibleRemaining: { value: 25, score: 3 },
    });
    change?.(draft);
  });
}

const line = (id: string, procedureCode: string, date: string | null, extra: Partial<ScheduleAppointmentDetail['lines'][number]> = {}) => ({
  id,
  procedureCode,
  dateOfService: date,
  procedureStatus: date === null ? ('treatment_planned' as const) : ('scheduled' as const),
  pmsStatus: null,
  tooth: null,
  surfaces: null,
  fee: null,
  appointmentId: null,
  ...extra,
});

const verification = (verificationId: string | null, chip: 'notVerified' | 'inProgress' | 'ready' = verificationId ? 'ready' : 'notVerified') => ({
  verificationId,
  chip,
  coverageStatus: chip === 'ready' ? ('active' as const) : null,
  attention: null,
  verifiedAt: chip === 'ready' ? new Date().toISOString() : null,
});

/** Her appointment tomorrow; verified (primary only) unless told otherwise. */
export function mariaAppointment(options: { verificationId?: string | null; secondary?: string | null } = {}): ScheduleAppointmentDetail {
  const verificationId = options.verificationId === undefined ? MARIA_VERIFICATION : options.verificationId;
  const coverage = { payerId: '77777', carrierName: 'Delta Dental of California', relationToSubscriber: 'Self' as const, subscriber: null };
  const planned = [
    line('p-exam', 'D0120', TOMORROW.us, { appointmentId: APPOINTMENT_ID }),
    line('p-cleaning', 'D1110', TOMORROW.us, { appointmentId: APPOINTMENT_ID }),
    line('p-filling', 'D2391', TOMORROW.us, { appointmentId: APPOINTMENT_ID, tooth: '30', surfaces: 'MO' }),
    line('p-crown', 'D2740', LATER.us, { appointmentId: LATER_ID, tooth: '14' }),
  ];
  return ScheduleAppointmentDetail.parse({
    id: APPOINTMENT_ID,
    officeId: 'office-demo-1',
    date: TOMORROW.iso,
    start: '08:45',
    durationMinutes: 45,
    provider: 'Jordan Lee, RDH',
    operatory: 'Hygiene 1',
    patient: { id: 'pt-lopez-maria', firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', newPatient: false },
    coverages: [
      { rank: 'primary', ...coverage, memberId: 'DD100200300', cob: null, verification: verification(verificationId) },
      ...(options.secondary === undefined
        ? []
        : [{ rank: 'secondary', ...coverage, memberId: 'DD123456789', cob: 'nonDuplication', verification: verification(options.secondary) }]),
    ],
    chip: verificationId ? 'ready' : 'notVerified',
    lines: planned.slice(0, 3),
    history: [
      line('h-cleaning', 'D1110', LAST_CLEANING.us, { procedureStatus: 'completed' }),
      line('h-exam', 'D0120', LAST_EXAM.us, { procedureStatus: 'completed' }),
    ],
    treatmentPlan: planned,
    upcoming: [
      { id: APPOINTMENT_ID, date: TOMORROW.iso, start: '08:45' },
      { id: LATER_ID, date: LATER.iso, start: '08:45' },
    ],
    writeBacks: [],
  });
}

type Call = { method: string; path: string; body: unknown };

export function fakeScheduleGateway(appointment: ScheduleAppointmentDetail, tickets: VerificationDetail[] = [mariaVerification()]) {
  const state = {
    appointment,
    tickets,
    fees: FeeSchedule.parse({ fees: FEES }).fees,
    settings: ScheduleSettings.parse({ timeZone: TIME_ZONE, treatmentPlanMode: 'nextAppointment' }),
    refusal: null as string | null,
    calls: [] as Call[],
  };
  const path = `/api/schedule/appointments/${APPOINTMENT_ID}`;

  function writeBack(body: unknown) {
    const input = WriteBackInput.parse(body);
    const record: WriteBackRecord = {
      id: `wb-${state.appointment.writeBacks.length + 1}`,
      appointmentId: APPOINTMENT_ID,
      patientId: 'pt-lopez-maria',
      coverage: input.coverage,
      verificationId: MARIA_VERIFICATION,
      fields: input.fields,
      writtenAt: new Date(Date.now() + state.appointment.writeBacks.length * 1000).toISOString(),
      writtenBy: 'Sam Staff',
      status: state.refusal === null ? 'written' : 'failed',
      reason: state.refusal,
    };
    state.appointment = { ...state.appointment, writeBacks: [...state.appointment.writeBacks, record] };
    if (state.refusal !== null) {
      const message = `The practice-management system did not take the values: ${state.refusal}`;
      return jsonReply({ statusCode: 502, error: 'Bad Gateway', message }, 502);
    }
    return jsonReply(record, 201);
  }

  function verify(body: unknown) {
    const rank = (body as { coverage?: 'primary' | 'secondary' }).coverage ?? 'primary';
    const verificationId = `ver-started-${rank}`;
    state.appointment = {
      ...state.appointment,
      coverages: state.appointment.coverages.map((coverage) =>
        coverage.rank === rank ? { ...coverage, verification: { ...verification(verificationId, 'inProgress') } } : coverage,
      ),
    };
    return jsonReply({ verificationId, started: true }, 201);
  }

  const fetch: FetchFn = (url, init) => {
    const [route = url] = url.split('?');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!route.startsWith('/api/schedule') && !route.startsWith('/api/verifications/')) {
      return route === '/api/portals/credentials' ? Promise.resolve(jsonReply([])) : fakeGateway(url, init);
    }
    state.calls.push({ method, path: route, body });
    if (route === '/api/schedule/fees') return Promise.resolve(jsonReply({ fees: state.fees }));
    if (route === '/api/schedule/settings') return Promise.resolve(jsonReply(state.settings));
    if (route === path) return Promise.resolve(jsonReply(state.appointment));
    if (route === `${path}/verify` && method === 'POST') return Promise.resolve(verify(body));
    if (route === `${path}/write-back` && method === 'POST') return Promise.resolve(writeBack(body));
    const ticket = state.tickets.find((candidate) => route === `/api/verifications/${candidate.id}`);
    if (ticket) return Promise.resolve(jsonReply(ticket));
    return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: route.startsWith('/api/schedule') ? 'Appointment not found' : 'Verification not found' }, 404));
  };

  return {
    fetch,
    state,
    calls: (method: string, route: string) => state.calls.filter((call) => call.method === method && call.path === route),
    /** The practice-management system refuses the next write-backs with this reason (the service's 502). */
    refuseWriteBack: (reason: string) => {
      state.refusal = reason;
    },
  };
}
