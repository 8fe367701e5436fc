/**
 * The schedule API (services/schedule), for the day page and the appointment panel alike: a day
 * (GET /api/schedule/{date}), "Verify all" (POST /api/schedule/{date}/batch), one coverage's verification
 * (POST /api/schedule/appointments/{id}/verify), one appointment with its history, treatment plan and write-back
 * log (GET /api/schedule/appointments/{id}), the write-back of verified values (POST .../write-back), the office's
 * fees (GET/PUT /api/schedule/fees) and settings (GET/PUT /api/schedule/settings), and the sandbox's reset of a day.
 * A failed call throws an ApiCallError (http/api-call-error.ts) with the status, the server's message (a 409 in SCHEDULE_MESSAGES'
 * words, a write-back's 502 with the practice-management system's reason) and the 400's field issues, so a page
 * shows them as the service put them. Every query key starts with SCHEDULE_QUERY_KEY.
 */
import {
  FeeSchedule,
  ScheduleAppointmentDetail,
  ScheduleBatch,
  type ScheduleCoverage,
  ScheduleDayView,
  ScheduleSettings,
  type ScheduleSettings as Settings,
  ScheduleVerifyReply,
  type WriteBackInput,
  WriteBackRecord,
} from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { callError, checkedReply, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';

export type CoverageRank = ScheduleCoverage['rank'];

const BASE = '/api/schedule';
const dayPath = (date: string) => `${BASE}/${encodeURIComponent(date)}`;
const appointmentPath = (id: string) => `${BASE}/appointments/${encodeURIComponent(id)}`;

export const SCHEDULE_QUERY_KEY = 'schedule';
/** The office is part of the key: after an office switch the page never shows the other office's day. */
export const dayKey = (officeId: string | null, date: string) => [SCHEDULE_QUERY_KEY, 'day', officeId, date] as const;
/** One entry for the settings dialog and the panel: what the dialog saves is the panel's treatment plan mode. */
export const settingsKey = (officeId: string | null) => [SCHEDULE_QUERY_KEY, 'settings', officeId] as const;
export const feesKey = (officeId: string | null) => [SCHEDULE_QUERY_KEY, 'fees', officeId] as const;
export const appointmentKey = (id: string) => [SCHEDULE_QUERY_KEY, 'appointment', id] as const;

export async function fetchScheduleDay(http: HttpClient, date: string): Promise<ScheduleDayView> {
  return checkedReply(ScheduleDayView, await http.get(dayPath(date)), 'Reading the schedule');
}

/** "Verify all": the batch started (201), or the 409 while one runs for the day. */
export async function startBatch(http: HttpClient, date: string): Promise<ScheduleBatch> {
  return checkedReply(ScheduleBatch, await http.post(`${dayPath(date)}/batch`), 'Starting Verify all');
}

/** Verifies one coverage of an appointment: the verification started (201), or the fresh one (200). */
export async function verifyCoverage(http: HttpClient, appointmentId: string, coverage: CoverageRank): Promise<ScheduleVerifyReply> {
  return checkedReply(ScheduleVerifyReply, await http.post(`${appointmentPath(appointmentId)}/verify`, { coverage }), 'Starting the verification');
}

export async function fetchAppointment(http: HttpClient, id: string): Promise<ScheduleAppointmentDetail> {
  return checkedReply(ScheduleAppointmentDetail, await http.get(appointmentPath(id)), 'Reading the appointment');
}

/** Writes verified values to the practice: logged either way, a refusal is the practice-management system's 502. */
export async function writeBack(http: HttpClient, appointmentId: string, input: WriteBackInput): Promise<WriteBackRecord> {
  return checkedReply(WriteBackRecord, await http.post(`${appointmentPath(appointmentId)}/write-back`, input), 'Writing back');
}

export async function fetchFees(http: HttpClient): Promise<FeeSchedule> {
  return checkedReply(FeeSchedule, await http.get(`${BASE}/fees`), 'Reading the fee schedule');
}

/** Replaces the office's fee schedule (the settings page, issue 18); the 400 names each refused code ('fees.D111'). */
export async function saveFees(http: HttpClient, fees: Record<string, unknown>): Promise<FeeSchedule> {
  return checkedReply(FeeSchedule, await http.put(`${BASE}/fees`, { fees }), 'Saving the fee schedule');
}

export async function fetchScheduleSettings(http: HttpClient): Promise<Settings> {
  return checkedReply(ScheduleSettings, await http.get(`${BASE}/settings`), 'Reading the schedule settings');
}

/** The office's schedule settings; changed rarely, read once a minute at most. */
export function useScheduleSettings(enabled = true) {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  return useQuery({
    queryKey: settingsKey(currentOfficeId),
    queryFn: () => fetchScheduleSettings(http),
    enabled,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** Only the fields the form edits are sent; the values as typed, so that the service's 400 names what is wrong. */
export async function saveScheduleSettings(http: HttpClient, settings: Record<keyof Settings, unknown>): Promise<Settings> {
  return checkedReply(ScheduleSettings, await http.put(`${BASE}/settings`, settings), 'Saving the schedule settings');
}

/** The sandbox only: forgets the day's batches and its patients' verification statuses (204). */
export async function resetSandboxDay(http: HttpClient, date: string): Promise<void> {
  const result = await http.post(`${BASE}/sandbox/reset`, { date });
  if (!result.ok) throw callError(result, "Resetting the day's verifications");
}
