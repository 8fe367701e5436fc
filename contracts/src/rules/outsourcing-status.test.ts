import { TICKET_STATUSES } from '../enums';
import {
  acceptsOutsourceRequest,
  AGENT_WORK_STATUSES,
  CLOSED_TICKET_STATUSES,
  FINISHED_TICKET_STATUSES,
  isClosedTicketStatus,
  WAITING_FOR_OFFICE_STATUS,
} from './outsourcing-status';
import { TICKET_TRANSITIONS } from './ticket-transitions';

describe('outsourcing status groups', () => {
  it('the status groups agree with the transition table', () => {
    // A finished ticket is reopened by a new request (Open), except Archived, which is final.
    for (const status of FINISHED_TICKET_STATUSES) expect(TICKET_TRANSITIONS[status].includes('Open')).toBe(status !== 'Archived');
    expect(TICKET_TRANSITIONS[WAITING_FOR_OFFICE_STATUS]).toContain('Open');
    for (const status of AGENT_WORK_STATUSES) expect(TICKET_STATUSES).toContain(status);
  });

  it('an office may ask again only when the ticket waits for it or is finished, and never once archived', () => {
    expect(acceptsOutsourceRequest(null)).toBe(true);
    expect(TICKET_STATUSES.filter((status) => acceptsOutsourceRequest(status))).toEqual(['Resolved', 'Closed', 'Needs additional Info']);
    // Every status that accepts a request can go back to Open by the table.
    for (const status of TICKET_STATUSES) if (acceptsOutsourceRequest(status)) expect(TICKET_TRANSITIONS[status]).toContain('Open');
  });

  it('a closed ticket is finished, and only the statuses after Resolved close it', () => {
    expect(TICKET_STATUSES.filter(isClosedTicketStatus)).toEqual([...CLOSED_TICKET_STATUSES]);
    for (const status of CLOSED_TICKET_STATUSES) expect(FINISHED_TICKET_STATUSES).toContain(status);
    expect(isClosedTicketStatus('Resolved')).toBe(false);
    // No agent works a closed ticket: no value of theirs can land there through the queue.
    for (const status of AGENT_WORK_STATUSES) expect(isClosedTicketStatus(status)).toBe(false);
  });

});
