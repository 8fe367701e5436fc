/**
 * Outsourcing through the API against a real embedded store and bus: the office's request, the agent's claim and
 * status moves (every pair of the transition table), payer calls, values entered with their evidence, the audit
 * trail and the events the realtime service forwards.
 */
import {
  acceptsOutsourceRequest,
  EVENT_TYPES,
  OUTSOURCE_MESSAGES,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  ticketTransitionRefusal,
  TOPICS,
  type AuditRecord,
  type OutsourcedTicket,
  type VerificationDetail,
} from '@dv/contracts';
import { AUDIT_COLLECTION } from '../audit/audit.store';
import { callEvidence, createOutsourcingHarness, type OutsourcingHarness } from './testing';

let h: OutsourcingHarness;

beforeAll(async () => {
  h = await createOutsourcingHarness();
});
afterAll(() => h.close());

async function auditOf(ticketId: string): Promise<AuditRecord[]> {
  const records = await h.service.store.collection(AUDIT_COLLECTION).find({ ticketId }, { sort: { at: 1 } });
  return records as unknown as AuditRecord[];
}

describe('POST /api/verifications/{id}/outsource', () => {
  it('puts the ticket into the queue as Open, records who asked, audits and announces it', async () => {
    const events = await h.service.collect(TOPICS.tickets);
    const id = await h.create();
    const response = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Breakdown', note: 'History missing' } });
    expect(response.statusCode).toBe(200);
    const ticket = response.json<OutsourcedTicket>();
    expect(ticket).toMatchObject({ verificationId: id, officeId: 'office-a1', status: 'Open', type: 'Breakdown', assignee: null, calls: [] });
    expect(ticket.requests).toEqual([
      { type: 'Breakdown', note: 'History missing', requester: { id: 'user-staff', email: 'staff@a.test' }, requestedAt: ticket.requestedAt },
    ]);
    // The office reads the status and the requester on its ticket.
    const detail = (await h.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(detail.ticket).toMatchObject({ status: 'Open', requesterId: 'user-staff' });
    // The offices service was asked with the caller's own bearer token.
    expect(h.settingsAskedWith.at(-1)).toMatch(/^Bearer ey/);
    expect((await auditOf(id)).find((record) => record.action === 'outsource')).toMatchObject({
      userId: 'user-staff',
      officeId: 'office-a1',
      transition: { from: null, to: 'Open' },
    });
    const event = await events.waitFor(EVENT_TYPES.ticketStatusChanged, id);
    expect(event.payload).toEqual({ verificationId: id, status: 'Open', orgId: 'org-a', officeId: 'office-a1' });
  });

  it('is refused (403, a clear message) when the office settings do not allow outsourcing', async () => {
    const id = await h.create({ as: 'staffA2' });
    const response = await h.call('POST', `/api/verifications/${id}/outsource`, { as: 'staffA2', body: { type: 'Breakdown' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.disabled });
    expect(await h.ticketOf(id)).toBeNull();
  });

  it('is 409 while the ticket is in the queue, and reopens a finished one', async () => {
    const id = await h.create();
    await h.outsource(id);
    const again = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Re-verification' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.alreadyOutsourced });
    await h.force(id, 'Resolved', { assignee: { id: 'user-agent', email: null } });
    const reopened = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Re-verification' } });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<OutsourcedTicket>()).toMatchObject({ status: 'Open', type: 'Re-verification', assignee: null });
    expect(reopened.json<OutsourcedTicket>().requests.map((request) => request.type)).toEqual(['Breakdown', 'Re-verification']);
  });

  it('answers the agent: Needs additional Info goes back to Open for the agent who holds it', async () => {
    const id = await h.create();
    await h.outsource(id);
    await h.force(id, 'Needs additional Info', { assignee: { id: 'user-agent', email: 'agent@a.test' } });
    const answer = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Breakdown', note: 'Group number is 01234' } });
    expect(answer.json<OutsourcedTicket>()).toMatchObject({ status: 'Open', assignee: { id: 'user-agent' } });
  });

  it('takes a new request in exactly the statuses contracts say the pages may offer it (every status)', async () => {
    for (const status of TICKET_STATUSES) {
      const id = await h.create();
      await h.outsource(id);
      await h.force(id, status);
      const response = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Breakdown' } });
      expect([status, response.statusCode]).toEqual([status, acceptsOutsourceRequest(status) ? 200 : 409]);
    }
  });

  it('never reopens an archived ticket: 409 naming both statuses', async () => {
    const id = await h.create();
    await h.outsource(id);
    await h.force(id, 'Archived');
    const response = await h.call('POST', `/api/verifications/${id}/outsource`, { body: { type: 'Breakdown' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: ticketTransitionRefusal('Archived', 'Open') });
  });

  it('validates the body: a bad type or an unknown key is a 400 naming the field', async () => {
    const id = await h.create();
    for (const [body, field] of [
      [{ type: 'Eligibility' }, 'type'],
      [{}, 'type'],
      [{ type: 'Breakdown', note: 'x'.repeat(2001) }, 'note'],
      [{ type: 'Breakdown', status: 'Resolved' }, ''],
    ] as const) {
      const response = await h.call('POST', `/api/verifications/${id}/outsource`, { body });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it("is not found for another office's ticket, and forbidden to company users", async () => {
    const id = await h.create();
    expect((await h.call('POST', `/api/verifications/${id}/outsource`, { as: 'staffB', body: { type: 'Breakdown' } })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/verifications/${id}/outsource`, { as: 'staffmanager', office: 'office-a2', body: { type: 'Breakdown' } })).statusCode).toBe(404);
    for (const as of ['agent', 'admin', 'superadministrator', 'groupmanager'] as const) {
      expect((await h.call('POST', `/api/verifications/${id}/outsource`, { as, office: 'office-a1', body: { type: 'Breakdown' } })).statusCode).toBe(403);
    }
  });
});

describe('claiming', () => {
  it('an agent claims an Open ticket (Pending); another agent is refused with 409; claiming again is harmless', async () => {
    const id = await h.create();
    await h.outsource(id);
    const claimed = await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json<OutsourcedTicket>()).toMatchObject({ status: 'Pending', assignee: { id: 'user-agent', email: 'agent@a.test' } });
    expect((await h.wrapperOf(id)).ticket.status).toBe('Pending');
    const other = await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'admin' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.claimedByOther });
    expect((await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' })).json()).toMatchObject({ status: 'Pending' });
  });

  it("is not found in another organization's queue, and refused to office users", async () => {
    const id = await h.create();
    await h.outsource(id);
    expect((await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'adminB' })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'staff' })).statusCode).toBe(403);
    expect((await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'goduser' })).statusCode).toBe(403);
  });

  it('a ticket that was never outsourced is not in the queue', async () => {
    const id = await h.create();
    const response = await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.notOutsourced });
  });
});

describe('POST /api/management/verifications/{id}/status', () => {
  it('takes a ticket through QA to Resolved; the office sees it and gets the notification', async () => {
    const events = await h.service.collect(TOPICS.tickets);
    const id = await h.create();
    await h.outsource(id);
    await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' });
    for (const [to, as] of [
      ['Portal info entered ready for calls', 'agent'],
      ['Ready for QA', 'agent'],
      ['QA Complete with issues - resent to agent', 'admin'],
      ['Ready for QA', 'agent'],
      ['QA Complete', 'admin'],
      ['Resolved', 'admin'],
    ] as const) {
      const response = await h.call('POST', `/api/management/verifications/${id}/status`, { as, body: { to } });
      expect([to, response.statusCode]).toEqual([to, 200]);
    }
    const detail = (await h.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(detail.ticket.status).toBe('Resolved');
    expect(detail.ticket.resolvedDate).toEqual(expect.any(String));
    const resolved = await events.waitFor(EVENT_TYPES.ticketResolved, id);
    expect(resolved.payload).toEqual({
      verificationId: id,
      type: 'Breakdown',
      resolvedAt: detail.ticket.resolvedDate,
      orgId: 'org-a',
      officeId: 'office-a1',
      userId: 'user-staff',
    });
    const moves = (await auditOf(id)).filter((record) => record.transition !== undefined).map((record) => record.transition?.to);
    expect(moves).toEqual(['Open', 'Pending', 'Portal info entered ready for calls', 'Ready for QA', 'QA Complete with issues - resent to agent', 'Ready for QA', 'QA Complete', 'Resolved']);
  });

  it('answers every pair of statuses by the table: 200, or 409 naming both (every pair, by an admin)', async () => {
    const id = await h.create();
    await h.outsource(id);
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES) {
        await h.force(id, from, { assignee: { id: 'user-admin', email: null } });
        const response = await h.call('POST', `/api/management/verifications/${id}/status`, { as: 'admin', body: { to } });
        if (TICKET_TRANSITIONS[from].includes(to)) {
          expect([from, to, response.statusCode]).toEqual([from, to, 200]);
          expect((await h.wrapperOf(id)).ticket.status).toBe(to);
        } else {
          expect([from, to, response.statusCode]).toEqual([from, to, 409]);
          expect(response.json()).toMatchObject({ message: ticketTransitionRefusal(from, to), details: { from, to } });
          expect((await h.ticketOf(id))?.status).toBe(from);
        }
      }
    }
  });

  it("an agent moves only the tickets they hold; an unknown status is a 400 naming 'to'", async () => {
    const id = await h.create();
    await h.outsource(id);
    await h.force(id, 'Pending', { assignee: { id: 'user-admin', email: 'admin@a.test' } });
    const notTheirs = await h.call('POST', `/api/management/verifications/${id}/status`, { as: 'agent', body: { to: 'Ready for QA' } });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.notYours });
    const unknown = await h.call('POST', `/api/management/verifications/${id}/status`, { as: 'admin', body: { to: 'Done' } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('to');
  });

  it('back to Open releases the ticket; a note becomes an alert note', async () => {
    const id = await h.create();
    await h.outsource(id);
    await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' });
    const response = await h.call('POST', `/api/management/verifications/${id}/status`, { as: 'agent', body: { to: 'Open', note: 'Out of office' } });
    expect(response.json<OutsourcedTicket>()).toMatchObject({ status: 'Open', assignee: null });
    expect((await h.wrapperOf(id)).ticket.alertNotes).toEqual([{ creationDate: expect.any(String), alertContent: 'Out of office', user: 'agent@a.test' }]);
  });
});

describe('logging a payer call and entering values with their evidence', () => {
  let id: string;
  beforeAll(async () => {
    id = await h.create();
    await h.outsource(id);
    await h.call('POST', `/api/management/verifications/${id}/claim`, { as: 'agent' });
  });

  it('sets the payer agent, call reference, documents and alert note; keeps the call', async () => {
    const evidence = callEvidence({ documentUrl: 'https://files.example.test/call-42.mp3' });
    const response = await h.call('PATCH', `/api/management/verifications/${id}/call`, {
      as: 'agent',
      body: { evidence, alertNote: 'Frequency confirmed by phone', documents: ['https://files.example.test/screen.png'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<OutsourcedTicket>().calls).toEqual([{ ...evidence, loggedBy: { id: 'user-agent', email: 'agent@a.test' }, loggedAt: expect.any(String) }]);
    const ticket = (await h.wrapperOf(id)).ticket;
    expect(ticket).toMatchObject({ payerAgentName: 'Dana at Delta', callReference: 'REF-20260301-0042' });
    expect(ticket.documents).toEqual(['https://files.example.test/screen.png', 'https://files.example.test/call-42.mp3']);
    expect(ticket.alertNotes?.at(-1)).toMatchObject({ alertContent: 'Frequency confirmed by phone', user: 'agent@a.test' });
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'call-log', userId: 'user-agent' });
  });

  it('refuses evidence that is not a call: 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [callEvidence({ calledAt: new Date(Date.now() + 86_400_000).toISOString() }), 'calledAt'],
      [callEvidence({ calledAt: '03/01/2026' }), 'calledAt'],
      [callEvidence({ representative: '  ' }), 'representative'],
      [callEvidence({ documentUrl: 'javascript:alert(1)' }), 'documentUrl'],
      [{ representative: 'Dana', callReference: 'R1' }, 'calledAt'],
    ];
    for (const [evidence, field] of cases) {
      const response = await h.call('PATCH', `/api/management/verifications/${id}/call`, { as: 'agent', body: { evidence } });
      expect([field, response.statusCode]).toEqual([field, 400]);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it("puts each value's call beside its source, until someone changes the value", async () => {
    const evidence = callEvidence({ documentUrl: 'https://files.example.test/shot.png' });
    const response = await h.call('PATCH', `/api/management/verifications/${id}/fields`, {
      as: 'agent',
      body: { edits: [{ path: 'patient.insuranceRemaining.value', value: 1250 }], evidence },
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...evidence, enteredBy: 'agent@a.test', enteredAt: expect.any(String) };
    expect(response.json<VerificationDetail>().fieldSources['patient.insuranceRemaining']).toEqual({
      stated: [{ source: 'user', sourceName: 'user' }],
      disputed: [],
      evidence: expected,
    });
    // The office reads it on its ticket (and the PDF from the same reply).
    const office = (await h.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(office.patient.insuranceRemaining?.value).toBe(1250);
    expect(office.fieldSources['patient.insuranceRemaining']?.evidence).toEqual(expected);
    // Once the office changes the value, the call no longer stands behind it.
    await h.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: 'patient.insuranceRemaining', value: 900 }] } });
    const changed = (await h.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(changed.fieldSources['patient.insuranceRemaining']?.evidence).toBeUndefined();
  });

  it('values need evidence; another agent may not enter them', async () => {
    const missing = await h.call('PATCH', `/api/management/verifications/${id}/fields`, {
      as: 'agent',
      body: { edits: [{ path: 'patient.deductibleRemaining', value: 50 }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('evidence');
    const other = await h.call('PATCH', `/api/management/verifications/${id}/fields`, {
      as: 'adminB',
      body: { edits: [{ path: 'patient.deductibleRemaining', value: 50 }], evidence: callEvidence() },
    });
    expect(other.statusCode).toBe(404);
  });

  it('nobody works a ticket waiting for QA', async () => {
    const waiting = await h.create();
    await h.outsource(waiting);
    await h.force(waiting, 'Ready for QA', { assignee: { id: 'user-agent', email: null } });
    const response = await h.call('PATCH', `/api/management/verifications/${waiting}/call`, { as: 'agent', body: { evidence: callEvidence() } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.notWorkable });
  });
});
