/**
 * A new verification: its document and its source jobs, built the same way whoever asks (a user through
 * POST /api/verifications, the schedule service through its request on the bus).
 */
import { type ClientInfoV3, type PatientInfoV3 } from '@dv/contracts';
import { type CatalogueCarrier } from '../carriers/carrier-catalogue';
import { type JobDocument } from '../jobs/jobs.store';
import { newSourceJobs } from '../jobs/new-jobs';
import { newTicket, searchKeysOf } from './ticket-document';
import { type VerificationDocument } from './verifications.store';

export interface NewVerificationSpec {
  readonly id: string;
  readonly orgId: string;
  readonly officeId: string;
  /** The user who asked (the token's subject), and their name as the list shows it. */
  readonly createdBy: string;
  readonly createdByName: string;
  readonly carrier: CatalogueCarrier;
  readonly patient: PatientInfoV3;
  readonly clientInfo?: ClientInfoV3;
  readonly appointment: { readonly date: string; readonly provider?: string | undefined } | null;
  readonly clearinghouseName: string;
  readonly at: Date;
}

export function newVerification(spec: NewVerificationSpec): { doc: VerificationDocument; jobs: JobDocument[] } {
  const { id, carrier, patient, at } = spec;
  const iso = at.toISOString();
  const jobs = newSourceJobs({ verificationId: id, orgId: spec.orgId, officeId: spec.officeId, carrier, clearinghouseName: spec.clearinghouseName, at });
  const doc: VerificationDocument = {
    _id: id,
    orgId: spec.orgId,
    officeId: spec.officeId,
    createdBy: spec.createdBy,
    createdByName: spec.createdByName,
    createdAt: iso,
    updatedAt: iso,
    status: 'Pending',
    carrier: { payerId: carrier.payerId, name: carrier.name, payerKey: carrier.payerKey },
    appointment: spec.appointment === null ? null : { date: spec.appointment.date, ...(spec.appointment.provider ? { provider: spec.appointment.provider } : {}) },
    search: searchKeysOf(patient),
    document: newTicket({ id, patient, ...(spec.clientInfo === undefined ? {} : { clientInfo: spec.clientInfo }) }),
    warnings: [],
    agreement: { compared: 0, agreed: 0, disputed: [] },
    planId: null,
    planScore: null,
    // A carrier no source can verify has nothing to wait for.
    readyAt: jobs.length === 0 ? iso : null,
    submittedAt: null,
  };
  return { doc, jobs };
}
