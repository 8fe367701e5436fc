/**
 * The company's queue and the requesters' counts through the API: filters and their validation, paging bounds,
 * what a queue row shows of the patient, and isolation (an organization's queue is its company users' alone;
 * office users reach none of it), with generated cases.
 */
import {
  OUTSOURCE_AGE_MAX_HOURS,
  TICKET_STATUSES,
  type OutsourceQueueItem,
  type Page,
  type RequestersReply,
} from '@dv/contracts';
import fc from 'fast-check';
import { createOutsourcingHarness, type OutsourcingHarness, type UserName } from './testing';

let h: OutsourcingHarness;
const ids: Record<'a1' | 'a1Old' | 'a1Claimed' | 'a2' | 'b1', string> = { a1: '', a1Old: '', a1Claimed: '', a2: '', b1: '' };

beforeAll(async () => {
  h = await createOutsourcingHarness();
  h.enabledOffices.add('office-a2');
  ids.a1 = await h.create();
  ids.a1Old = await h.create({ memberId: 'MET884412' });
  ids.a1Claimed = await h.create({ as: 'staffmanager' });
  ids.a2 = await h.create({ as: 'staffA2' });
  ids.b1 = await h.create({ as: 'staffB' });
  await h.outsource(ids.a1);
  await h.outsource(ids.a1Old, { type: 'Re-verification' });
  await h.outsource(ids.a1Claimed, { as: 'staffmanager' });
  await h.outsource(ids.a2, { as: 'staffA2' });
  await h.outsource(ids.b1, { as: 'staffB' });
  await h.force(ids.a1Old, 'Open', { requestedAt: new Date(Date.now() - 50 * 3_600_000).toISOString() });
  await h.call('POST', `/api/management/verifications/${ids.a1Claimed}/claim`, { as: 'agent' });
});
afterAll(() => h.close());

async function queue(query: string, as: UserName = 'agent') {
  const response = await h.call('GET', `/api/management/verifications${query}`, { as });
  return { status: response.statusCode, page: response.json<Page<OutsourceQueueItem>>(), body: response.body };
}

const orgA = () => [ids.a1, ids.a1Old, ids.a1Claimed, ids.a2];

describe('GET /api/management/verifications', () => {
  it("lists the organization's outsourced tickets, oldest request first, without the patient's name, DOB or member id", async () => {
    const { status, page, body } = await queue('');
    expect(status).toBe(200);
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.verificationId)).toEqual([ids.a1Old, ids.a1, ids.a1Claimed, ids.a2]);
    const old = page.items[0]!;
    expect(old).toMatchObject({ officeId: 'office-a1', status: 'Open', type: 'Re-verification', carrier: { payerId: '65978' }, assignee: null, calls: 0 });
    expect(old.ageHours).toBeGreaterThanOrEqual(50);
    expect(page.items[1]?.patientInitials).toMatch(/^[A-Z]\. [A-Z]\.$/);
    expect(body).not.toMatch(/Maria|Lopez|DD100200300|MET884412|1985/);
  });

  it('filters by status (one or several), office, payer, age, type and assignee', async () => {
    const cases: [string, string[]][] = [
      ['?status=Pending', [ids.a1Claimed]],
      ['?status=Open&status=Pending', orgA()],
      ['?officeId=office-a2', [ids.a2]],
      ['?officeId=office-b1', []],
      ['?payerId=65978', [ids.a1Old]],
      ['?olderThanHours=48', [ids.a1Old]],
      ['?type=Re-verification', [ids.a1Old]],
      ['?assignee=me', [ids.a1Claimed]],
      ['?assignee=unassigned&status=Open', [ids.a1, ids.a1Old, ids.a2]],
    ];
    for (const [query, expected] of cases) {
      const { status, page } = await queue(query);
      expect([query, status, page.items.map((item) => item.verificationId).sort()]).toEqual([query, 200, [...expected].sort()]);
    }
    expect((await queue('?assignee=me', 'admin')).page.total).toBe(0);
  });

  it('sorts by status, payer, office or update time, either way', async () => {
    const { page } = await queue('?sort=office&order=desc');
    expect(page.items[0]?.officeId).toBe('office-a2');
    const byStatus = (await queue('?sort=status&order=asc')).page.items.map((item) => item.status);
    expect(byStatus).toEqual([...byStatus].sort());
  });

  it('pages without overlap and answers the page asked for', async () => {
    const first = await queue('?pageSize=3&page=1');
    const second = await queue('?pageSize=3&page=2');
    expect([first.page.page, first.page.pageSize, first.page.total, first.page.items.length]).toEqual([1, 3, 4, 3]);
    expect(second.page.items.map((item) => item.verificationId)).toEqual([ids.a2]);
    expect((await queue('?page=9')).page.items).toEqual([]);
    expect((await queue('?pageSize=100')).status).toBe(200);
  });

  it('refuses bad filters and paging with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?status=Done', 'status'],
      ['?status=Open&status=open', 'status'],
      ['?page=0', 'page'],
      ['?page=two', 'page'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      ['?olderThanHours=-1', 'olderThanHours'],
      [`?olderThanHours=${OUTSOURCE_AGE_MAX_HOURS + 1}`, 'olderThanHours'],
      ['?olderThanHours=1.5', 'olderThanHours'],
      ['?type=Eligibility', 'type'],
      ['?assignee=someone', 'assignee'],
      ['?sort=patient', 'sort'],
      ['?order=up', 'order'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await queue(query);
      expect([query, status]).toEqual([query, 400]);
      expect([query, body]).toEqual([query, expect.stringContaining(field)]);
    }
  });

  it('accepts every ticket status as a filter (generated sets)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...TICKET_STATUSES), { minLength: 1, maxLength: 4 }), async (statuses) => {
        const { status, page } = await queue(`?${statuses.map((value) => `status=${encodeURIComponent(value)}`).join('&')}`);
        expect(status).toBe(200);
        for (const item of page.items) expect(statuses).toContain(item.status);
      }),
      { numRuns: 25 },
    );
  });
});

