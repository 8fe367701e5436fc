/**
 * NexHealth's JSON to the practice-management port's types, without I/O: instants to the office's local day and
 * HH:MM, YYYY-MM-DD dates to the product's MM/DD/YYYY, NexHealth's normalized procedure statuses to the vocabulary
 * of the office's system (SPEC: PROCEDURE_STATUSES_BY_PMS), its relations to RELATIONS_TO_SUBSCRIBER, and the
 * write-back note. What NexHealth does not say is written down where it is assumed.
 */
import {
  ownValue,
  WRITE_BACK_FIELDS,
  type PmsType,
  type PROCEDURE_STATUSES_BY_PMS,
  type ProcedureStatus,
  type RelationToSubscriber,
  type WriteBackField,
} from '@dv/contracts';
import {
  PracticeManagementError,
  type PmsAppointment,
  type PmsCoverage,
  type PmsPatient,
  type PmsProcedure,
  type PmsSubscriber,
  type WriteBackEntry,
} from '../practice-management';
import { type NexAppointment, type NexCoverage, type NexOperatory, type NexPatient, type NexProcedure } from './nexhealth-schemas';

/** YYYY-MM-DD to the product's patient date MM/DD/YYYY. */
export function patientDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

export interface LocalTime {
  /** YYYY-MM-DD. */
  readonly date: string;
  /** HH:MM, 24-hour. */
  readonly time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant in the office's time: the appointment's IANA `timezone` (DST included), or its fixed
 * `timezone_offset` ("-5:00") when NexHealth gives no zone name.
 */
export function localTime(instant: string, zone: { readonly timezone?: string | null; readonly timezone_offset?: string | null }): LocalTime {
  const at = new Date(instant);
  if (zone.timezone !== undefined && zone.timezone !== null && zone.timezone !== '') {
    let parts: Intl.DateTimeFormatPart[];
    try {
      parts = formatterFor(zone.timezone).formatToParts(at);
    } catch {
      throw new PracticeManagementError('NexHealth gave an appointment in an unknown time zone', false);
    }
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
  }
  const offset = offsetMinutes(zone.timezone_offset);
  if (offset === null) throw new PracticeManagementError('NexHealth gave an appointment without its time zone', false);
  const shifted = new Date(at.getTime() + offset * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** "-4:00", "+05:30", "-0500" to minutes east of UTC. */
export function offsetMinutes(offset: string | null | undefined): number | null {
  const match = /^([+-])?(\d{1,2}):?(\d{2})$/.exec(offset?.trim() ?? '');
  if (match === null) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

/** Operatory ids to the names the office knows them by. */
export function operatoryNames(operatories: readonly NexOperatory[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const operatory of operatories) {
    const name = operatory.display_name?.trim() || operatory.name?.trim();
    if (name) names.set(operatory.id, name);
  }
  return names;
}

/** A patient's appointment, or null for a schedule block (no patient, or `unavailable`). */
export function mapAppointment(raw: NexAppointment, operatories: ReadonlyMap<string, string>): PmsAppointment | null {
  if (raw.unavailable === true || raw.patient_id === null || raw.patient_id === undefined) return null;
  const start = localTime(raw.start_time, raw);
  const end = raw.end_time ?? null;
  const minutes = end === null ? 0 : Math.round((Date.parse(end) - Date.parse(raw.start_time)) / 60_000);
  return {
    id: raw.id,
    patientId: raw.patient_id,
    date: start.date,
    start: start.time,
    durationMinutes: Math.max(0, minutes),
    provider: raw.provider_name?.trim() ?? '',
    operatory: raw.operatory_id === null || raw.operatory_id === undefined ? null : (operatories.get(raw.operatory_id) ?? null),
    cancelled: raw.cancelled === true,
  };
}

/** By day, then time, then id: the schedule's order, stable when two start together. */
export function byTime(a: PmsAppointment, b: PmsAppointment): number {
  return a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id.localeCompare(b.id, 'en', { numeric: true });
}

const RELATIONS: Readonly<Record<string, RelationToSubscriber>> = {
  self: 'Self',
  spouse: 'Spouse',
  child: 'Children',
  dependent: 'Dependent',
  // A handicapped dependent is a dependent to the eligibility request.
  handicap_dep: 'Dependent',
  life_partner: 'LifePartner',
  // Assumption: a significant other is the product's life partner (its nearest relation).
  signif_other: 'LifePartner',
  employee: 'Employee',
  injured_plaintiff: 'Other',
  other: 'Other',
};

/** NexHealth's subscription_relation to the product's relation; anything unknown is Other. */
export function relationFor(relation: string | null | undefined): RelationToSubscriber {
  return ownValue(RELATIONS, relation?.trim().toLowerCase() ?? '') ?? 'Other';
}

/** Names and birth dates of patients already read, by NexHealth id, to name a subscriber exactly. */
export type KnownPeople = ReadonlyMap<string, { readonly firstName: string; readonly lastName: string; readonly dob: string }>;

/**
 * A patient with up to two dental coverages, ranked by NexHealth's priority (lowest first). Coverages NexHealth marks
 * medical or vision are left out; one without a type is kept (most systems do not say).
 */
export function mapPatient(raw: NexPatient, known: KnownPeople): PmsPatient {
  return { id: raw.id, ...personOf(raw), coverages: mapCoverages(raw.insurance_coverages ?? [], known) };
}

/** A patient's names and birth date; an unknown birth date stays blank rather than failing the day. */
export function personOf(raw: NexPatient): { firstName: string; lastName: string; dob: string } {
  const dob = raw.bio?.date_of_birth ?? null;
  return { firstName: raw.first_name.trim(), lastName: raw.last_name.trim(), dob: dob === null ? '' : patientDate(dob) };
}

export function mapCoverages(coverages: readonly NexCoverage[], known: KnownPeople): PmsCoverage[] {
  const dental = coverages.filter((coverage) => {
    const type = coverage.insurance_type?.trim().toLowerCase();
    return type === undefined || type === '' || type === 'dental';
  });
  const ranked = [...dental].sort(
    (a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER) || Number(a.id) - Number(b.id),
  );
  return ranked.slice(0, 2).map((coverage, index) => mapCoverage(coverage, index === 0 ? 'primary' : 'secondary', known));
}

function mapCoverage(raw: NexCoverage, rank: 'primary' | 'secondary', known: KnownPeople): PmsCoverage {
  const relationToSubscriber = relationFor(raw.subscription_relation);
  return {
    rank,
    payerId: raw.plan?.payer_id?.trim() ?? '',
    carrierName: raw.plan?.name?.trim() ?? '',
    memberId: raw.subscriber_num?.trim() ?? '',
    relationToSubscriber,
    subscriber: relationToSubscriber === 'Self' ? null : subscriberOf(raw, known),
    // Assumption: NexHealth exposes no coordination-of-benefits rule, so a secondary plan is standard COB.
    cob: rank === 'secondary' ? 'standard' : null,
  };
}

function subscriberOf(raw: NexCoverage, known: KnownPeople): PmsSubscriber | null {
  const subscriber = raw.subscriber;
  if (subscriber === null || subscriber === undefined) return null;
  const memberId = raw.subscriber_num?.trim() ?? '';
  const person = subscriber.id === null || subscriber.id === undefined ? undefined : known.get(subscriber.id);
  if (person !== undefined) return { ...person, memberId };
  const names = splitName(subscriber.name ?? '');
  if (names === null) return null;
  const dob = subscriber.date_of_birth;
  return { ...names, dob: dob === null ? '' : patientDate(dob), memberId };
}

/**
 * NexHealth gives a subscriber's full name as one string. Assumption: "Last, First" when it has a comma, otherwise
 * the last word is the last name ("Grace Ann Okafor": Grace Ann / Okafor). Used only when the subscriber is not a
 * patient read the same day (whose first and last names NexHealth gives apart).
 */
export function splitName(full: string): { firstName: string; lastName: string } | null {
  const name = full.trim().replace(/\s+/g, ' ');
  if (name === '') return null;
  const comma = name.indexOf(',');
  if (comma >= 0) return { firstName: name.slice(comma + 1).trim(), lastName: name.slice(0, comma).trim() };
  const space = name.lastIndexOf(' ');
  return space < 0 ? { firstName: '', lastName: name } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

type DentrixStatus = (typeof PROCEDURE_STATUSES_BY_PMS)['dentrix'][number];
type OpenDentalStatus = (typeof PROCEDURE_STATUSES_BY_PMS)['openDental'][number];

const DENTRIX_STATUSES: Readonly<Record<string, DentrixStatus>> = {
  planned: 'treatment_planned',
  scheduled: 'scheduled',
  completed: 'completed',
  referred: 'referred',
  inactive: 'inactive',
};

/**
 * Open Dental's vocabulary in SPEC has Completed and Existing Other. NexHealth normalizes Open Dental's statuses into
 * its five and keeps no "existing other", so only completed maps; the rest keep NexHealth's word in pmsStatus.
 */
const OPEN_DENTAL_STATUSES: Readonly<Record<string, OpenDentalStatus>> = { completed: 'Completed' };

/** NexHealth's status in the vocabulary of the office's system; null when it has no word for it. */
export function procedureStatusFor(status: string | null | undefined, pmsType: PmsType | null): ProcedureStatus | null {
  const key = status?.trim().toLowerCase() ?? '';
  switch (pmsType) {
    case 'dentrix':
      return ownValue(DENTRIX_STATUSES, key) ?? null;
    case 'openDental':
      return ownValue(OPEN_DENTAL_STATUSES, key) ?? null;
    case null:
      return null;
  }
}

/** A CDT code as D and four digits ("d1110", "ADA:D1110" and "1110" read as D1110); null for anything else. */
export function procedureCode(code: string | null | undefined): string | null {
  const value = code?.trim().toUpperCase().replace(/^(ADA|CDT):/, '') ?? '';
  if (/^D\d{4}$/.test(value)) return value;
  if (/^\d{4}$/.test(value)) return `D${value}`;
  return null;
}

export interface ProcedureContext {
  readonly pmsType: PmsType | null;
  /** The schedule day, YYYY-MM-DD. */
  readonly day: string;
  /** Known appointments' days (YYYY-MM-DD) by id: the day's and each patient's upcoming ones. */
  readonly appointmentDays: ReadonlyMap<string, string>;
}

/** A procedure line, or null when its code is not a CDT code (a practice's own codes are no dental benefit). */
export function mapProcedure(raw: NexProcedure, patientId: string, context: ProcedureContext): PmsProcedure | null {
  const code = procedureCode(raw.code);
  if (code === null) return null;
  const date = serviceDate(raw, context);
  const teeth = (raw.body_site?.tooth ?? []).map((tooth) => tooth.trim()).filter((tooth) => tooth !== '');
  return {
    id: raw.id,
    patientId,
    appointmentId: raw.appointment_id ?? null,
    procedureCode: code,
    dateOfService: date === null ? null : patientDate(date),
    status: procedureStatusFor(raw.status, context.pmsType),
    pmsStatus: raw.status?.trim() || null,
    tooth: teeth.length === 0 ? null : teeth.join(','),
    surfaces: raw.body_site?.surface?.trim() || null,
    fee: feeOf(raw.fee),
  };
}

/**
 * The date of service the product's history/planned rule reads (SPEC: history before today, planned undated or
 * today or later). Done procedures: the day they were finished (end_date; a crown's seat date), else start_date.
 * Procedures not done yet: the day of the appointment they are booked on; otherwise their own date only when it
 * is not before the schedule day, since an older date on a plan line is when it was planned, not performed, and
 * would turn planned work into history.
 */
function serviceDate(raw: NexProcedure, context: ProcedureContext): string | null {
  const status = raw.status?.trim().toLowerCase();
  if (status !== 'planned' && status !== 'scheduled') return raw.end_date ?? raw.start_date;
  const booked = raw.appointment_id === null || raw.appointment_id === undefined ? undefined : context.appointmentDays.get(raw.appointment_id);
  if (booked !== undefined) return booked;
  const own = raw.start_date ?? raw.end_date;
  return own !== null && own >= context.day ? own : null;
}

function feeOf(fee: NexProcedure['fee']): number | null {
  if (fee === null || fee === undefined) return null;
  const currency = fee.currency?.trim().toUpperCase();
  if (currency !== undefined && currency !== '' && currency !== 'USD') return null;
  const amount = typeof fee.amount === 'number' ? fee.amount : Number(fee.amount?.trim() || Number.NaN);
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
}

const WRITE_BACK_LABELS: Readonly<Record<WriteBackField, string>> = {
  coverageStatus: 'Coverage status',
  effectiveDate: 'Effective date',
  planEndDate: 'Plan end date',
  insuranceRemaining: 'Insurance remaining',
  deductibleRemaining: 'Deductible remaining',
  annualMaximum: 'Annual maximum',
  deductible: 'Deductible',
  groupNumber: 'Group number',
  verifiedOn: 'Verified on',
};

/** How this adapter's notes begin, per coverage: it finds its own earlier note by it to retire it. */
export function writeBackMarker(rank: 'primary' | 'secondary'): string {
  return `Insurance verification (${rank})`;
}

/**
 * The patient alert that carries verified values into the practice-management system: one line, fields in the
 * product's order (the last value of a field given twice), control characters flattened.
 */
export function writeBackNote(coverage: PmsCoverage, entries: readonly WriteBackEntry[]): string {
  const values = new Map<WriteBackField, string>();
  // eslint-disable-next-line no-control-regex -- control characters are what this flattens (a newline splits a popup).
  for (const entry of entries) values.set(entry.field, entry.value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim());
  const fields = WRITE_BACK_FIELDS.filter((field) => values.has(field)).map((field) => `${WRITE_BACK_LABELS[field]}: ${values.get(field)}`);
  const carrier = [coverage.carrierName, coverage.payerId === '' ? '' : `payer ${coverage.payerId}`].filter((part) => part !== '').join(', ');
  return `${writeBackMarker(coverage.rank)}${carrier === '' ? '' : ` - ${carrier}`}: ${fields.join('; ')}`;
}
