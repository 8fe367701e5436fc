/**
 * Outsourcing (issue 15, items 5 to 7): an office whose settings allow it (OfficeSettings.outsource.outsourceEnabled,
 * rules/office.ts `canOutsource`) hands a ticket to the company's agents; the ticket moves through the company's
 * queue by the transition table of rules/ticket-transitions.ts; agents log their payer calls, and every value they
 * enter carries the call as its evidence (entities/verifications.ts `FieldEvidence`, shown in the ticket's
 * fieldSources). Served by the verifications service:
 *
 * | call | who | body / query | reply |
 * |---|---|---|---|
 * | POST /api/verifications/{id}/outsource | staff, staffmanager of the ticket's office | OutsourceInput | OutsourcedTicket |
 * | GET /api/management/verifications | agent, admin, superadministrator | OutsourceQueueQuery | Page<OutsourceQueueItem> |
 * | GET /api/management/verifications/{id} | agent, admin, superadministrator | none | OutsourcedTicketReply |
 * | POST /api/management/verifications/{id}/claim | agent, admin, superadministrator | none | OutsourcedTicket |
 * | POST /api/management/verifications/{id}/status | agent, admin, superadministrator | TicketStatusInput | OutsourcedTicket |
 * | PATCH /api/management/verifications/{id}/call | agent, admin, superadministrator | CallLogInput | OutsourcedTicket |
 * | PATCH /api/management/verifications/{id}/fields | agent, admin, superadministrator | AgentFieldsInput | VerificationDetail |
 * | GET /api/management/requesters | admin, superadministrator | RequestersQuery | RequestersReply |
 *
 * Company users work the outsourced tickets of their organization's offices (the organization of their session,
 * resolved from the host: SPEC section 1); another organization's tickets are "not found". Status changes reach the
 * browsers as the socket's `ticket_status` event, a resolution also as `ticket_resolved` (entities/socket-events.ts):
 * ids, statuses and the request type only, never patient data.
 *
 * While a ticket is in the queue and not closed (rules/outsourcing-status.ts), a company user's values go through the
 * queue with a logged call as their evidence: PATCH /api/verifications/{id} refuses them (409 saveThroughQueue),
 * and PATCH .../fields refuses them until a call is logged (409 logCallFirst). Office users edit as always.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants';
import { WebUrl } from '../documents/ticket';
import { OutsourceType, TicketStatus, TICKET_STATUSES } from '../enums';
import { TIMESTAMP_MAX_LENGTH } from '../limits';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';
import { FieldEdit, VerificationCarrier } from './verifications';

const REQUIRED = { error: MESSAGES.FIELD_REQUIRED };

const requiredText = (max: number) =>
  z.string(REQUIRED).trim().min(1, REQUIRED).max(max, { error: `At most ${max} characters` });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .transform((text) => (text === '' ? undefined : text));

// ---------- Messages ----------

export const OUTSOURCE_MESSAGES = {
  /** 403: the office's settings do not allow outsourcing. */
  disabled: 'Outsourcing is not enabled for this office. Ask your account administrator to enable it in the office settings.',
  /** 409: the ticket is in the queue and not waiting for the office. */
  alreadyOutsourced: 'This verification is already outsourced and being worked on',
  /** 404: the ticket is not in the company's queue (or not in the caller's organization). */
  notOutsourced: 'This verification is not outsourced',
  /** 409: another agent holds the ticket. */
  claimedByOther: 'Another agent has claimed this ticket',
  /** 409: a status move or a call on a ticket nobody claimed. */
  claimFirst: 'Claim the ticket before working on it',
  /** 409: a status move, call or edit on a ticket another agent holds (admins and super administrators may). */
  notYours: 'This ticket is claimed by another agent',
  /** 409: the ticket is finished (Resolved, Closed, Archived) or waiting for QA's word. */
  notWorkable: 'This ticket cannot be worked on in its current status',
  /** 409: a company user's plain edit (PATCH /api/verifications/{id}) of a ticket in the queue, not closed. */
  saveThroughQueue:
    'This verification is outsourced: log the payer call on its page, then save the values through the outsourcing queue, so each value carries the call as its evidence',
  /** 409: values entered through the queue before any payer call was logged (the page refuses them first). */
  logCallFirst: 'Log the payer call first: every value you enter carries the call as its evidence',
  /** 503: the verifications service cannot read office settings (no offices service configured). */
  settingsUnavailable: 'The office settings cannot be read right now, retry later',
} as const;

// ---------- Statuses ----------

