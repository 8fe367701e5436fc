/**
 * Offices see only their own tickets (another office's or organization's ticket is "not found"), company
 * users their organization's; the management tool is for admins and super administrators; the carrier
 * catalogue is for any signed-in user. Every route of the service is covered.
 */
import { type Page, type PlanLibraryItem, type VerificationListItem } from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, type Harness, type UserName } from '../testing/harness';

let harness: Harness;
let ticketA1: string;
let planA1: string;
let jobA1: string;

beforeAll(async () => {
  harness = await createHarness();
  ticketA1 = await harness.createFor('DD100200300');
  const detail = await harness.settled(ticketA1);
  planA1 = detail.planId!;
  jobA1 = detail.jobs[0]!.id;
});
afterAll(() => harness.close());

type Route = { readonly name: string; readonly method: 'GET' | 'PATCH' | 'POST'; readonly url: () => string; readonly body?: unknown };

const TICKET_ROUTES: readonly Route[] = [
  { name: 'GET /api/verifications/:id', method: 'GET', url: () => `/api/verifications/${ticketA1}` },
  {
    name: 'PATCH /api/verifications/:id',
    method: 'PATCH',
    url: () => `/api/verifications/${ticketA1}`,
    body: { edits: [{ path: 'patient.note', value: 'checked' }] },
  },
  { name: 'POST /api/verifications/:id/submit', method: 'POST', url: () => `/api/verifications/${ticketA1}/submit` },
  { name: 'POST /api/verifications/:id/jobs/:jobId/retry', method: 'POST', url: () => `/api/verifications/${ticketA1}/jobs/${jobA1}/retry` },
  { name: 'GET /api/verifications/:id/sources', method: 'GET', url: () => `/api/verifications/${ticketA1}/sources` },
  { name: 'GET /api/verifications/:id/pdf', method: 'GET', url: () => `/api/verifications/${ticketA1}/pdf?type=Breakdown` },
  { name: 'GET /api/plans/:id', method: 'GET', url: () => `/api/plans/${planA1}` },
];

describe('every ticket route, any outsider, any office header', () => {
  it('never answers another office or organization with the ticket (generated cases)', async () => {
    const routes = TICKET_ROUTES.filter((route) => !route.url().includes('/plans/'));
    const outsiders: readonly UserName[] = ['staffA2', 'staffB', 'adminB', 'groupmanager'];
    const headers = fc.oneof(fc.constantFrom<string | null>(null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom(...outsiders), headers, async (route, as, office) => {
        const response = await harness.call(route.method, route.url(), { as, office, body: route.body });
        expect([400, 403, 404]).toContain(response.statusCode);
        expect(response.body).not.toMatch(/Maria|Lopez|DD100200300|04\/12\/1985/);
      }),
      { numRuns: 60 },
    );
  });
});

const OUTSIDERS: readonly [string, UserName, string | undefined][] = [
  ['another office of the organization', 'staffA2', undefined],
  ['another organization', 'staffB', undefined],
  ["another organization's admin", 'adminB', undefined],
];

describe.each(TICKET_ROUTES.filter((route) => !route.url().includes('/plans/')))('$name', (route) => {
  it.each(OUTSIDERS)('is not found for %s', async (_who, as, office) => {
    const response = await harness.call(route.method, route.url(), { as, ...(office === undefined ? {} : { office }), body: route.body });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Verification not found' });
  });

  it('is not found for a manager acting for their other office', async () => {
    const response = await harness.call(route.method, route.url(), { as: 'staffmanager', office: 'office-a2', body: route.body });
    expect(response.statusCode).toBe(404);
  });

  it('is forbidden to roles outside the verification pages', async () => {
    expect((await harness.call(route.method, route.url(), { as: 'groupmanager', body: route.body })).statusCode).toBe(403);
    expect((await harness.call(route.method, route.url(), { as: null, body: route.body })).statusCode).toBe(401);
  });
});

describe('GET /api/plans/:id', () => {
  it("is not found in another organization's library", async () => {
    expect((await harness.call('GET', `/api/plans/${planA1}`, { as: 'staffB' })).statusCode).toBe(404);
    expect((await harness.call('GET', `/api/plans/${planA1}`, { as: 'adminB' })).statusCode).toBe(404);
  });

  it("is the organization's: another office of it reads the plan, no patient in it", async () => {
    const response = await harness.call('GET', `/api/plans/${planA1}`, { as: 'staffA2' });
    expect(response.statusCode).toBe(200);
    const text = JSON.stringify(response.json());
    for (const patientData of ['insuranceRemaining', 'patient.', 'Maria', 'DD100200300']) expect(text).not.toContain(patientData);
    expect((await harness.call('GET', `/api/plans/${planA1}`, { as: 'groupmanager' })).statusCode).toBe(403);
  });
});

