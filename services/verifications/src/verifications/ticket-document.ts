/**
 * The ticket wrapper as this service builds and reads it. New tickets are schema version 3; stored version 1
 * and 2 tickets are migrated on read with contracts' migrateTicket (the stored document is rewritten as
 * version 3 by the next write, never by a read).
 */
import {
  migrateTicket,
  readUsDate,
  TicketWrapperV3,
  validateTicket,
  writeCompactDate,
  type ClientInfoV3,
  type PatientInfoV3,
} from '@dv/contracts';
import { emptyPatient } from '../scoring/merge';
import { type VerificationSearchKeys } from './verifications.store';

/** A stored ticket that no longer reads as a valid version 3 wrapper: a data problem, never the caller's. */
export class UnreadableTicket extends Error {
  override readonly name = 'UnreadableTicket';
}

function versionOf(document: unknown): unknown {
  return typeof document === 'object' && document !== null ? (document as { schemaVersion?: unknown }).schemaVersion : undefined;
}

/** The stored wrapper in version 3, whatever version it was stored in. */
export function readTicket(document: unknown): TicketWrapperV3 {
  const migrated = versionOf(document) === 3 ? document : migrateTicket(document, 3);
  const parsed = TicketWrapperV3.safeParse(migrated);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new UnreadableTicket(`The stored ticket is not a valid version 3 wrapper: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Drops keys whose value is undefined (strict schemas and the store want them absent). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export interface NewTicketInput {
  readonly id: string;
  readonly patient: PatientInfoV3;
  readonly clientInfo?: ClientInfoV3;
}

/** A new verification's wrapper: status Pending, no plan, a patient nobody has answered for yet. */
export function newTicket(input: NewTicketInput): TicketWrapperV3 {
  const clientInfo = input.clientInfo === undefined ? undefined : defined(input.clientInfo);
  const wrapper: TicketWrapperV3 = {
    patient: emptyPatient(),
    plan: null,
    ticket: {
      integrationPatientInfo: defined(input.patient),
      ...(clientInfo === undefined || Object.keys(clientInfo).length === 0 ? {} : { integrationClientInfo: clientInfo }),
      resolvedDate: null,
      draft: [],
      status: 'Pending',
      verificPlusInteralId: input.id,
      schemaVersion: 3,
    },
    schemaVersion: 3,
  };
  const check = validateTicket(wrapper, 3);
  if (!check.ok) throw new Error(`newTicket built an invalid wrapper: ${JSON.stringify(check.errors)}`);
  return wrapper;
}

/** MM/DD/YYYY -> YYYYMMDD, which sorts; '' for a text that names no day. */
function dayKey(text: string): string {
  const day = readUsDate(text);
  return day === undefined ? '' : writeCompactDate(day);
}

export function searchKeysOf(patient: Pick<PatientInfoV3, 'patientFirstName' | 'patientLastName' | 'patientDOB' | 'patientMemberId'>): VerificationSearchKeys {
  const firstName = patient.patientFirstName.trim().toLowerCase();
  const lastName = patient.patientLastName.trim().toLowerCase();
  return {
    firstName,
    lastName,
    name: `${lastName} ${firstName}`,
    dob: patient.patientDOB,
    dobKey: dayKey(patient.patientDOB),
    memberId: patient.patientMemberId.trim().toUpperCase(),
  };
}