// The status groups (finished, closed, agent work, waiting for the office) and whether an office may ask again:
// rules/outsourcing-status.ts, free of schemas so that pages take them without this module's.

// ---------- Requesting ----------

/** POST /api/verifications/{id}/outsource: what the office asks for, and what the agent should know. */
export const OutsourceInput = z.strictObject({
  type: OutsourceType,
  /** Plain words for the agent (what is missing, whom to ask); shown to company users only. */
  note: optionalText(2000),
});
export type OutsourceInput = z.infer<typeof OutsourceInput>;

/** A user named on a ticket: the id and, when the token had one, the email the pages show. */
export const TicketUser = z.object({ id: z.string(), email: z.string().nullable() });
export type TicketUser = z.infer<typeof TicketUser>;

/** One request of the office (a ticket may be outsourced again once finished, or answered when asked). */
export const OutsourceRequest = z.object({
  type: OutsourceType,
  note: z.string().nullable(),
  requester: TicketUser,
  /** ISO 8601. */
  requestedAt: z.string(),
});
export type OutsourceRequest = z.infer<typeof OutsourceRequest>;

/** One payer call an agent logged (PATCH .../call), with who logged it when. */
export const CallLogEntry = z.object({
  calledAt: z.string(),
  representative: z.string(),
  callReference: z.string(),
  documentUrl: z.string().optional(),
  loggedBy: TicketUser,
  loggedAt: z.string(),
});
export type CallLogEntry = z.infer<typeof CallLogEntry>;

