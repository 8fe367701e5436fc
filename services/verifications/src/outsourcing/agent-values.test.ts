/**
 * Every value an agent enters carries its evidence: on a ticket the queue holds (not closed) a company user's
 * plain edit (PATCH /api/verifications/{id}) is refused with a 409 that says how to save it, for every status and
 * company role; the queue's PATCH .../fields takes values only once a payer call is logged. Office users' own
 * edits stay as they were, and a ticket never outsourced is edited by anyone as before.
 */
import {
  isAgentWorkStatus,
  isClosedTicketStatus,
  OUTSOURCE_MESSAGES,
  TICKET_STATUSES,
  type TicketStatus,
  type VerificationDetail,
} from '@dv/contracts';
import { callEvidence, createOutsourcingHarness, type OutsourcingHarness, type UserName } from './testing';

let h: OutsourcingHarness;

beforeAll(async () => {
  h = await createOutsourcingHarness();
});
afterAll(() => h.close());

const COMPANY_USERS: readonly UserName[] = ['agent', 'admin', 'superadministrator'];

const plainEdit = (id: string, as: UserName, value: unknown) =>
  h.call('PATCH', `/api/verifications/${id}`, { as, body: { edits: [{ path: 'patient.insuranceRemaining', value }] } });

const queueEdit = (id: string, as: UserName, value: unknown) =>
  h.call('PATCH', `/api/management/verifications/${id}/fields`, {
    as,
    body: { edits: [{ path: 'patient.insuranceRemaining', value }], evidence: callEvidence() },
  });

const remaining = async (id: string) => (await h.wrapperOf(id)).patient.insuranceRemaining?.value;

/** A ticket outsourced by office-a1's staff, held by the agent, in `status`. */
async function outsourcedIn(status: TicketStatus): Promise<string> {
  const id = await h.create();
  await h.outsource(id);
  await h.force(id, status, { assignee: { id: 'user-agent', email: 'agent@a.test' } });
  return id;
}

describe('PATCH /api/verifications/{id} on an outsourced ticket', () => {
  it('refuses every company role in every status until the ticket is closed (409, how to save instead), nothing stored', async () => {
    for (const status of TICKET_STATUSES) {
      const id = await outsourcedIn(status);
      const before = await remaining(id);
      for (const as of COMPANY_USERS) {
        const response = await plainEdit(id, as, 777);
        if (isClosedTicketStatus(status)) {
          expect([status, as, response.statusCode]).toEqual([status, as, 200]);
        } else {
          expect([status, as, response.statusCode]).toEqual([status, as, 409]);
          expect(response.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.saveThroughQueue, details: { status } });
          expect(await remaining(id)).toBe(before);
        }
      }
    }
    expect(OUTSOURCE_MESSAGES.saveThroughQueue).toMatch(/log the payer call/);
  });

  it("leaves the office's own edits as they were, in any status", async () => {
    for (const status of ['Open', 'Pending', 'Ready for QA', 'Resolved'] as const) {
      const id = await outsourcedIn(status);
      const response = await plainEdit(id, 'staff', 640);
      expect([status, response.statusCode]).toEqual([status, 200]);
      expect(response.json<VerificationDetail>().patient.insuranceRemaining?.value).toBe(640);
    }
  });

  it('lets company users edit a ticket that was never outsourced, as before', async () => {
    const id = await h.create();
    const response = await plainEdit(id, 'agent', 310);
    expect(response.statusCode).toBe(200);
    expect(await remaining(id)).toBe(310);
  });
});

describe('PATCH /api/management/verifications/{id}/fields', () => {
  it('refuses values before a payer call is logged (409), then takes them with the call as evidence', async () => {
    const id = await outsourcedIn('Pending');
    const before = await remaining(id);
    const refused = await queueEdit(id, 'agent', 1250);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.logCallFirst });
    expect(await remaining(id)).toBe(before);

    expect((await h.call('PATCH', `/api/management/verifications/${id}/call`, { as: 'agent', body: { evidence: callEvidence() } })).statusCode).toBe(200);
    const saved = await queueEdit(id, 'agent', 1250);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<VerificationDetail>().fieldSources['patient.insuranceRemaining']?.evidence).toMatchObject({ representative: 'Dana at Delta' });
    // The office's read of the ticket shows the value with its call.
    const office = (await h.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(office.patient.insuranceRemaining?.value).toBe(1250);
    expect(office.fieldSources['patient.insuranceRemaining']?.evidence?.callReference).toBe('REF-20260301-0042');
  });

  it('takes values only in the work statuses and from the holder (or an administrator)', async () => {
    const calls = [{ ...callEvidence(), loggedBy: { id: 'user-agent', email: null }, loggedAt: new Date().toISOString() }];
    for (const status of TICKET_STATUSES) {
      const id = await outsourcedIn(status);
      await h.force(id, status, { calls });
      const response = await queueEdit(id, 'agent', 500);
      expect([status, response.statusCode]).toEqual([status, isAgentWorkStatus(status) ? 200 : 409]);
    }
    const held = await outsourcedIn('Pending');
    await h.force(held, 'Pending', { calls, assignee: { id: 'user-admin', email: null } });
    const notTheirs = await queueEdit(held, 'agent', 500);
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.notYours });
    expect((await queueEdit(held, 'superadministrator', 500)).statusCode).toBe(200);
  });

  it("is refused to office users, and a ticket outside the queue is not the queue's", async () => {
    const id = await outsourcedIn('Pending');
    expect((await queueEdit(id, 'staff', 1)).statusCode).toBe(403);
    const never = await h.create();
    const response = await queueEdit(never, 'agent', 1);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: OUTSOURCE_MESSAGES.notOutsourced });
  });
});