describe('isolation (generated cases)', () => {
  const QUEUE_CALLS = () => [
    { method: 'GET' as const, url: '/api/management/verifications?pageSize=100' },
    { method: 'POST' as const, url: `/api/management/verifications/${ids.a1}/claim` },
    { method: 'POST' as const, url: `/api/management/verifications/${ids.a1}/status`, body: { to: 'Closed' } },
    { method: 'PATCH' as const, url: `/api/management/verifications/${ids.a1}/call`, body: { evidence: { calledAt: new Date().toISOString(), representative: 'R', callReference: 'C' } } },
    { method: 'PATCH' as const, url: `/api/management/verifications/${ids.a1}/fields`, body: { edits: [{ path: 'patient.note', value: 'x' }], evidence: { calledAt: new Date().toISOString(), representative: 'R', callReference: 'C' } } },
    { method: 'GET' as const, url: '/api/management/requesters' },
  ];
  const officeHeaders = fc.oneof(fc.constantFrom<string | null>(null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,16}$/));

  it('office users (and users without a company role) reach no queue call, whatever office they name', async () => {
    const outsiders: readonly UserName[] = ['staff', 'staffmanager', 'staffA2', 'staffB', 'groupmanager', 'groupmember', 'doregistration', 'goduser'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...QUEUE_CALLS()), fc.constantFrom(...outsiders), officeHeaders, async (call, as, office) => {
        const response = await h.call(call.method, call.url, { as, office, body: call.body });
        expect([call.url, as, office, [400, 403].includes(response.statusCode)]).toEqual([call.url, as, office, true]);
        expect(response.body).not.toContain(ids.a1);
      }),
      { numRuns: 80 },
    );
    expect((await h.call('GET', '/api/management/verifications', { as: null })).statusCode).toBe(401);
  });

  it("a company user sees their organization's tickets only, with any filters and office header", async () => {
    const filters = fc.record(
      {
        officeId: fc.constantFrom('office-a1', 'office-a2', 'office-b1'),
        status: fc.constantFrom(...TICKET_STATUSES),
        olderThanHours: fc.integer({ min: 0, max: 100 }),
        assignee: fc.constantFrom('me', 'unassigned'),
      },
      { requiredKeys: [] },
    );
    const members: readonly UserName[] = ['agent', 'admin', 'superadministrator', 'adminB'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...members), filters, officeHeaders, async (as, query, office) => {
        const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
        const response = await h.call('GET', `/api/management/verifications?${search}`, { as, office });
        if (response.statusCode !== 200) {
          // Naming an office of another organization (or no office) in the header is refused before the queue.
          expect([403, 400]).toContain(response.statusCode);
          return;
        }
        const own = as === 'adminB' ? [ids.b1] : orgA();
        for (const item of response.json<Page<OutsourceQueueItem>>().items) expect(own).toContain(item.verificationId);
      }),
      { numRuns: 80 },
    );
  });

  it("another organization's company users cannot claim, move, log calls on or enter values into a ticket", async () => {
    for (const call of QUEUE_CALLS().filter((candidate) => candidate.url.includes(ids.a1))) {
      const response = await h.call(call.method, call.url, { as: 'adminB', body: call.body });
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
    }
    expect((await h.ticketOf(ids.a1))?.status).toBe('Open');
  });
});

describe('GET /api/management/requesters', () => {
  it('counts requests per office and requester, by type and by current status', async () => {
    const response = await h.call('GET', '/api/management/requesters', { as: 'admin' });
    expect(response.statusCode).toBe(200);
    const { offices } = response.json<RequestersReply>();
    expect(offices.map((office) => office.officeId)).toEqual(['office-a1', 'office-a2']);
    expect(offices[0]).toMatchObject({ requests: 3, byType: { Breakdown: 2, 'Re-verification': 1 }, byStatus: { Open: 2, Pending: 1 } });
    expect(offices[0]?.requesters).toEqual([
      {
        requester: { id: 'user-staff', email: 'staff@a.test' },
        requests: 2,
        byType: { Breakdown: 1, 'Re-verification': 1 },
        byStatus: { Open: 2 },
        lastRequestedAt: expect.any(String),
      },
      {
        requester: { id: 'user-manager', email: 'manager@a.test' },
        requests: 1,
        byType: { Breakdown: 1, 'Re-verification': 0 },
        byStatus: { Pending: 1 },
        lastRequestedAt: expect.any(String),
      },
    ]);
    const one = (await h.call('GET', '/api/management/requesters?officeId=office-a2', { as: 'superadministrator' })).json<RequestersReply>();
    expect(one.offices.map((office) => office.officeId)).toEqual(['office-a2']);
  });

  it("is for admins and super administrators of the organization: agents 403, another organization's admin sees theirs", async () => {
    expect((await h.call('GET', '/api/management/requesters', { as: 'agent' })).statusCode).toBe(403);
    const other = (await h.call('GET', '/api/management/requesters', { as: 'adminB' })).json<RequestersReply>();
    expect(other.offices.map((office) => office.officeId)).toEqual(['office-b1']);
    expect((await h.call('GET', '/api/management/requesters?officeId=', { as: 'admin' })).statusCode).toBe(400);
  });
});
