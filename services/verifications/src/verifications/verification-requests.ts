/**
 * The schedule service's requests for verifications (TOPICS.scheduleVerificationRequests), consumed idempotently.
 * Each request names the verification id the schedule chose, so a request sent again (after a restart of either
 * service) never creates a second verification: it re-publishes the existing verification's state instead, once
 * its sources answered (a `verification.ready` that may have been lost is sent again). A request for a payer the
 * carrier catalogue does not know (or has deactivated), or from an office the payment gate stops (payment-gate.ts), creates nothing and
 * answers a `verification.ready` that says so (`attention`).
 * The patient data of a request is never logged.
 */
import { EVENT_TYPES, TOPICS, VerificationRequestedPayload, type VerificationReadyPayload } from '@dv/contracts';
import { idempotent, type EventHandler, type Logger, type Outbox, type Store, type Transaction } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { verificationReadyMessage } from '../events';
import { type JobStore } from '../jobs/jobs.store';
import { newVerification } from './new-verification';
import { type PaymentGate } from './payment-gate';
import { readinessFacts } from './readiness';
import { summaryOf, type VerificationStore } from './verifications.store';

export const VERIFICATION_REQUESTS_CONSUMER = 'verifications.schedule-requests';
export const VERIFICATION_REQUESTS_GROUP = 'verifications';
/** Why a request created nothing: its payer is not in the carrier catalogue. */
export const UNKNOWN_PAYER = 'The carrier catalogue does not know this payer: no source can verify it';
/** Why a request created nothing: the catalogue's super administrators deactivated its payer. */
export const INACTIVE_PAYER = 'The carrier catalogue no longer offers this payer: no source verifies it';

export interface VerificationRequestsDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly verifications: Pick<VerificationStore, 'findById' | 'insert'>;
  readonly jobs: Pick<JobStore, 'insert' | 'ofVerification'>;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly startJobs: (jobIds: readonly string[]) => void;
  readonly clearinghouseName: string;
  readonly now: () => Date;
  readonly logger?: Logger;
  /** The payment gate (payment-gate.ts): an unpaid office's request is refused; absent, none is. */
  readonly gate?: Pick<PaymentGate, 'refusal'>;
  /** The stored carrier catalogue: a request for a payer it lacks, or has deactivated, creates nothing. */
  readonly carriers: CarrierLookup;
}

/** A request that creates nothing (a payer nobody can verify, an office that has not paid): the schedule hears why. */
function refused(request: VerificationRequestedPayload, at: string, attention: string = UNKNOWN_PAYER) {
  const payload: VerificationReadyPayload = {
    verificationId: request.verificationId,
    jobs: [],
    orgId: request.orgId,
    officeId: request.officeId,
    coverageStatus: 'unknown',
    attention,
    refused: true,
  };
  return { topic: TOPICS.verificationReady, key: request.verificationId, type: EVENT_TYPES.verificationReady, occurredAt: at, payload };
}

/**
 * Creates the requested verification in `tx` and answers its jobs' ids (none when it existed or was refused).
 * `paymentRefusal`, read before the transaction (no outside call inside one), refuses a new verification.
 */
async function apply(deps: VerificationRequestsDeps, request: VerificationRequestedPayload, tx: Transaction, paymentRefusal: string | null): Promise<string[]> {
  const at = deps.now();
  const iso = at.toISOString();
  const existing = await deps.verifications.findById(request.verificationId, tx);
  if (existing !== null) {
    // Sent again: the same verification, whose answer the schedule may have missed.
    if (existing.orgId !== request.orgId || existing.officeId !== request.officeId || existing.readyAt === null) return [];
    const jobs = await deps.jobs.ofVerification(existing._id, tx);
    const facts = readinessFacts(summaryOf(existing.document)?.coverageStatus ?? 'unknown', jobs);
    await deps.outbox.add(tx, verificationReadyMessage(existing, jobs, iso, EVENT_TYPES.verificationReady, facts));
    return [];
  }
  if (paymentRefusal !== null) {
    await deps.outbox.add(tx, refused(request, iso, paymentRefusal));
    return [];
  }
  const carrier = await deps.carriers.carrier(request.carrier.payerId, tx);
  if (carrier === undefined || !carrier.active) {
    await deps.outbox.add(tx, refused(request, iso, carrier === undefined ? UNKNOWN_PAYER : INACTIVE_PAYER));
    return [];
  }
  const { doc, jobs } = newVerification({
    id: request.verificationId,
    orgId: request.orgId,
    officeId: request.officeId,
    createdBy: request.requestedBy.userId,
    createdByName: request.requestedBy.name,
    carrier,
    patient: request.patient,
    appointment: request.appointment,
    clearinghouseName: deps.clearinghouseName,
    at,
  });
  await deps.verifications.insert(tx, doc);
  for (const job of jobs) await deps.jobs.insert(tx, job);
  await deps.audit.record({ orgId: doc.orgId, officeId: doc.officeId, userId: request.requestedBy.userId, ticketId: doc._id, action: 'create' }, tx);
  if (jobs.length === 0) await deps.outbox.add(tx, verificationReadyMessage(doc, [], iso, EVENT_TYPES.verificationReady, readinessFacts('unknown', [])));
  return jobs.map((job) => job._id);
}

export function verificationRequestsConsumer(deps: VerificationRequestsDeps): EventHandler {
  return async (event, delivery) => {
    const started: string[] = [];
    const request = event.type === EVENT_TYPES.verificationRequested ? VerificationRequestedPayload.safeParse(event.payload) : undefined;
    const paymentRefusal = request?.success === true && deps.gate ? await deps.gate.refusal(request.data.officeId) : null;
    await idempotent(deps.store, VERIFICATION_REQUESTS_CONSUMER, async (applied, tx) => {
      if (request === undefined) return;
      if (!request.success) {
        deps.logger?.warn({ eventId: applied.id, issues: request.error.issues.length }, 'ignoring a malformed verification request');
        return;
      }
      started.push(...(await apply(deps, request.data, tx, paymentRefusal)));
    })(event, delivery);
    // After the commit: the runner starts the new jobs now rather than at its next sweep.
    if (started.length > 0) deps.startJobs(started);
  };
}
