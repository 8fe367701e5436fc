/**
 * GET /api/management/verifications/{id}: one ticket's outsourcing state for the agent panel, wherever the ticket
 * sits in the queue (the panel used to look for it in the queue's first 100 rows), audited as a read, and isolated:
 * company users of the queue's roles read their organization's tickets only (another's is "not found"), everyone
 * else is refused (generated cases: every test user, both organizations, any office header).
 */
import { OUTSOURCE_MESSAGES, OutsourcedTicketReply, type AuditRecord, type OutsourceQueueItem, type Page } from '@dv/contracts';
import fc from 'fast-check';
import { AUDIT_COLLECTION } from '../audit/audit.store';
import { OUTSOURCED_TICKETS_COLLECTION, type OutsourcedTicketDocument } from './outsourcing.store';
import { callEvidence, createOutsourcingHarness, USERS, type OutsourcingHarness, type UserName } from './testing';

let h: OutsourcingHarness;
const ids = { a1: '', b1: '', never: '' };

beforeAll(async () => {
  h = await createOutsourcingHarness();
  ids.a1 = await h.create();
  ids.b1 = await h.create({ as: 'staffB' });
  ids.never = await h.create();
  await h.call('POST', `/api/verifications/${ids.a1}/outsource`, { body: { type: 'Breakdown', note: 'History missing' } });
  await h.outsource(ids.b1, { as: 'staffB' });
  await h.call('POST', `/api/management/verifications/${ids.a1}/claim`, { as: 'agent' });
  await h.call('PATCH', `/api/management/verifications/${ids.a1}/call`, { as: 'agent', body: { evidence: callEvidence() } });
});
afterAll(() => h.close());

const read = (id: string, as: UserName = 'agent', office?: string | null) =>
  h.call('GET', `/api/management/verifications/${id}`, { as, ...(office === undefined ? {} : { office }) });

describe('GET /api/management/verifications/{id}', () => {
  it("answers the ticket's state: requests with the office's note, the holder, the calls; audited as a read", async () => {
    const response = await read(ids.a1);
    expect(response.statusCode).toBe(200);
    const ticket = OutsourcedTicketReply.parse(response.json());
    expect(ticket).toMatchObject({ verificationId: ids.a1, officeId: 'office-a1', status: 'Pending', type: 'Breakdown', assignee: { id: 'user-agent' } });
    expect(ticket.requests).toEqual([expect.objectContaining({ note: 'History missing', requester: { id: 'user-staff', email: 'staff@a.test' } })]);
    expect(ticket.calls).toEqual([expect.objectContaining({ representative: 'Dana at Delta', loggedBy: { id: 'user-agent', email: 'agent@a.test' } })]);
    // Ids, statuses, users and calls: nothing of the patient.
    expect(response.body).not.toMatch(/Maria|Lopez|DD100200300|1985/);
    const records = (await h.service.store.collection(AUDIT_COLLECTION).find({ ticketId: ids.a1, action: 'read' })) as unknown as AuditRecord[];
    expect(records.some((record) => record.userId === 'user-agent')).toBe(true);
  });

  it('is not found for a ticket that was never outsourced or does not exist; a bad id is a 400', async () => {
    for (const id of [ids.never, 'no-such-ticket']) {
      const response = await read(id);
      expect([id, response.statusCode, response.json()]).toEqual([id, 404, expect.objectContaining({ message: OUTSOURCE_MESSAGES.notOutsourced })]);
    }
    expect((await read('bad%20id')).statusCode).toBe(400);
  });

  it('finds a ticket past the queue page the agent panel used to search (more than 100 tickets)', async () => {
    const seeded = await h.ticketOf(ids.a1);
    const tickets = h.service.store.collection<OutsourcedTicketDocument>(OUTSOURCED_TICKETS_COLLECTION);
    // 120 older requests of the same office and payer: the ticket is on the queue's second page of 100.
    for (let index = 0; index < 120; index += 1) {
      const requestedAt = new Date(Date.parse(seeded!.requestedAt) - (index + 1) * 60_000).toISOString();
      await tickets.insert({ ...seeded!, _id: `seeded-${index}`, assignee: undefined, calls: [], requestedAt, updatedAt: requestedAt });
    }
    const firstPage = (await h.call('GET', `/api/management/verifications?pageSize=100&officeId=office-a1&payerId=${seeded!.carrier.payerId}`, { as: 'agent' }))
      .json<Page<OutsourceQueueItem>>();
    expect(firstPage.total).toBeGreaterThan(100);
    expect(firstPage.items.map((item) => item.verificationId)).not.toContain(ids.a1);
    expect((await read(ids.a1)).json()).toMatchObject({ verificationId: ids.a1, calls: [expect.anything()] });
  });
});

describe('isolation (generated: users x organizations x office headers)', () => {
  const QUEUE_USERS = new Set<UserName>(['agent', 'admin', 'superadministrator', 'adminB']);
  const OFFICE_ORGS: Record<string, string> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };
  const headers = fc.oneof(fc.constantFrom<string | null>(null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,16}$/));

  it("a company user of the queue reads their organization's tickets; another's is not found; others are refused", async () => {
    const users = Object.keys(USERS) as UserName[];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), fc.constantFrom<'a1' | 'b1'>('a1', 'b1'), headers, async (as, which, office) => {
        const id = ids[which];
        const response = await read(id, as, office);
        const org = USERS[as].org;
        const ticketOrg = which === 'a1' ? 'org-a' : 'org-b';
        const headerFits = office === null || OFFICE_ORGS[office] === org;
        const label = [as, which, office];
        if (!QUEUE_USERS.has(as)) {
          expect([label, [400, 403].includes(response.statusCode)]).toEqual([label, true]);
        } else if (!headerFits) {
          // An office of another organization (or none at all) in the header is refused before the queue.
          expect([label, [400, 403].includes(response.statusCode)]).toEqual([label, true]);
        } else {
          expect([label, response.statusCode]).toEqual([label, org === ticketOrg ? 200 : 404]);
        }
        if (response.statusCode !== 200) expect(response.body).not.toContain(id);
      }),
      { numRuns: 120 },
    );
    expect((await h.call('GET', `/api/management/verifications/${ids.a1}`, { as: null })).statusCode).toBe(401);
  });
});
