/**
 * GET /api/verifications as the Verifications History page reads it (issue 15): the one search box (`q`), the
 * history's columns (coverage status, who created it) kept beside the ticket at each write, paging bounds, the
 * filters' validation, and office isolation under any search.
 */
import { type Page, type VerificationHistoryItem, VERIFICATION_DATE_ORDER_MESSAGE } from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, type Harness, type UserName, USERS } from '../testing/harness';
import { VERIFICATIONS_COLLECTION } from './verifications.store';

let harness: Harness;
const ids: Record<string, string> = {};

type HistoryPage = Page<VerificationHistoryItem>;

async function list(query: string, as: UserName = 'staff'): Promise<HistoryPage> {
  const response = await harness.call('GET', `/api/verifications${query}`, { as });
  expect(response.statusCode).toBe(200);
  return response.json<HistoryPage>();
}

const names = (page: HistoryPage) => page.items.map((item) => `${item.patient.firstName} ${item.patient.lastName}`);

/** A version 2 ticket, as an older service stored it (no summary, no creator's name beside it). */
const V2_TICKET = {
  patient: { note: '', history: [], historyStatus: 'None' },
  plan: null,
  ticket: {
    integrationPatientInfo: {
      patientFirstName: 'Nora',
      patientLastName: 'Legacy',
      patientDOB: '03/03/1970',
      patientMemberId: 'OLD778899',
      patientRelationToSubscriber: 'Self',
    },
    resolvedDate: null,
    draft: [],
    status: 'Open',
    verificPlusInteralId: 'legacy-1',
    schemaVersion: 2,
  },
  schemaVersion: 2,
};

beforeAll(async () => {
  harness = await createHarness({ portalCredentials: ['deltadental', 'metdental', 'cigna'] });
  ids.maria = await harness.createFor('DD100200300');
  ids.diego = await harness.createFor('DD100200300', { dependent: 0 });
  ids.james = await harness.createFor('DPA55501234');
  ids.terminated = await harness.createFor('MET5500001');
  ids.emily = await harness.createFor('W123456789', { as: 'staffA2' });
  for (const [who, id] of Object.entries(ids)) await harness.settled(id, who === 'emily' ? 'staffA2' : 'staff');
  await harness.plant({ id: 'legacy-1', document: V2_TICKET, patient: V2_TICKET.ticket.integrationPatientInfo });
});
afterAll(() => harness.close());

