/**
 * Bus topics and the events that travel on them. Every event is published through a service's outbox, keyed by
 * its aggregate id; consumers are idempotent. Payloads carry ids and statuses, never patient data, because the
 * realtime service forwards some of them to browsers.
 */
import { z } from 'zod';
import { CredentialChangeEvent } from './entities/portal';
import { CredentialRemovedEvent, TicketResolvedEvent, TicketStatusEvent, VerificationReadyEvent } from './entities/socket-events';

export const TOPICS = {
  /** Offices, groups, users and feature flags changed (offices service). */
  offices: 'offices.events',
  /** Portal credential status changes and removals (portals service). */
  portalCredentials: 'portals.credential-changes',
  /**
   * Requests for portal data from the verifications service, and their answers (portals service). These two are
   * service-to-service: they carry the patient identifiers a portal search needs and the portal's data, so they
   * are never forwarded to browsers (entities/verifications.ts: PortalDataRequestPayload, PortalDataResultPayload).
   */
  portalDataRequests: 'portals.data-requests',
  portalDataResults: 'portals.data-results',
  /**
   * A verification's source jobs all ended (verifications service): none is pending or processing any more. A job
   * that waits for the office (credentialPending, mfaRequired) counts as ended; when it resumes and finishes, the
   * event comes again with the new job statuses.
   */
  verificationReady: 'verifications.ready',
  /**
   * An outsourced ticket's status changed, or it was resolved (verifications service, entities/outsourcing.ts).
   * Keyed by verification id, so one ticket's moves arrive in order.
   */
  tickets: 'verifications.tickets',
  /** A bug report was filed (bugs service). */
  bugReported: 'bugs.reported',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Routing data every event for browsers carries, so the realtime service can pick the rooms. */
export const AudienceFields = z.object({
  orgId: z.string(),
  officeId: z.string().optional(),
  userId: z.string().optional(),
});
export type AudienceFields = z.infer<typeof AudienceFields>;

export const EVENT_TYPES = {
  credentialChanged: 'portal-credential.changed',
  /** On TOPICS.portalCredentials, beside credentialChanged: CredentialRemovedPayload. */
  credentialRemoved: 'portal-credential.removed',
  verificationReady: 'verification.ready',
  /**
   * On TOPICS.verificationReady, beside verificationReady: a source job of the verification changed status while
   * another still runs (or it was claimed, or retried); the same payload, VerificationReadyPayload. Browsers get
   * both as the socket's verification status event, so each job's chip follows live.
   */
  verificationJobChanged: 'verification.job-changed',
  /** On TOPICS.tickets: TicketStatusPayload, on every move of an outsourced ticket (its entry into the queue too). */
  ticketStatusChanged: 'ticket.status-changed',
  /** On TOPICS.tickets, beside the move to Resolved: TicketResolvedPayload, the office's notification. */
  ticketResolved: 'ticket.resolved',
  bugReported: 'bug.reported',
  /** On TOPICS.portalDataRequests: PortalDataRequestPayload (entities/verifications.ts). */
  portalDataRequested: 'portal-data.requested',
  /** On TOPICS.portalDataResults: PortalDataResultPayload (entities/verifications.ts). */
  portalDataResult: 'portal-data.result',
} as const;

/** Payload of `portal-credential.changed` on TOPICS.portalCredentials. */
export const CredentialChangedPayload = CredentialChangeEvent.extend(AudienceFields.shape);
export type CredentialChangedPayload = z.infer<typeof CredentialChangedPayload>;

/** Payload of `portal-credential.removed` on TOPICS.portalCredentials. */
export const CredentialRemovedPayload = CredentialRemovedEvent.extend(AudienceFields.shape);
export type CredentialRemovedPayload = z.infer<typeof CredentialRemovedPayload>;

/** Payload of `verification.ready` on TOPICS.verificationReady. */
export const VerificationReadyPayload = VerificationReadyEvent.extend(AudienceFields.shape);
export type VerificationReadyPayload = z.infer<typeof VerificationReadyPayload>;

/** Payload of `ticket.status-changed` on TOPICS.tickets: the office's room and the organization's company room. */
export const TicketStatusPayload = TicketStatusEvent.extend(AudienceFields.shape);
export type TicketStatusPayload = z.infer<typeof TicketStatusPayload>;

/** Payload of `ticket.resolved` on TOPICS.tickets: the office's room (and its requester's). */
export const TicketResolvedPayload = TicketResolvedEvent.extend(AudienceFields.shape);
export type TicketResolvedPayload = z.infer<typeof TicketResolvedPayload>;

/** Payload of `bug.reported` on TOPICS.bugReported. */
export const BugReportedPayload = AudienceFields.extend({ bugId: z.string(), type: z.string() });
export type BugReportedPayload = z.infer<typeof BugReportedPayload>;
