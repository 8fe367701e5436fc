/**
 * Test support: the gateway as the /schedule pages see it, in memory. GET /api/schedule/{date} answers the day the
 * test set (an empty sandbox day otherwise), "Verify all" starts a batch of the coverages not ready (or refuses
 * with the 409 of one running), verifying one coverage answers a new verification id, the settings are read and
 * saved with the contract's checks (a 400 with the service's details), and the sandbox resets a day. Every call
 * is recorded; the shell's other calls go to the shared fake gateway. Days are parsed with the contract's schema,
 * so they stay what the server could send.
 */
import {
  SCHEDULE_MESSAGES,
  type ScheduleAppointment,
  ScheduleAppointment as AppointmentSchema,
  type ScheduleBatch,
  type ScheduleCoverage,
  ScheduleDayView,
  ScheduleSettings,
} from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway } from '../test-support/render-app';

export type GatewayCall = { method: string; path: string; body: unknown };

type Verification = ScheduleCoverage['verification'];
const NOT_VERIFIED: Verification = { verificationId: null, chip: 'notVerified', coverageStatus: null, attention: null, verifiedAt: null };

export function coverage(overrides: Partial<Omit<ScheduleCoverage, 'verification'>> & { verification?: Partial<Verification> } = {}): ScheduleCoverage {
  const { verification, ...rest } = overrides;
  return {
    rank: 'primary',
    payerId: '60054',
    carrierName: 'Aetna Dental',
    memberId: 'W123456789',
    relationToSubscriber: 'Self',
    subscriber: null,
    cob: null,
    ...rest,
    verification: { ...NOT_VERIFIED, ...verification },
  };
}

export const READY: Partial<Verification> = { verificationId: 'ver-ready', chip: 'ready', coverageStatus: 'active', verifiedAt: '2026-06-15T14:00:00.000Z' };

let counter = 0;

export function appointment(overrides: Partial<ScheduleAppointment> = {}): ScheduleAppointment {
  counter += 1;
  const coverages = overrides.coverages ?? [coverage()];
  return AppointmentSchema.parse({
    id: `appt-${counter}`,
    officeId: 'office-demo-1',
    date: '2026-06-16',
    start: '09:00',
    durationMinutes: 45,
    provider: 'Dr. Anika Patel',
    operatory: 'Op 1',
    patient: { id: `patient-${counter}`, firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', newPatient: false },
    coverages,
    chip: coverages[0]?.verification.chip ?? 'notVerified',
    lines: [],
    ...overrides,
  });
}

export function batchOf(date: string, overrides: Partial<ScheduleBatch> = {}): ScheduleBatch {
  return {
    id: 'batch-1',
    date,
    status: 'running',
    trigger: 'user',
    total: 3,
    done: 0,
    counts: { ready: 0, attention: 0, skipped: 0 },
    startedAt: '2026-06-15T20:00:00.000Z',
    finishedAt: null,
    startedBy: 'Taylor Staff',
    ...overrides,
  };
}

export const DEFAULT_SETTINGS: ScheduleSettings = ScheduleSettings.parse({});

const error = (status: number, message: string, details?: unknown) =>
  Promise.resolve(jsonReply({ statusCode: status, error: status === 409 ? 'Conflict' : 'Bad Request', message, ...(details ? { details } : {}) }, status));

export function fakeScheduleGateway(days: Record<string, { appointments: ScheduleAppointment[]; batch?: ScheduleBatch | null; source?: 'sandbox' | 'nexHealth' }> = {}) {
  const state = {
    days: new Map(Object.entries(days).map(([date, day]) => [date, ScheduleDayView.parse({ date, source: day.source ?? 'sandbox', appointments: day.appointments, batch: day.batch ?? null })])),
    settings: DEFAULT_SETTINGS,
    calls: [] as GatewayCall[],
    /** The office's plan, as GET /api/dentaloffice/{id} answers it. */
    planType: 'standard',
    dayFailure: null as null | number,
  };
  const dayOf = (date: string) => state.days.get(date) ?? { date, source: 'sandbox' as const, appointments: [], batch: null };
  const setDay = (day: ScheduleDayView) => state.days.set(day.date, day);

  function startBatch(date: string) {
    const day = dayOf(date);
    if (day.batch?.status === 'running') return error(409, SCHEDULE_MESSAGES.batchRunning);
    const coverages = day.appointments.flatMap((one) => one.coverages);
    const toVerify = coverages.filter((one) => one.verification.chip !== 'ready').length;
    const batch = batchOf(date, { id: 'batch-new', total: toVerify, counts: { ready: 0, attention: 0, skipped: coverages.length - toVerify } });
    setDay({ ...day, batch });
    return Promise.resolve(jsonReply(batch, 201));
  }

  function saveSettings(body: unknown) {
    const parsed = ScheduleSettings.safeParse(body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ location: 'body', path: issue.path.join('.'), message: issue.message }));
      return error(400, 'Invalid request', details);
    }
    state.settings = parsed.data;
    return Promise.resolve(jsonReply(state.settings));
  }

  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const office = /^\/api\/dentaloffice\/([^/]+)$/.exec(path);
    if (office && office[1] !== 'user') return Promise.resolve(jsonReply({ id: office[1], planType: state.planType }));
    if (!path.startsWith('/api/schedule')) return fakeGateway(url, init);
    state.calls.push({ method, path, body });
    if (path === '/api/schedule/settings') return method === 'PUT' ? saveSettings(body) : Promise.resolve(jsonReply(state.settings));
    if (path === '/api/schedule/sandbox/reset') {
      const day = dayOf((body as { date: string }).date);
      setDay({ ...day, batch: null, appointments: day.appointments.map((one) => ({ ...one, chip: 'notVerified', coverages: one.coverages.map((c) => ({ ...c, verification: NOT_VERIFIED })) })) });
      return Promise.resolve(jsonReply(undefined, 204));
    }
    const verify = /^\/api\/schedule\/appointments\/([^/]+)\/verify$/.exec(path);
    if (verify) return Promise.resolve(jsonReply({ verificationId: `ver-${verify[1]}`, started: true }, 201));
    const batch = /^\/api\/schedule\/(\d{4}-\d\d-\d\d)\/batch$/.exec(path);
    if (batch && method === 'POST') return startBatch(batch[1]!);
    const day = /^\/api\/schedule\/([^/]+)$/.exec(path);
    if (day && state.dayFailure !== null) return error(state.dayFailure, 'The practice-management system did not answer');
    if (day) return Promise.resolve(jsonReply(dayOf(day[1]!)));
    return error(404, `Route ${path} not found`);
  };

  return {
    fetch,
    state,
    calls: (method: string, path: string) => state.calls.filter((call) => call.method === method && call.path === path),
    /** What the server holds now: the next read of the day answers it. */
    setDay: (date: string, change: (day: ScheduleDayView) => ScheduleDayView) => setDay(change(dayOf(date))),
  };
}
