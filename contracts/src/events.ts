/**
 * Bus topics and the events that travel on them. Every event is published through a service's outbox, keyed by
 * its aggregate id; consumers are idempotent. Payloads carry ids and statuses, never patient data, because the
 * realtime service forwards some of them to browsers.
 */
import { z } from 'zod';
import { CredentialChangeEvent } from './entities/portal';
import { PatientInfoV3 } from './documents/patient-info';
import { CoverageStatus } from './enums';
import { ID_MAX_LENGTH } from './limits';
import {
  BillingStatusEvent,
  CredentialRemovedEvent,
  ReverificationStatusEvent,
  ScheduleBatchProgressEvent,
  TicketResolvedEvent,
  TicketStatusEvent,
  VerificationReadyEvent,
} from './entities/socket-events';

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
  /**
   * The schedule service asks the verifications service to verify an appointment's coverage (VerificationRequestedPayload).
   * Service to service: it carries the patient information a verification needs, so it is never forwarded to browsers.
   * Keyed by the verification id the schedule service chose, which makes the request idempotent.
   */
  scheduleVerificationRequests: 'schedule.verification-requests',
  /** A schedule batch verification advanced (schedule service): ScheduleBatchProgressPayload, for the office's room. */
  schedule: 'schedule.events',
  /**
   * An office's subscription changed (billing service, from a payment provider webhook): BillingStatusPayload, keyed by
   * the office. The offices service keeps the office's plan type and billing validity; browsers of the office hear it.
   */
  billing: 'billing.events',
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
  /**
   * On TOPICS.verificationReady, keyed by the verification id: a re-check of the verification started, waits for
   * the office or ended (ReverificationStatusPayload); browsers get it as the socket's re-verification status event.
   */
  reverificationChanged: 'reverification.changed',
  /** On TOPICS.tickets: TicketStatusPayload, on every move of an outsourced ticket (its entry into the queue too). */
  ticketStatusChanged: 'ticket.status-changed',
  /** On TOPICS.tickets, beside the move to Resolved: TicketResolvedPayload, the office's notification. */
  ticketResolved: 'ticket.resolved',
  bugReported: 'bug.reported',
  /** On TOPICS.scheduleVerificationRequests: VerificationRequestedPayload. */
  verificationRequested: 'verification.requested',
  /** On TOPICS.billing: BillingStatusPayload. */
  billingStatusChanged: 'billing.status-changed',
  /** On TOPICS.schedule: ScheduleBatchProgressPayload. */
  scheduleBatchProgress: 'schedule.batch-progress',
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

/**
 * Payload of `verification.ready` (and `verification.job-changed`) on TOPICS.verificationReady. Beside what browsers
 * get, services read the verification's coverage status and, when the office must act, why (a rejection, an error,
 * a portal credential or MFA code, coverage not active); the realtime service forwards neither.
 */
export const VerificationReadyPayload = VerificationReadyEvent.extend(AudienceFields.shape).extend({
  coverageStatus: CoverageStatus.optional(),
  attention: z.string().nullable().optional(),
  /** True when a requested verification was not created (its payer is unknown): there is nothing to open. */
  refused: z.boolean().optional(),
});
export type VerificationReadyPayload = z.infer<typeof VerificationReadyPayload>;

/** Payload of `reverification.changed` on TOPICS.verificationReady: the office's room. */
export const ReverificationStatusPayload = ReverificationStatusEvent.extend(AudienceFields.shape);
export type ReverificationStatusPayload = z.infer<typeof ReverificationStatusPayload>;

/** Payload of `ticket.status-changed` on TOPICS.tickets: the office's room and the organization's company room. */
export const TicketStatusPayload = TicketStatusEvent.extend(AudienceFields.shape);
export type TicketStatusPayload = z.infer<typeof TicketStatusPayload>;

/** Payload of `ticket.resolved` on TOPICS.tickets: the office's room (and its requester's). */
export const TicketResolvedPayload = TicketResolvedEvent.extend(AudienceFields.shape);
export type TicketResolvedPayload = z.infer<typeof TicketResolvedPayload>;

/**
 * Payload of `verification.requested` on TOPICS.scheduleVerificationRequests: create this verification (once: the id
 * is the schedule's) for the office, as the user or the nightly run that asked.
 */
export const VerificationRequestedPayload = z.object({
  verificationId: z.string().min(1).max(ID_MAX_LENGTH),
  orgId: z.string().min(1),
  officeId: z.string().min(1),
  patient: PatientInfoV3,
  carrier: z.object({ payerId: z.string().min(1).max(80) }),
  /** MM/DD/YYYY: the appointment's day, the date of service asked about. */
  appointment: z.object({ date: z.string(), provider: z.string().max(120).optional() }),
  requestedBy: z.object({ userId: z.string().min(1), name: z.string().max(120) }),
});
export type VerificationRequestedPayload = z.infer<typeof VerificationRequestedPayload>;

/** Payload of `schedule.batch-progress` on TOPICS.schedule: the office's room. */
export const ScheduleBatchProgressPayload = ScheduleBatchProgressEvent.extend(AudienceFields.shape);
export type ScheduleBatchProgressPayload = z.infer<typeof ScheduleBatchProgressPayload>;

/**
 * Payload of `billing.status-changed` on TOPICS.billing: the office's subscription status, its plan type, and whether
 * it lets the office work (VALID_SUBSCRIPTION_STATUSES); `occurredAt` orders the changes of one office.
 */
export const BillingStatusPayload = BillingStatusEvent.extend(AudienceFields.shape).extend({
  officeId: z.string().min(1),
  valid: z.boolean(),
  subscriptionId: z.string().nullable(),
});
export type BillingStatusPayload = z.infer<typeof BillingStatusPayload>;

/** Payload of `bug.reported` on TOPICS.bugReported. */
export const BugReportedPayload = AudienceFields.extend({ bugId: z.string(), type: z.string() });
export type BugReportedPayload = z.infer<typeof BugReportedPayload>;
