/**
 * The practice-management port on NexHealth (kind 'nexHealth'): a day's schedule read from its REST API, and
 * verified values written back as a patient alert. The office's integration gives the institution subdomain and
 * the location id; the API key and base URL come from the environment (NEXHEALTH_API_KEY, NEXHEALTH_URL).
 *
 * A day takes: the location's appointments in a window wide enough for any time zone, kept when their local day is
 * the day asked (blocks dropped, cancelled ones flagged); the operatories' names; each patient with their insurance
 * coverages (plan with payer id, subscriber); each patient's procedures; and each patient's appointments for a year
 * from the day (the treatment plan modes read them).
 *
 * Write-back: NexHealth's insurance endpoints are read-only (no write of a coverage's or a plan's fields), so the
 * values cannot go onto the coverage itself. The one documented write into the patient's record that can carry
 * them is a patient alert (POST /patients/{id}/alerts), a note the system pops up when staff open the patient's
 * file (Dentrix, Open Dental, Eaglesoft and others). The adapter writes one alert per coverage and retires its
 * previous one, so staff see the latest values once, and copies them into the coverage by hand.
 */
import { ConfigError, type Environment } from '@dv/kit';
import {
  PracticeManagementError,
  type PmsAppointment,
  type PmsPatient,
  type PmsProcedure,
  type PracticeDay,
  type PracticeManagement,
  type PracticeOffice,
  type WriteBackEntry,
} from '../practice-management';
import { NEXHEALTH_DEFAULT_URL, NexHealthClient, type NexHealthClientOptions, type QueryPairs } from './nexhealth-client';
import {
  byTime,
  mapAppointment,
  mapCoverages,
  mapPatient,
  mapProcedure,
  operatoryNames,
  personOf,
  writeBackMarker,
  writeBackNote,
  type KnownPeople,
} from './nexhealth-mapping';
import { NexAlert, NexAppointment, NexOperatory, NexPatient, NexProcedure } from './nexhealth-schemas';

export type NexHealthPracticeOptions = NexHealthClientOptions;

/** Patients read at once: a day is 8 to 30 patients, and NexHealth allows 1000 patient requests a minute. */
const PATIENT_CONCURRENCY = 4;
/** GET /appointments takes at most 25 patient ids. */
const PATIENT_IDS_PER_QUERY = 25;
/** How far the treatment plan modes look ahead. */
const UPCOMING_DAYS = 365;

export function nexHealthPractice(options: NexHealthPracticeOptions): PracticeManagement {
  const client = new NexHealthClient(options);
  return {
    kind: 'nexHealth',
    day: (office, date, dayOptions) => readDay(client, office, date, dayOptions?.signal),
    writeBack: (office, target, entries, writeOptions) => writeBack(client, office, target, entries, writeOptions?.signal),
  };
}

/** The adapter's settings from the environment, or null when no API key is set (the sandbox answers then). */
export function nexHealthSettingsFrom(env: Environment): { readonly baseUrl: string; readonly apiKey: string } | null {
  const apiKey = env.NEXHEALTH_API_KEY?.trim();
  if (apiKey === undefined || apiKey === '') return null;
  const baseUrl = env.NEXHEALTH_URL?.trim() || NEXHEALTH_DEFAULT_URL;
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new ConfigError([{ variable: 'NEXHEALTH_URL', problem: 'expected an http(s) URL' }]);
  return { baseUrl, apiKey };
}

interface Scope {
  readonly subdomain: string;
  readonly locationId: string;
}

function subdomainOf(office: PracticeOffice): string {
  const subdomain = office.subdomain?.trim() ?? '';
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/i.test(subdomain)) {
    throw new PracticeManagementError("The office's integration has no valid NexHealth subdomain", false);
  }
  return subdomain;
}

function scopeOf(office: PracticeOffice): Scope {
  const subdomain = subdomainOf(office);
  const locationId = office.locationId?.trim() ?? '';
  if (!/^\d{1,12}$/.test(locationId)) {
    throw new PracticeManagementError("The office's integration has no valid NexHealth location id", false);
  }
  return { subdomain, locationId };
}

/** YYYY-MM-DD of a real day, as a UTC midnight in milliseconds. */
function dayStart(date: string): number {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== date) {
    throw new PracticeManagementError('The day must be a date as YYYY-MM-DD', false);
  }
  return at;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The format NexHealth recommends for its time windows: YYYY-MM-DDThh:mm:ss+0000. */
function nexTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+0000`;
}

/**
 * The UTC window that holds a local day in every time zone (UTC-12 to UTC+14): from 10:00 UTC the day before to
 * 12:00 UTC the day after. NexHealth's `timezone` parameter is left out: each appointment carries its zone, and the
 * local day is decided from it.
 */
function windowOf(date: string, days = 1): { readonly start: string; readonly end: string } {
  const start = dayStart(date);
  return { start: nexTime(start - 14 * HOUR), end: nexTime(start + (days - 1) * DAY + 36 * HOUR) };
}

async function readDay(client: NexHealthClient, office: PracticeOffice, date: string, signal?: AbortSignal): Promise<PracticeDay> {
  const scope = scopeOf(office);
  const window = windowOf(date);
  const base: QueryPairs = [
    ['subdomain', scope.subdomain],
    ['location_id', scope.locationId],
  ];
  const [rawAppointments, rawOperatories] = await Promise.all([
    client.all(
      { method: 'GET', path: '/appointments', query: [...base, ['start', window.start], ['end', window.end]], resource: 'appointments', signal },
      NexAppointment,
    ),
    client.all({ method: 'GET', path: '/operatories', query: base, resource: 'operatories', signal }, NexOperatory),
  ]);
  const operatories = operatoryNames(rawOperatories);
  const appointments = rawAppointments
    .map((raw) => mapAppointment(raw, operatories))
    .filter((appointment): appointment is PmsAppointment => appointment !== null && appointment.date === date)
    .sort(byTime);
  const patientIds = [...new Set(appointments.map((appointment) => appointment.patientId))];
  const [rawPatients, upcoming] = await Promise.all([
    inBatches(patientIds, PATIENT_CONCURRENCY, (id) => readPatient(client, scope, id, signal)),
    readUpcoming(client, scope, date, patientIds, operatories, signal),
  ]);
  // A dependent's subscriber is often on the same day's schedule: their names then come apart, not split.
  const known: KnownPeople = new Map(rawPatients.map((p) => [p.patient.id, personOf(p.patient)]));
  const patients: PmsPatient[] = rawPatients.map((p) => mapPatient(p.patient, known));
  const appointmentDays = new Map([...appointments, ...upcoming].map((appointment) => [appointment.id, appointment.date]));
  const context = { pmsType: office.pmsType, day: date, appointmentDays };
  const procedures = rawPatients.flatMap((p) =>
    p.procedures.map((raw) => mapProcedure(raw, p.patient.id, context)).filter((line): line is PmsProcedure => line !== null),
  );
  return { appointments, patients, procedures, upcoming };
}

async function readPatient(client: NexHealthClient, scope: Scope, patientId: string, signal?: AbortSignal) {
  const [patient, procedures] = await Promise.all([
    client.one(
      {
        method: 'GET',
        path: `/patients/${patientId}`,
        query: [
          ['subdomain', scope.subdomain],
          ['include[]', 'insurance_coverages'],
        ],
        resource: 'a patient',
        signal,
      },
      NexPatient,
    ),
    // Every location's procedures: the history that frequencies count is the patient's, wherever it was done.
    client.all(
      {
        method: 'GET',
        path: '/procedures',
        query: [
          ['subdomain', scope.subdomain],
          ['patient_id', patientId],
        ],
        resource: "a patient's procedures",
        signal,
      },
      NexProcedure,
    ),
  ]);
  return { patient, procedures };
}

/** Each patient's appointments at the location from the day on for a year, not cancelled, in time order. */
async function readUpcoming(
  client: NexHealthClient,
  scope: Scope,
  date: string,
  patientIds: readonly string[],
  operatories: ReadonlyMap<string, string>,
  signal?: AbortSignal,
): Promise<PmsAppointment[]> {
  const window = windowOf(date, UPCOMING_DAYS + 1);
  const batches: string[][] = [];
  for (let index = 0; index < patientIds.length; index += PATIENT_IDS_PER_QUERY) {
    batches.push(patientIds.slice(index, index + PATIENT_IDS_PER_QUERY));
  }
  const pages = await Promise.all(
    batches.map((ids) =>
      client.all(
        {
          method: 'GET',
          path: '/appointments',
          query: [
            ['subdomain', scope.subdomain],
            ['location_id', scope.locationId],
            ['start', window.start],
            ['end', window.end],
            ['cancelled', 'false'],
            // NexHealth reads this list as comma-separated (form style, not exploded).
            ['patient_ids[]', ids.join(',')],
          ],
          resource: 'upcoming appointments',
          signal,
        },
        NexAppointment,
      ),
    ),
  );
  const wanted = new Set(patientIds);
  return pages
    .flat()
    .map((raw) => mapAppointment(raw, operatories))
    .filter((a): a is PmsAppointment => a !== null && !a.cancelled && a.date >= date && wanted.has(a.patientId))
    .sort(byTime);
}

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function writeBack(
  client: NexHealthClient,
  office: PracticeOffice,
  target: { readonly patientId: string; readonly coverage: 'primary' | 'secondary' },
  entries: readonly WriteBackEntry[],
  signal?: AbortSignal,
): Promise<void> {
  const subdomain = subdomainOf(office);
  if (!/^\d{1,12}$/.test(target.patientId)) throw new PracticeManagementError('Not a NexHealth patient id', false);
  if (entries.length === 0) throw new PracticeManagementError('Choose at least one value to write back', false);
  const query: QueryPairs = [['subdomain', subdomain]];
  const alertsPath = `/patients/${target.patientId}/alerts`;
  const patient = await client.one(
    { method: 'GET', path: `/patients/${target.patientId}`, query: [...query, ['include[]', 'insurance_coverages']], resource: 'a patient', signal },
    NexPatient,
  );
  const coverage = mapCoverages(patient.insurance_coverages ?? [], new Map()).find((c) => c.rank === target.coverage);
  if (coverage === undefined) {
    throw new PracticeManagementError(`NexHealth has no ${target.coverage} coverage for this patient to write back to`, false);
  }
  // Read before writing: the list holds only alerts written through the API, so only this adapter's own notes.
  const earlier = await client.one({ method: 'GET', path: alertsPath, query, resource: "a patient's alerts", signal }, NexAlert.array());
  const created = await client.one(
    {
      method: 'POST',
      path: alertsPath,
      query,
      body: { patient_alert: { note: writeBackNote(coverage, entries) } },
      resource: 'a patient alert',
      signal,
    },
    NexAlert,
  );
  // The new note is written first, so a failure below leaves two notes, never none.
  const marker = writeBackMarker(target.coverage);
  const stale = earlier.filter((alert) => alert.id !== created.id && !alert.disabled_at && (alert.note ?? '').startsWith(marker));
  for (const alert of stale) {
    await client.one(
      {
        method: 'PATCH',
        path: `${alertsPath}/${alert.id}`,
        query,
        body: { patient_alert: { disabled: true } },
        resource: 'an earlier patient alert',
        signal,
      },
      NexAlert,
    );
  }
}