/** The outsourcing state of a ticket: the reply of the outsource, claim, status and call calls. */
export const OutsourcedTicket = z.object({
  verificationId: z.string(),
  officeId: z.string(),
  status: TicketStatus,
  /** The latest request's type. */
  type: OutsourceType,
  /** Every request, oldest first. */
  requests: z.array(OutsourceRequest),
  assignee: TicketUser.nullable(),
  /** The payer calls logged, oldest first. */
  calls: z.array(CallLogEntry),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type OutsourcedTicket = z.infer<typeof OutsourcedTicket>;

/**
 * GET /api/management/verifications/{id}: one ticket's outsourcing state, as the queue's other calls answer it
 * (the agent panel replaces what it knows with any of them alike). Its latest call is the evidence the panel
 * sends with the values the agent enters.
 */
export const OutsourcedTicketReply = OutsourcedTicket;
export type OutsourcedTicketReply = OutsourcedTicket;

// ---------- The queue ----------

export const OUTSOURCE_QUEUE_SORT_FIELDS = ['requestedAt', 'updatedAt', 'status', 'payer', 'office'] as const;
export type OutsourceQueueSortField = (typeof OUTSOURCE_QUEUE_SORT_FIELDS)[number];

/** The longest `olderThanHours` asked: a year. */
export const OUTSOURCE_AGE_MAX_HOURS = 24 * 366;

/** One status (`status=Open`) or several (`status=Open&status=Pending`), each from the ticket statuses. */
const StatusFilter = z
  .union([TicketStatus, z.array(TicketStatus).min(1).max(TICKET_STATUSES.length)])
  .transform((value) => (Array.isArray(value) ? [...new Set(value)] : [value]));

const IdFilter = z.string().trim().min(1).max(128);

/**
 * GET /api/management/verifications: the company's queue. Filters: status (one or several), office, payer (the
 * carrier's payer id), age (requested more than `olderThanHours` ago), type, assignee ('me': the caller's,
 * 'unassigned': nobody's). Default order: oldest request first (a queue). Other query parameters are ignored.
 */
export const OutsourceQueueQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  status: StatusFilter.optional(),
  officeId: IdFilter.optional(),
  payerId: IdFilter.optional(),
  olderThanHours: z.coerce.number().int().min(0).max(OUTSOURCE_AGE_MAX_HOURS).optional(),
  type: OutsourceType.optional(),
  assignee: z.enum(['me', 'unassigned']).optional(),
  sort: z.enum(OUTSOURCE_QUEUE_SORT_FIELDS).default('requestedAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type OutsourceQueueQuery = z.infer<typeof OutsourceQueueQuery>;

/**
 * One ticket of the queue. Of the patient only initials ('M. L.'), enough to tell rows apart on a call list;
 * the agent opens the ticket (/verification/{id}) for the rest, and that read is audited.
 */
export const OutsourceQueueItem = z.object({
  verificationId: z.string(),
  officeId: z.string(),
  status: TicketStatus,
  type: OutsourceType,
  carrier: VerificationCarrier.pick({ payerId: true, name: true }),
  patientInitials: z.string(),
  requester: TicketUser,
  assignee: TicketUser.nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
  /** Whole hours since the latest request. */
  ageHours: z.number().int().min(0),
  /** Payer calls logged so far. */
  calls: z.number().int().min(0),
});
export type OutsourceQueueItem = z.infer<typeof OutsourceQueueItem>;

// ---------- Working a ticket ----------

/** POST /api/management/verifications/{id}/status: the move (rules/ticket-transitions.ts), and why. */
export const TicketStatusInput = z.strictObject({
  to: TicketStatus,
  /** Kept as an alert note on the ticket (e.g. what additional info the office must give). */
  note: optionalText(2000),
});
export type TicketStatusInput = z.infer<typeof TicketStatusInput>;

/** An ISO 8601 date and time with its zone, not in the future (a call that happened). */
const CallTime = z
  .string(REQUIRED)
  .trim()
  .min(1, REQUIRED)
  .max(TIMESTAMP_MAX_LENGTH)
  .pipe(z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time with its zone' }).max(TIMESTAMP_MAX_LENGTH))
  // A minute of slack for clocks that differ between the agent's machine and the server.
  .refine((text) => Date.parse(text) <= Date.now() + 60_000, { error: 'The call cannot be in the future' });

/** The payer call a value or a call log comes from. */
export const CallEvidence = z.strictObject({
  calledAt: CallTime,
  /** The payer representative's name. */
  representative: requiredText(200),
  /** The reference number the payer gave for the call. */
  callReference: requiredText(100),
  /** A screenshot or recording of the call (http or https). */
  documentUrl: WebUrl.max(2000).optional(),
});
export type CallEvidence = z.infer<typeof CallEvidence>;

/**
 * PATCH /api/management/verifications/{id}/call: logs a payer call and sets the ticket's payerAgentName and
 * callReference (default: the call's representative and reference), appends an alert note, and adds document
 * URLs (the call's documentUrl among them) to the ticket's documents.
 */
export const CallLogInput = z.strictObject({
  evidence: CallEvidence,
  payerAgentName: optionalText(200),
  callReference: optionalText(100),
  alertNote: optionalText(2000),
  documents: z.array(WebUrl.max(2000)).max(20).optional(),
});
export type CallLogInput = z.infer<typeof CallLogInput>;

/**
 * PATCH /api/management/verifications/{id}/fields: the agent's values (as PATCH /api/verifications/{id} takes
 * them), every one from the payer call `evidence`; the reply is the ticket with the evidence in fieldSources.
 */
export const AgentFieldsInput = z.strictObject({
  edits: z.array(FieldEdit).min(1).max(100),
  evidence: CallEvidence,
  /** The ticket version the values were entered on (VerificationDetail.version); a newer one answers 409. */
  version: z.number().int().min(0).optional(),
});
export type AgentFieldsInput = z.infer<typeof AgentFieldsInput>;

// ---------- Requesters ----------

/** GET /api/management/requesters: every office's requesters, or one office's. */
export const RequestersQuery = z.object({ officeId: IdFilter.optional() });
export type RequestersQuery = z.infer<typeof RequestersQuery>;

/** Counts of requests by type; every type is present. */
export const CountsByType = z.record(OutsourceType, z.number().int().min(0));
export type CountsByType = z.infer<typeof CountsByType>;

/** Counts of requested tickets by their current status; statuses with none are absent. */
export const CountsByStatus = z.partialRecord(TicketStatus, z.number().int().min(0));
export type CountsByStatus = z.infer<typeof CountsByStatus>;

export const RequesterCounts = z.object({
  requester: TicketUser,
  /** Requests made (a ticket outsourced twice counts twice). */
  requests: z.number().int().min(0),
  byType: CountsByType,
  /** The current status of the tickets this requester outsourced last. */
  byStatus: CountsByStatus,
  lastRequestedAt: z.string(),
});
export type RequesterCounts = z.infer<typeof RequesterCounts>;

/** One office: its requesters, most requests first. The pages name the office from the offices API. */
export const OfficeRequesters = z.object({
  officeId: z.string(),
  requests: z.number().int().min(0),
  byType: CountsByType,
  byStatus: CountsByStatus,
  requesters: z.array(RequesterCounts),
});
export type OfficeRequesters = z.infer<typeof OfficeRequesters>;

/** The reply: offices with at least one request in the period, most requests first. */
export const RequestersReply = z.object({ offices: z.array(OfficeRequesters) });
export type RequestersReply = z.infer<typeof RequestersReply>;
