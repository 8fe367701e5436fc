/**
 * Outsourced tickets' events (issue 15) reach the ticket's office and the organization's company users, as the
 * socket's `ticket_status` and `ticket_resolved` events with ids, the status and the request type only; a
 * re-check's status reaches the verification's office as `reverification_status`, with ids and the status only; a
 * schedule batch's progress reaches its office as `schedule_batch_progress`, with ids and counts only.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, SOCKET_EVENTS, TOPICS } from '@dv/contracts';
import { settle } from '@dv/kit/testing';
import { useBusRealtime } from './testing/bus-realtime';

const users = {
  staffA1: { sub: 'u-staff-a1', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffA2: { sub: 'u-staff-a2', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a2'] },
  agentA: { sub: 'u-agent-a', org: 'org-a', roles: ['agent'], allowedOfficeIds: [] },
  adminB: { sub: 'u-admin-b', org: 'org-b', roles: ['admin'], allowedOfficeIds: [] },
};

const { bus, signedIn } = useBusRealtime('tickets');

function publish(type: string, payload: Record<string, unknown>): Promise<void> {
  return bus().publish(TOPICS.tickets, { key: String(payload.verificationId), id: randomUUID(), type, payload, occurredAt: new Date().toISOString() });
}

describe('outsourced ticket events', () => {
  it("a status change goes to the ticket's office and its organization's company users, with the id and status only", async () => {
    const [a1, a2, agent, adminB] = await Promise.all([signedIn(users.staffA1), signedIn(users.staffA2), signedIn(users.agentA), signedIn(users.adminB)]);
    await publish(EVENT_TYPES.ticketStatusChanged, {
      verificationId: 'ver-1',
      status: 'Pending',
      orgId: 'org-a',
      officeId: 'office-a1',
      patientLastName: 'should-not-travel',
    });
    expect(await a1.waitForEvent(SOCKET_EVENTS.ticketStatus)).toEqual({ verificationId: 'ver-1', status: 'Pending' });
    expect(await agent.waitForEvent(SOCKET_EVENTS.ticketStatus)).toEqual({ verificationId: 'ver-1', status: 'Pending' });
    await settle(100);
    expect(a2.named(SOCKET_EVENTS.ticketStatus)).toEqual([]);
    expect(adminB.named(SOCKET_EVENTS.ticketStatus)).toEqual([]);
    for (const connected of [a1, agent]) {
      const wire = connected.frames.join('\n');
      expect(wire).not.toContain('should-not-travel');
      expect(wire).not.toContain('office-a1');
    }
  });

  it('a resolution is the notification the office shows; a payload outside the contract is not forwarded', async () => {
    const [a1, a2] = await Promise.all([signedIn(users.staffA1), signedIn(users.staffA2)]);
    await publish(EVENT_TYPES.ticketStatusChanged, { verificationId: 'ver-bad', status: 'Done', orgId: 'org-a', officeId: 'office-a1' });
    const resolvedAt = new Date().toISOString();
    await publish(EVENT_TYPES.ticketResolved, {
      verificationId: 'ver-2',
      type: 'Breakdown',
      resolvedAt,
      orgId: 'org-a',
      officeId: 'office-a1',
      userId: 'u-staff-a1',
    });
    expect(await a1.waitForEvent(SOCKET_EVENTS.ticketResolved)).toEqual({ verificationId: 'ver-2', type: 'Breakdown', resolvedAt });
    await settle(100);
    expect(a1.named(SOCKET_EVENTS.ticketStatus)).toEqual([]);
    expect(a2.named(SOCKET_EVENTS.ticketResolved)).toEqual([]);
  });
});

describe('re-verification events', () => {
  it("a re-check's status goes to the verification's office only, with ids and the status", async () => {
    const [a1, a2, adminB] = await Promise.all([signedIn(users.staffA1), signedIn(users.staffA2), signedIn(users.adminB)]);
    const payload = { reverificationId: 'rev-1', verificationId: 'ver-3', status: 'done', orgId: 'org-a', officeId: 'office-a1', patientLastName: 'should-not-travel' };
    await bus().publish(TOPICS.verificationReady, { key: 'ver-3', id: randomUUID(), type: EVENT_TYPES.reverificationChanged, payload, occurredAt: new Date().toISOString() });
    expect(await a1.waitForEvent(SOCKET_EVENTS.reverificationStatus)).toEqual({ reverificationId: 'rev-1', verificationId: 'ver-3', status: 'done' });
    await settle(100);
    expect(a2.named(SOCKET_EVENTS.reverificationStatus)).toEqual([]);
    expect(adminB.named(SOCKET_EVENTS.reverificationStatus)).toEqual([]);
    expect(a1.frames.join('\n')).not.toContain('should-not-travel');
  });
});

describe('schedule batch progress', () => {
  it("goes to the office's room with the batch's ids and counts only", async () => {
    const [a1, a2] = await Promise.all([signedIn(users.staffA1), signedIn(users.staffA2)]);
    const payload = { batchId: 'batch-1', date: '2026-12-01', status: 'running', total: 9, done: 4, orgId: 'org-a', officeId: 'office-a1', patientFirstName: 'should-not-travel' };
    await bus().publish(TOPICS.schedule, { key: 'batch-1', id: randomUUID(), type: EVENT_TYPES.scheduleBatchProgress, payload, occurredAt: new Date().toISOString() });
    expect(await a1.waitForEvent(SOCKET_EVENTS.scheduleBatchProgress)).toEqual({ batchId: 'batch-1', date: '2026-12-01', status: 'running', total: 9, done: 4 });
    await settle(100);
    expect(a2.named(SOCKET_EVENTS.scheduleBatchProgress)).toEqual([]);
    expect(a1.frames.join('\n')).not.toContain('should-not-travel');
  });
});
