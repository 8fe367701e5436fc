/**
 * The outsourcing queue's status groups (issue 15), beside the transition table (ticket-transitions.ts) and, like
 * it, free of schemas: the pages take them without the document model. Which statuses are finished, closed,
 * worked by the agent or waiting for the office, and when an office may send a request.
 */
import { type TicketStatus as TicketStatusValue } from '../enums';
import { canMoveTicket } from './ticket-transitions';

/** Statuses in which a ticket is done with: a new request may reopen it (Archived: never, by the table). */
export const FINISHED_TICKET_STATUSES = ['Resolved', 'Closed', 'Archived'] as const satisfies readonly TicketStatusValue[];

/** The status in which the ticket waits for the office: its new request is the answer, back to Open. */
export const WAITING_FOR_OFFICE_STATUS = 'Needs additional Info' satisfies TicketStatusValue;

/**
 * Statuses in which the agent holding the ticket logs calls and enters values: not before a claim (Open), not
 * while QA looks at it or signed it off, not once finished.
 */
export const AGENT_WORK_STATUSES = [
  'Pending',
  'Needs additional Info',
  'Portal info entered ready for calls',
  'QA Complete with issues - resent to agent',
] as const satisfies readonly TicketStatusValue[];

/**
 * Statuses in which the queue is done with a ticket for good: company users edit it as any ticket again. Until
 * then (Resolved included: the office may still reopen it) an agent's value goes through the queue with its call.
 */
export const CLOSED_TICKET_STATUSES = ['Closed', 'Archived'] as const satisfies readonly TicketStatusValue[];

export function isFinishedTicketStatus(status: TicketStatusValue): boolean {
  return (FINISHED_TICKET_STATUSES as readonly TicketStatusValue[]).includes(status);
}

export function isClosedTicketStatus(status: TicketStatusValue): boolean {
  return (CLOSED_TICKET_STATUSES as readonly TicketStatusValue[]).includes(status);
}

/**
 * Whether the office may send a request for a ticket in `status` (null: never outsourced): a first request, an
 * answer to the agent (Needs additional Info), or a new request once finished, as the table allows (never
 * Archived). Anything else is already being worked: the service answers 409 and the pages do not offer it.
 */
export function acceptsOutsourceRequest(status: TicketStatusValue | null): boolean {
  if (status === null) return true;
  return (isFinishedTicketStatus(status) || status === WAITING_FOR_OFFICE_STATUS) && canMoveTicket(status, 'Open');
}

export function isAgentWorkStatus(status: TicketStatusValue): boolean {
  return (AGENT_WORK_STATUSES as readonly TicketStatusValue[]).includes(status);
}
