/**
 * Verifications as they stand once their sources answered, written straight into the store with the times they
 * happened at: what the demo's seeded week (demo-week.ts) and the statistics' tests hold. Each is built the way a
 * new verification is (new-verification.ts: the ticket, its source jobs for the carrier), then given its jobs'
 * outcomes, its ready time, and, when it was outsourced, its outsourcing state with the ticket's status.
 *
 * The jobs keep no result (no plan is merged): the statistics read outcomes and times, and the ticket opens with
 * its patient and sources but no plan. No job is left pending or processing, so the job runner finds nothing of
 * them to run.
 */
import {
  type JobOutcome,
  type PatientInfoV3,
  type TicketStatus,
  type TicketWrapperV3,
  type VerificationSource,
  type VerificationStatus,
} from '@dv/contracts';
import { type Store } from '@dv/kit';
import { type CatalogueCarrier } from '../carriers/carrier-catalogue';
import { jobStore, type JobDocument } from '../jobs/jobs.store';
import { initialsOf } from '../outsourcing/outsourcing.service';
import { outsourcingStore, type OutsourcedTicketDocument, type StoredUser } from '../outsourcing/outsourcing.store';
import { newVerification } from '../verifications/new-verification';
import { verificationStore, type VerificationDocument } from '../verifications/verifications.store';

/** How one source's job ended. */
export interface PastOutcome {
  readonly outcome: JobOutcome;
  readonly reason: string | null;
}

export interface PastVerificationSpec {
  readonly id: string;
  readonly orgId: string;
  readonly officeId: string;
  readonly createdBy: StoredUser;
  /** The creator as the history names them; default their e-mail, else their id. */
  readonly createdByName?: string;
  readonly createdAt: Date;
  readonly carrier: CatalogueCarrier;
  readonly patient: PatientInfoV3;
  /** The outcome of each source the carrier has; a source left out ends in error. */
  readonly outcomes: Partial<Record<VerificationSource, PastOutcome>>;
  /** When the last source answered, after creation. */
  readonly readyAfterMs: number;
  /** Submitted by the office this long after it was ready; absent: never submitted. */
  readonly submittedAfterMs?: number;
  /** Outsourced this long after it was ready, its ticket now in `status`. */
  readonly outsourced?: { readonly afterMs: number; readonly status: TicketStatus };
}

export interface PastVerification {
  readonly doc: VerificationDocument;
  readonly jobs: readonly JobDocument[];
  readonly outsourced: OutsourcedTicketDocument | null;
}

const iso = (at: number) => new Date(at).toISOString();

function endedJob(job: JobDocument, spec: PastVerificationSpec, readyAt: number): JobDocument {
  const ended = spec.outcomes[job.source] ?? { outcome: 'error' as const, reason: 'The source did not answer' };
  const startedAt = iso(spec.createdAt.getTime() + 50);
  return { ...job, status: 'done', outcome: ended.outcome, reason: ended.reason, attempts: 1, startedAt, finishedAt: iso(readyAt), updatedAt: iso(readyAt) };
}

function outsourcingOf(spec: PastVerificationSpec, requestedAt: number, status: TicketStatus): OutsourcedTicketDocument {
  const at = iso(requestedAt);
  return {
    _id: spec.id,
    orgId: spec.orgId,
    officeId: spec.officeId,
    status,
    type: 'Breakdown',
    requesterId: spec.createdBy.id,
    requestedAt: at,
    requests: [{ type: 'Breakdown', note: null, requester: spec.createdBy, requestedAt: at }],
    carrier: { payerId: spec.carrier.payerId, name: spec.carrier.name },
    patientInitials: initialsOf(spec.patient.patientFirstName, spec.patient.patientLastName),
    calls: [],
    evidence: [],
    updatedAt: at,
  };
}

export function pastVerification(spec: PastVerificationSpec): PastVerification {
  const built = newVerification({
    id: spec.id,
    orgId: spec.orgId,
    officeId: spec.officeId,
    createdBy: spec.createdBy.id,
    createdByName: spec.createdByName ?? spec.createdBy.email ?? spec.createdBy.id,
    carrier: spec.carrier,
    patient: spec.patient,
    appointment: null,
    clearinghouseName: 'Sandbox clearinghouse',
    at: spec.createdAt,
  });
  const readyAt = spec.createdAt.getTime() + spec.readyAfterMs;
  const jobs = built.jobs.map((job) => endedJob(job, spec, readyAt));
  const submittedAt = spec.submittedAfterMs === undefined ? null : readyAt + spec.submittedAfterMs;
  const requestedAt = spec.outsourced === undefined ? null : readyAt + spec.outsourced.afterMs;
  const wrapper = built.doc.document as TicketWrapperV3;
  // The outsourcing state's status is the ticket's own (outsourcing.store.ts keeps them equal).
  const document: TicketWrapperV3 = spec.outsourced === undefined ? wrapper : { ...wrapper, ticket: { ...wrapper.ticket, status: spec.outsourced.status } };
  const status: VerificationStatus = submittedAt === null ? 'Pending' : 'Submitted';
  const updatedAt = Math.max(readyAt, submittedAt ?? 0, requestedAt ?? 0);
  return {
    doc: { ...built.doc, document, status, readyAt: iso(readyAt), submittedAt: submittedAt === null ? null : iso(submittedAt), updatedAt: iso(updatedAt) },
    jobs,
    outsourced: spec.outsourced === undefined || requestedAt === null ? null : outsourcingOf(spec, requestedAt, spec.outsourced.status),
  };
}

/** Verifications written per transaction. */
const WRITE_BATCH = 250;

/** Writes the verifications, their jobs and outsourcing states through their stores; answers how many. */
export async function insertPastVerifications(store: Pick<Store, 'collection' | 'transaction'>, specs: readonly PastVerificationSpec[]): Promise<number> {
  const verifications = verificationStore(store);
  const jobs = jobStore(store);
  const outsourcing = outsourcingStore(store);
  for (let start = 0; start < specs.length; start += WRITE_BATCH) {
    const batch = specs.slice(start, start + WRITE_BATCH).map(pastVerification);
    await store.transaction(async (tx) => {
      for (const item of batch) {
        await verifications.insert(tx, item.doc);
        for (const job of item.jobs) await jobs.insert(tx, job);
        if (item.outsourced !== null) await outsourcing.insert(tx, item.outsourced);
      }
    });
  }
  return specs.length;
}
