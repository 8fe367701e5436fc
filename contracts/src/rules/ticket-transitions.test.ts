import { TICKET_STATUSES, type TicketStatus } from '../enums';
import { canMoveTicket, TICKET_TRANSITIONS, ticketTransitionRefusal } from './ticket-transitions';

const pairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.map((to) => [from, to] as const));

describe('the ticket transition table', () => {
  it('names every status, and only statuses, as a source and as a target', () => {
    expect(Object.keys(TICKET_TRANSITIONS).sort()).toEqual([...TICKET_STATUSES].sort());
    for (const targets of Object.values(TICKET_TRANSITIONS)) {
      for (const target of targets) expect(TICKET_STATUSES).toContain(target);
    }
  });

  it.each(pairs)('%s -> %s is allowed exactly when the table lists it', (from, to) => {
    expect(canMoveTicket(from, to)).toBe(TICKET_TRANSITIONS[from].includes(to));
  });

  it('refuses every pair outside the table, among them staying where it is', () => {
    const refused = pairs.filter(([from, to]) => !TICKET_TRANSITIONS[from].includes(to));
    expect(refused.length).toBeGreaterThan(0);
    for (const [from, to] of refused) expect(canMoveTicket(from, to)).toBe(false);
    for (const status of TICKET_STATUSES) expect(canMoveTicket(status, status)).toBe(false);
  });

  it('reaches every status from Open, and only Archived is final', () => {
    const reached = new Set<TicketStatus>(['Open']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reached]) {
        for (const to of TICKET_TRANSITIONS[from]) {
          if (!reached.has(to)) {
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...TICKET_STATUSES].sort());
    expect(TICKET_STATUSES.filter((status) => TICKET_TRANSITIONS[status].length === 0)).toEqual(['Archived']);
  });

  it('goes through QA before it is resolved', () => {
    expect(TICKET_STATUSES.filter((from) => canMoveTicket(from, 'Resolved'))).toEqual(['QA Complete']);
    expect(TICKET_STATUSES.filter((from) => canMoveTicket(from, 'QA Complete'))).toEqual(['Ready for QA']);
  });

  it('names both statuses when it refuses', () => {
    expect(ticketTransitionRefusal('Archived', 'Open')).toBe("A ticket cannot go from 'Archived' to 'Open'");
  });
});
