/**
 * How an outsourced ticket moves through the company's queue (issue 15; SPEC section 4 lists the statuses but
 * not the transitions, so this table is the rule). Each status names the statuses it may go to next; a move
 * that is not in the table is refused, and the service answers it 409 with both statuses in the message.
 *
 *   Open -> Pending (an agent claims it) -> Portal info entered ready for calls -> Ready for QA
 *   Ready for QA -> QA Complete -> Resolved -> Closed -> Archived
 *   Ready for QA -> QA Complete with issues - resent to agent -> Pending or Ready for QA again
 *   Needs additional Info: the agent waits for the office; the office's answer sends it back to the queue.
 *   Resolved and Closed tickets may be opened again; Archived is final.
 */
import { type TicketStatus } from '../enums';

export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  Open: ['Pending', 'Needs additional Info', 'Closed'],
  Pending: ['Open', 'Needs additional Info', 'Portal info entered ready for calls', 'Ready for QA', 'Closed'],
  'Needs additional Info': ['Open', 'Pending', 'Closed'],
  'Portal info entered ready for calls': ['Pending', 'Needs additional Info', 'Ready for QA'],
  'Ready for QA': ['QA Complete', 'QA Complete with issues - resent to agent'],
  'QA Complete with issues - resent to agent': ['Pending', 'Ready for QA'],
  'QA Complete': ['Resolved'],
  Resolved: ['Open', 'Closed'],
  Closed: ['Open', 'Archived'],
  Archived: [],
};

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return TICKET_TRANSITIONS[from].includes(to);
}

/** The message of a refused move, naming both statuses. */
export function ticketTransitionRefusal(from: TicketStatus, to: TicketStatus): string {
  return `A ticket cannot go from '${from}' to '${to}'`;
}