describe('the search box (q)', () => {
  it.each([
    ['part of a first name, any case', 'MAR', ['Maria Lopez']],
    ['part of a last name', 'lop', ['Diego Lopez', 'Maria Lopez']],
    ['first and last name', 'maria lopez', ['Maria Lopez']],
    ['last and first name, extra blanks', '  lopez   maria ', ['Maria Lopez']],
    ['a whole member id, any case', 'dpa55501234', ['James Walker']],
    ['part of a member id', '5550123', ['James Walker']],
    ['a name the office does not have', 'chen', []],
    ['text that would be a pattern', '.*', []],
  ])('finds by %s', async (_what, q, expected) => {
    const page = await list(`?q=${encodeURIComponent(q)}&sort=patientName&order=asc`);
    expect(names(page).sort()).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('combines with the other filters and pages', async () => {
    const page = await list('?q=lopez&status=Pending&pageSize=1&page=2&sort=patientName&order=asc');
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(names(page)).toEqual(['Maria Lopez']);
    expect((await list('?q=lopez&carrier=65978')).total).toBe(0);
  });

  it('finds tickets stored before search summaries existed', async () => {
    expect(names(await list('?q=legacy'))).toEqual(['Nora Legacy']);
    expect(names(await list('?q=old7788'))).toEqual(['Nora Legacy']);
  });
});

describe('the history columns', () => {
  it('shows coverage status and who created each verification', async () => {
    const page = await list('?sort=patientName&order=asc');
    const row = (id: string) => page.items.find((item) => item.id === id)!;
    expect(row(ids.maria!)).toMatchObject({ coverageStatus: 'active', createdBy: USERS.staff.email });
    expect(row(ids.terminated!).coverageStatus).toBe('terminated');
    // Stored by an older service: migrated on read (coverage unknown), the creator's id in place of a name.
    expect(row('legacy-1')).toMatchObject({ coverageStatus: 'unknown', createdBy: 'user-legacy', ticketStatus: 'Open' });
  });

  it('names the creator as their sign-in did, or by id when the token has neither name nor email', async () => {
    const token = await harness.issuer.sign({ ...USERS.staff, name: '  Pat Frontdesk ' });
    const body = {
      patient: { patientFirstName: 'Zed', patientLastName: 'Named', patientDOB: '01/01/1990', patientMemberId: 'ZN12345', patientRelationToSubscriber: 'Self' },
      carrier: { payerId: '77777' },
    };
    const created = await harness.app.inject({ method: 'POST', url: '/api/verifications', headers: { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1' }, payload: body });
    expect(created.statusCode).toBe(201);
    expect((await list('?q=zed%20named')).items[0]).toMatchObject({ createdBy: 'Pat Frontdesk' });
    expect((await list('?q=chen', 'staffA2')).items[0]).toMatchObject({ createdBy: USERS.staffA2.sub });
  });

  it('keeps the row in step with each write of the ticket, without reading the ticket to list it', async () => {
    const rows = harness.store.collection(VERIFICATIONS_COLLECTION);
    // Created with an unknown coverage; the sources' answers were written by the job runner, and with them the row.
    expect(await rows.findById(ids.james!)).toMatchObject({ summary: { coverageStatus: 'active', ticketStatus: 'Pending', firstName: 'James' } });
    expect((await harness.call('POST', `/api/verifications/${ids.james}/submit`)).statusCode).toBe(200);
    expect(await rows.findById(ids.james!)).toMatchObject({ summary: { ticketStatus: 'Resolved', memberId: 'DPA55501234' } });
    expect((await list('?q=walker')).items[0]).toMatchObject({ status: 'Completed', ticketStatus: 'Resolved' });
    // The list answers from the summary: a row whose stored ticket would not even read still lists.
    await rows.update({ _id: ids.james! }, { set: { 'document.ticket.status': 42 } });
    expect((await list('?q=walker')).items[0]).toMatchObject({ ticketStatus: 'Resolved', coverageStatus: 'active' });
  });
});

describe('paging bounds', () => {
  it('answers a page past the end with no rows and the total', async () => {
    const page = await list('?pageSize=2&page=50');
    expect(page).toMatchObject({ items: [], page: 50, pageSize: 2 });
    expect(page.total).toBeGreaterThan(0);
    expect((await list('?pageSize=100&page=100000')).items).toEqual([]);
  });

  it.each([
    ['page', '?page=0'],
    ['page', '?page=-1'],
    ['page', '?page=1.5'],
    ['page', '?page=two'],
    ['page', '?page=100001'],
    ['page', '?page=1e308'],
    ['pageSize', '?pageSize=0'],
    ['pageSize', '?pageSize=101'],
    ['sort', '?sort=memberId'],
    ['order', '?order=up'],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query) => {
    const response = await harness.call('GET', `/api/verifications${query}`);
    expect(response.statusCode).toBe(400);
    expect(new Set(response.json<{ details: { path: string }[] }>().details.map((issue) => issue.path))).toEqual(new Set([field]));
  });
});

describe('filter validation', () => {
  it.each([
    ['from', '?from=yesterday'],
    ['from', '?from=2025-13-01'],
    ['to', '?to=2025-02-30'],
    ['to', '?to=02/01/2025'],
    ['from', '?from=2025-01-01T10:00:00'],
    ['status', '?status=Weird'],
    ['status', '?status=completed'],
    ['dob', '?dob=1985-04-12'],
    ['q', `?q=${'a'.repeat(101)}`],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query) => {
    const response = await harness.call('GET', `/api/verifications${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ statusCode: number; message: string; requestId: string; details: { path: string }[] }>();
    expect(body).toMatchObject({ statusCode: 400, requestId: expect.any(String) });
    expect(body.details.map((issue) => issue.path)).toContain(field);
  });

  it('refuses an end date before the start date, naming the end', async () => {
    const response = await harness.call('GET', '/api/verifications?from=2025-03-02&to=2025-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { path: string; message: string }[] }>().details).toEqual([
      expect.objectContaining({ path: 'to', message: VERIFICATION_DATE_ORDER_MESSAGE }),
    ]);
    expect((await harness.call('GET', '/api/verifications?from=2025-03-01&to=2025-03-01')).statusCode).toBe(200);
  });

  it('never answers a 500, whatever the query (generated cases)', async () => {
    const keys = fc.constantFrom('q', 'page', 'pageSize', 'status', 'from', 'to', 'carrier', 'sort', 'order', 'dob', 'memberId', 'patientName');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(keys, fc.string({ maxLength: 30 }), { maxKeys: 4 }), async (params) => {
        const response = await harness.call('GET', `/api/verifications?${new URLSearchParams(params).toString()}`);
        expect([200, 400]).toContain(response.statusCode);
      }),
      { numRuns: 80 },
    );
  });
});

describe('office isolation', () => {
  const OFFICE_A1_TEXT = ['Maria', 'Lopez', 'Diego', 'Walker', 'DD100200300', 'DPA55501234', 'Legacy'];

  it("never lists another office's or organization's tickets, whatever the search (generated cases)", async () => {
    const outsiders = fc.constantFrom<UserName>('staffA2', 'staffB', 'adminB');
    const search = fc.oneof(fc.constantFrom('', 'a', 'lopez', 'maria lopez', 'DD100', '100200300', 'legacy', 'o'), fc.string({ maxLength: 12 }));
    const status = fc.constantFrom(undefined, 'Pending', 'Completed', 'portalpending');
    await fc.assert(
      fc.asyncProperty(outsiders, search, status, fc.integer({ min: 1, max: 3 }), async (as, q, state, page) => {
        const params = new URLSearchParams({ q, page: String(page), pageSize: '5', ...(state === undefined ? {} : { status: state }) });
        const response = await harness.call('GET', `/api/verifications?${params.toString()}`, { as });
        expect(response.statusCode).toBe(200);
        const body = response.json<HistoryPage>();
        for (const item of body.items) expect(item.officeId).toBe(as === 'staffA2' ? 'office-a2' : 'office-b1');
        for (const text of OFFICE_A1_TEXT) expect(response.body).not.toContain(text);
      }),
      { numRuns: 60 },
    );
  });

  it('lists for a manager the office the header names, never their other one', async () => {
    const a2 = await list('?q=chen', 'staffmanager');
    expect(a2.total).toBe(0);
    const response = await harness.call('GET', '/api/verifications?q=chen', { as: 'staffmanager', office: 'office-a2' });
    expect(response.json<HistoryPage>().items.map((item) => item.id)).toEqual([ids.emily]);
    expect((await harness.call('GET', '/api/verifications?q=lopez', { as: 'staffmanager', office: 'office-b1' })).statusCode).toBe(403);
  });
});
