/**
 * The live notification socket (SPEC section 7). Events carry ids and statuses, never patient data: the SPA
 * refetches through the API when one arrives.
 */
import { z } from 'zod';
import { OutsourceType, SourceJobStatus, TicketStatus } from '../enums';
import { ACCESS_TOKEN_MAX_LENGTH } from '../limits';
import { CredentialChangeEvent } from './portal';

/** Event names on the wire. */
export const SOCKET_EVENTS = {
  /** client -> server: `{ token }` */
  authorization: 'authorization',
  /** server -> client, once the token was accepted */
  authorizationCompleted: 'authorization_completed',
  /** either way; the other side answers ping with pong */
  ping: 'ping',
  pong: 'pong',
  /** server -> client: `VerificationReadyEvent` */
  verificationStatus: 'verification_status',
  /** server -> client: `CredentialChangeEvent` */
  portalCredentialChange: 'portal_credential_change',
  /** server -> client: `CredentialRemovedEvent` */
  portalCredentialRemoved: 'portal_credential_removed',
  /** server -> client: `TicketStatusEvent` (an outsourced ticket moved in the company's queue) */
  ticketStatus: 'ticket_status',
  /** server -> client: `TicketResolvedEvent` (the office's outsourced ticket is resolved: a notification to show) */
  ticketResolved: 'ticket_resolved',
  /** server -> client: `ReverificationStatusEvent` (a re-check of the office's verification started, waits or ended) */
  reverificationStatus: 'reverification_status',
  /** server -> client: `ScheduleBatchProgressEvent` (a batch verification of the office's schedule advanced) */
  scheduleBatchProgress: 'schedule_batch_progress',
  /** server -> client: `BillingStatusEvent` (the office's subscription changed: the payment pages and gate read again) */
  billingStatus: 'billing_status',
  /**
   * server -> client: `FeatureFlagChangedEvent` (a super administrator changed a feature flag: the app reads GET
   * /api/features again). Flags are global, so every signed-in socket hears it.
   */
  featureFlagChanged: 'feature_flag_changed',
  /** server -> client: `SocketErrorEvent` */
  error: 'error',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

export const SocketAuthorization = z.object({ token: z.string().min(1).max(ACCESS_TOKEN_MAX_LENGTH) });
export type SocketAuthorization = z.infer<typeof SocketAuthorization>;

export const SocketAuthorizationCompleted = z.object({ userId: z.string().optional() });
export type SocketAuthorizationCompleted = z.infer<typeof SocketAuthorizationCompleted>;

/** One data-retrieval job of a verification (a portal, clearinghouse or provider run) and its status. */
export const VerificationJob = z.object({
  id: z.string().min(1),
  status: SourceJobStatus,
  /** What the job reads from, e.g. a portal id or a clearinghouse name. */
  source: z.string().optional(),
});
export type VerificationJob = z.infer<typeof VerificationJob>;

export const VerificationReadyEvent = z.object({
  verificationId: z.string().min(1),
  jobs: z.array(VerificationJob),
});
export type VerificationReadyEvent = z.infer<typeof VerificationReadyEvent>;

/**
 * A portal credential was deleted (the status list has no "deleted"): every screen that lists it, the notification
 * popover of another tab or user included, drops it.
 */
export const CredentialRemovedEvent = z.object({
  credentialId: z.string().min(1),
});
export type CredentialRemovedEvent = z.infer<typeof CredentialRemovedEvent>;

/** An outsourced ticket's status (entities/outsourcing.ts): the office's pages and the agents' queue refetch. */
export const TicketStatusEvent = z.object({
  verificationId: z.string().min(1),
  status: TicketStatus,
});
export type TicketStatusEvent = z.infer<typeof TicketStatusEvent>;

/** The company resolved the office's outsourced ticket: the office shows a notification that opens it. */
export const TicketResolvedEvent = z.object({
  verificationId: z.string().min(1),
  type: OutsourceType,
  /** ISO 8601. */
  resolvedAt: z.string(),
});
export type TicketResolvedEvent = z.infer<typeof TicketResolvedEvent>;

/** A re-check: its sources run (checking), one waits for the office (a credential, an MFA code), or done. */
export const REVERIFICATION_CHECK_STATUSES = ['checking', 'waiting', 'done'] as const;
export const ReverificationCheckStatus = z.enum(REVERIFICATION_CHECK_STATUSES);
export type ReverificationCheckStatus = z.infer<typeof ReverificationCheckStatus>;

/** A re-verification's latest check changed status (entities/reverification.ts): its pages refetch. */
export const ReverificationStatusEvent = z.object({
  reverificationId: z.string().min(1),
  verificationId: z.string().min(1),
  status: ReverificationCheckStatus,
});
export type ReverificationStatusEvent = z.infer<typeof ReverificationStatusEvent>;

/** A batch verification of a schedule day advanced: the schedule page moves its progress bar and refetches the day. */
export const ScheduleBatchProgressEvent = z.object({
  batchId: z.string().min(1),
  /** YYYY-MM-DD. */
  date: z.string(),
  status: z.enum(['running', 'done']),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
});
export type ScheduleBatchProgressEvent = z.infer<typeof ScheduleBatchProgressEvent>;

/** The office's subscription changed (a webhook arrived): its status and plan type, nothing else. */
export const BillingStatusEvent = z.object({
  status: z.string().min(1).max(40),
  planType: z.enum(['freemium', 'standard', 'premium']).nullable(),
});
export type BillingStatusEvent = z.infer<typeof BillingStatusEvent>;

/**
 * A feature flag changed: its name only. The value stays behind (GET /api/features is the one place to read it),
 * so the socket never carries what a flag holds.
 */
export const FeatureFlagChangedEvent = z.object({
  name: z.string().min(1).max(100),
});
export type FeatureFlagChangedEvent = z.infer<typeof FeatureFlagChangedEvent>;

/** Error event; codes UNAUTHORIZED and INVALID_TOKEN close the socket, other codes may appear. */
export const SocketErrorEvent = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type SocketErrorEvent = z.infer<typeof SocketErrorEvent>;

/** Payload schema of each server -> client event that has one. */
export const SOCKET_EVENT_PAYLOADS = {
  [SOCKET_EVENTS.authorizationCompleted]: SocketAuthorizationCompleted,
  [SOCKET_EVENTS.verificationStatus]: VerificationReadyEvent,
  [SOCKET_EVENTS.portalCredentialChange]: CredentialChangeEvent,
  [SOCKET_EVENTS.portalCredentialRemoved]: CredentialRemovedEvent,
  [SOCKET_EVENTS.ticketStatus]: TicketStatusEvent,
  [SOCKET_EVENTS.ticketResolved]: TicketResolvedEvent,
  [SOCKET_EVENTS.reverificationStatus]: ReverificationStatusEvent,
  [SOCKET_EVENTS.scheduleBatchProgress]: ScheduleBatchProgressEvent,
  [SOCKET_EVENTS.billingStatus]: BillingStatusEvent,
  [SOCKET_EVENTS.featureFlagChanged]: FeatureFlagChangedEvent,
  [SOCKET_EVENTS.error]: SocketErrorEvent,
} as const;
