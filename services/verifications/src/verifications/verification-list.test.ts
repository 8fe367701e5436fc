/** GET /api/verifications: the current office's verifications, filtered, sorted and paged. */
import { type Page, type VerificationListItem } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';

let harness: Harness;
const ids: Record<string, string> = {};

function names(page: Page<VerificationListItem>): string[] {
  return page.items.map((item) => `${item.patient.lastName} ${item.patient.firstName}`);
}

async function list(query: string): Promise<Page<VerificationListItem>> {
  const response = await harness.call('GET', `/api/verifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<VerificationListItem>>();
}

/** The UTC day the verifications were created on (they all were within a second), shifted by days. */
let createdOn = 0;
function isoDay(offsetDays: number): string {
  return new Date(createdOn + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  // office-a1 has the portal logins its patients' carriers need.
  harness = await createHarness({ portalCredentials: ['deltadental', 'metdental', 'cigna'] });
  ids.maria = await harness.createFor('DD100200300');
  ids.diego = await harness.createFor('DD100200300', { dependent: 0 });
  ids.james = await harness.createFor('DPA55501234');
  ids.aisha = await harness.createFor('MET884412');
  ids.olivia = await harness.createFor('U4471190201');
  ids.emily = await harness.createFor('W123456789', { as: 'staffA2' });
  for (const [who, id] of Object.entries(ids)) await harness.settled(id, who === 'emily' ? 'staffA2' : 'staff');
  expect((await harness.call('POST', `/api/verifications/${ids.aisha}/submit`)).statusCode).toBe(200);
  createdOn = Date.parse((await list('?sort=createdAt&order=asc&pageSize=1')).items[0]!.createdAt);
});
afterAll(() => harness.close());

it('lists the office’s verifications, newest first, with jobs and scores', async () => {
  const page = await list('');
  expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
  expect(page.items.map((item) => item.id)).toEqual([ids.olivia, ids.aisha, ids.james, ids.diego, ids.maria]);
  const maria = page.items.find((item) => item.id === ids.maria)!;
  expect(maria).toMatchObject({
    officeId: 'office-a1',
    status: 'Pending',
    ticketStatus: 'Pending',
    patient: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', memberId: 'DD100200300' },
    carrier: { payerId: '77777', name: 'Delta Dental of California' },
    readyAt: expect.any(String),
    submittedAt: null,
  });
  expect(maria.planScore).toBeGreaterThanOrEqual(1);
  expect(maria.jobs.map((job) => [job.source, job.status, job.outcome])).toEqual([
    ['clearinghouse', 'done', 'success'],
    ['portal', 'done', 'success'],
  ]);
});

it.each([
  ['part of a last name, any case', '?patientName=LOP', ['Lopez Diego', 'Lopez Maria']],
  ['first and last name', '?patientName=maria%20lopez', ['Lopez Maria']],
  ['last and first name', '?patientName=lopez%20maria', ['Lopez Maria']],
  ['date of birth', '?dob=06/02/2014', ['Lopez Diego']],
  ['member id, any case', '?memberId=dpa55501234', ['Walker James']],
  ['carrier', '?carrier=65978', ['Khan Aisha']],
  ['status', '?status=Completed', ['Khan Aisha']],
  ['status and name together', '?status=Pending&patientName=o', ['Brown Olivia', 'Lopez Diego', 'Lopez Maria']],
])('filters by %s', async (_filter, query, expected) => {
  const page = await list(`${query}${query.includes('?') ? '&' : '?'}sort=patientName&order=asc`);
  expect(names(page)).toEqual(expected);
  expect(page.total).toBe(expected.length);
});

it('filters by creation date range, days inclusive', async () => {
  expect((await list(`?from=${isoDay(0)}`)).total).toBe(5);
  expect((await list(`?to=${isoDay(0)}`)).total).toBe(5);
  expect((await list(`?from=${isoDay(1)}`)).total).toBe(0);
  expect((await list(`?to=${isoDay(-1)}`)).total).toBe(0);
  expect((await list(`?from=${isoDay(-1)}T00:00:00Z&to=${isoDay(1)}T00:00:00Z`)).total).toBe(5);
});

it('sorts by name, date of birth and carrier in either order', async () => {
  expect(names(await list('?sort=patientName&order=asc'))).toEqual(['Brown Olivia', 'Khan Aisha', 'Lopez Diego', 'Lopez Maria', 'Walker James']);
  expect(names(await list('?sort=patientName&order=desc'))).toEqual(['Walker James', 'Lopez Maria', 'Lopez Diego', 'Khan Aisha', 'Brown Olivia']);
  expect(names(await list('?sort=dob&order=asc'))).toEqual(['Walker James', 'Lopez Maria', 'Brown Olivia', 'Khan Aisha', 'Lopez Diego']);
  expect((await list('?sort=carrier&order=asc')).items.map((item) => item.carrier.name)).toEqual([
    'Cigna Dental',
    'Delta Dental of California',
    'Delta Dental of California',
    'Delta Dental of Pennsylvania',
    'MetLife Dental',
  ]);
});

it('pages without overlaps or gaps', async () => {
  const first = await list('?sort=patientName&order=asc&pageSize=2');
  const second = await list('?sort=patientName&order=asc&pageSize=2&page=2');
  const third = await list('?sort=patientName&order=asc&pageSize=2&page=3');
  expect([names(first), names(second), names(third)]).toEqual([
    ['Brown Olivia', 'Khan Aisha'],
    ['Lopez Diego', 'Lopez Maria'],
    ['Walker James'],
  ]);
  expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  const named = await list('?patientName=lopez&pageSize=1&page=2&sort=patientName&order=asc');
  expect(names(named)).toEqual(['Lopez Maria']);
  expect(named.total).toBe(2);
});

it.each(['?status=Weird', '?dob=1985-04-12', '?sort=ssn', '?pageSize=500', '?from=yesterday'])('refuses the query %s', async (query) => {
  expect((await harness.call('GET', `/api/verifications${query}`)).statusCode).toBe(400);
});
