/**
 * What the verifications service publishes (through its outbox, keyed by verification id) and consumes.
 *
 * Publishes:
 * - TOPICS.verificationReady / `verification.ready` (VerificationReadyPayload): no job of the verification is
 *   pending or processing any more; the jobs with their statuses (source: 'clearinghouse' or 'portal'), and for
 *   services the coverage status and what needs the office (verifications/readiness.ts). The realtime service
 *   forwards the ids and statuses only to the office's browsers, which refetch the ticket.
 *   It is written in the transaction of the ticket update that ended the last running job, and again each
 *   time a job that waited for the office (credentialPending, mfaRequired) moves on.
 * - TOPICS.verificationReady / `verification.job-changed` (the same payload): a job changed status while the
 *   verification is not ready (claimed, finished while another runs, retried), so the browsers' chips follow.
 * - TOPICS.verificationReady / `reverification.changed` (ReverificationStatusPayload): a re-check of a verification
 *   started, waits for the office or ended (reverification/); ids and the check's status only, for the office's room.
 * - TOPICS.tickets / `ticket.status-changed` (TicketStatusPayload): an outsourced ticket entered the company's queue
 *   or moved in it (outsourcing/); the realtime service forwards it to the office's and the company's browsers.
 * - TOPICS.tickets / `ticket.resolved` (TicketResolvedPayload): the company resolved the office's outsourced ticket,
 *   the notification the office's pages show. Both carry ids, the status and the request type only.
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
  type OutsourceType,
  type PortalDataRequestPayload,
  type ReverificationCheckStatus,
  type ReverificationStatusPayload,
  type TicketResolvedPayload,
  type TicketStatus,
  type TicketStatusPayload,
  type VerificationReadyPayload,
} from '@dv/contracts';
import { type OutboxMessage } from '@dv/kit';
import { type JobDocument } from './jobs/jobs.store';
import { type ReadinessFacts } from './verifications/readiness';

export const PORTAL_RESULTS_GROUP = 'verifications';

export function verificationReadyMessage(
  verification: { readonly _id: string; readonly orgId: string; readonly officeId: string },
  jobs: readonly Pick<JobDocument, '_id' | 'status' | 'source'>[],
  occurredAt: string,
  type: typeof EVENT_TYPES.verificationReady | typeof EVENT_TYPES.verificationJobChanged = EVENT_TYPES.verificationReady,
  facts?: ReadinessFacts,
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
      ...(facts === undefined ? {} : { coverageStatus: facts.coverageStatus, attention: facts.attention }),
    },
  };
}

/** A re-check's status, for the office's room; keyed by the verification, so its checks' moves arrive in order. */
export function reverificationStatusMessage(
  record: { readonly _id: string; readonly verificationId: string; readonly orgId: string; readonly officeId: string },
  status: ReverificationCheckStatus,
  occurredAt: string,
): OutboxMessage<ReverificationStatusPayload> {
  return {
    topic: TOPICS.verificationReady,
    key: record.verificationId,
    type: EVENT_TYPES.reverificationChanged,
    occurredAt,
    payload: { reverificationId: record._id, verificationId: record.verificationId, status, orgId: record.orgId, officeId: record.officeId },
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

type TicketOwner = { readonly _id: string; readonly orgId: string; readonly officeId: string };

/** An outsourced ticket's new status, for the office's room and the organization's company room. */
export function ticketStatusMessage(ticket: TicketOwner, status: TicketStatus, occurredAt: string): OutboxMessage<TicketStatusPayload> {
  return {
    topic: TOPICS.tickets,
    key: ticket._id,
    type: EVENT_TYPES.ticketStatusChanged,
    occurredAt,
    payload: { verificationId: ticket._id, status, orgId: ticket.orgId, officeId: ticket.officeId },
  };
}

/** The office's notification that its outsourced ticket is resolved; the requester's own sockets get it too. */
export function ticketResolvedMessage(
  ticket: TicketOwner,
  request: { readonly type: OutsourceType; readonly requesterId: string },
  occurredAt: string,
): OutboxMessage<TicketResolvedPayload> {
  return {
    topic: TOPICS.tickets,
    key: ticket._id,
    type: EVENT_TYPES.ticketResolved,
    occurredAt,
    payload: {
      verificationId: ticket._id,
      type: request.type,
      resolvedAt: occurredAt,
      orgId: ticket.orgId,
      officeId: ticket.officeId,
      userId: request.requesterId,
    },
  };
}
