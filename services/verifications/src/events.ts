/**
 * What the verifications service publishes (through its outbox, keyed by verification id) and consumes.
 *
 * Publishes:
 * - TOPICS.verificationReady / `verification.ready` (VerificationReadyPayload): no job of the verification is
 *   pending or processing any more; the jobs with their statuses (source: 'clearinghouse' or 'portal'). Ids
 *   and statuses only: the realtime service forwards it to the office's browsers, which refetch the ticket.
 *   It is written in the transaction of the ticket update that ended the last running job, and again each
 *   time a job that waited for the office (credentialPending, mfaRequired) moves on.
 * - TOPICS.verificationReady / `verification.job-changed` (the same payload): a job changed status while the
 *   verification is not ready (claimed, finished while another runs, retried), so the browsers' chips follow.
 * - TOPICS.portalDataRequests / `portal-data.requested` (PortalDataRequestPayload): a portal job asks the
 *   portals service for the patient's data. Service to service; it carries the patient identifiers a portal
 *   search needs, nothing else.
 *
 * Consumes:
 * - TOPICS.portalDataResults / `portal-data.result` (PortalDataResultPayload), group `verifications`,
 *   idempotently (portal-source/portal-results.ts).
 */
import {
  EVENT_TYPES,
  TOPICS,
  type PortalDataRequestPayload,
  type VerificationReadyPayload,
} from '@dv/contracts';
import { type OutboxMessage } from '@dv/kit';
import { type JobDocument } from './jobs/jobs.store';

export const PORTAL_RESULTS_GROUP = 'verifications';

export function verificationReadyMessage(
  verification: { readonly _id: string; readonly orgId: string; readonly officeId: string },
  jobs: readonly Pick<JobDocument, '_id' | 'status' | 'source'>[],
  occurredAt: string,
  type: typeof EVENT_TYPES.verificationReady | typeof EVENT_TYPES.verificationJobChanged = EVENT_TYPES.verificationReady,
): OutboxMessage<VerificationReadyPayload> {
  return {
    topic: TOPICS.verificationReady,
    key: verification._id,
    type,
    occurredAt,
    payload: {
      verificationId: verification._id,
      jobs: jobs.map((job) => ({ id: job._id, status: job.status, source: job.source })),
      orgId: verification.orgId,
      officeId: verification.officeId,
    },
  };
}

export function portalDataRequestMessage(payload: PortalDataRequestPayload, occurredAt: string): OutboxMessage<PortalDataRequestPayload> {
  return {
    topic: TOPICS.portalDataRequests,
    key: payload.verificationId,
    type: EVENT_TYPES.portalDataRequested,
    occurredAt,
    payload,
  };
}