describe('company users see their organization', () => {
  it('reads, edits and lists any office of it', async () => {
    expect((await harness.call('GET', `/api/verifications/${ticketA1}`, { as: 'agent', office: null })).statusCode).toBe(200);
    expect((await harness.call('GET', `/api/verifications/${ticketA1}`, { as: 'admin', office: 'office-a2' })).statusCode).toBe(200);
    const edit = await harness.call('PATCH', `/api/verifications/${ticketA1}`, {
      as: 'superadministrator',
      office: null,
      body: { edits: [{ path: 'patient.note', value: 'Reviewed by support' }] },
    });
    expect(edit.statusCode).toBe(200);
    const organization = (await harness.call('GET', '/api/verifications', { as: 'agent', office: null })).json<Page<VerificationListItem>>();
    expect(organization.items.map((item) => item.id)).toContain(ticketA1);
    const otherOffice = (await harness.call('GET', '/api/verifications', { as: 'agent', office: 'office-a2' })).json<Page<VerificationListItem>>();
    expect(otherOffice.items.map((item) => item.id)).not.toContain(ticketA1);
  });
});

describe('GET /api/verifications', () => {
  it('lists the current office only', async () => {
    for (const as of ['staffA2', 'staffB', 'adminB'] as const) {
      const page = (await harness.call('GET', '/api/verifications', { as })).json<Page<VerificationListItem>>();
      expect(page.items.map((item) => item.id)).not.toContain(ticketA1);
    }
    const own = (await harness.call('GET', '/api/verifications', { as: 'staff' })).json<Page<VerificationListItem>>();
    expect(own.items.map((item) => item.id)).toContain(ticketA1);
    expect((await harness.call('GET', '/api/verifications', { as: 'staff', office: null })).statusCode).toBe(400);
    expect((await harness.call('GET', '/api/verifications', { as: 'groupmanager' })).statusCode).toBe(403);
  });
});

describe('GET /api/plans', () => {
  it("searches the caller's organization only", async () => {
    const own = (await harness.call('GET', '/api/plans?carrier=77777', { as: 'staff' })).json<Page<PlanLibraryItem>>();
    expect(own.items.map((item) => item.id)).toContain(planA1);
    const other = (await harness.call('GET', '/api/plans?carrier=77777', { as: 'staffB' })).json<Page<PlanLibraryItem>>();
    expect(other.items).toEqual([]);
    expect((await harness.call('GET', '/api/plans', { as: 'groupmanager' })).statusCode).toBe(403);
  });
});

describe('POST /api/verifications', () => {
  it('creates for the office the caller acts for, never another', async () => {
    const body = { patient: { patientFirstName: 'A', patientLastName: 'B', patientDOB: '01/01/1990', patientMemberId: 'X12345', patientRelationToSubscriber: 'Self' }, carrier: { payerId: '77777' } };
    expect((await harness.call('POST', '/api/verifications', { as: 'staff', office: 'office-a2', body })).statusCode).toBe(403);
    expect((await harness.call('POST', '/api/verifications', { as: 'staffB', office: 'office-a1', body })).statusCode).toBe(403);
  });
});

describe('POST /api/management/x271/preview', () => {
  it.each(['staff', 'staffmanager', 'agent', 'groupmanager', 'goduser'] as const)('is forbidden to %s', async (as) => {
    const response = await harness.call('POST', '/api/management/x271/preview', { as, office: null, body: { x12: 'ISA' } });
    expect(response.statusCode).toBe(403);
  });

  it('is for admins and super administrators', async () => {
    for (const as of ['admin', 'superadministrator', 'adminB'] as const) {
      // Reaches the tool: malformed X12 is the tool's own 400.
      const response = await harness.call('POST', '/api/management/x271/preview', { as, office: null, body: { x12: 'ISA' } });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET /api/carriers', () => {
  it('answers any signed-in user, whatever the roles', async () => {
    for (const as of ['staff', 'groupmanager', 'goduser', 'adminB'] as const) {
      expect((await harness.call('GET', '/api/carriers', { as, office: null })).statusCode).toBe(200);
    }
    expect((await harness.call('GET', '/api/carriers', { as: null })).statusCode).toBe(401);
  });
});
