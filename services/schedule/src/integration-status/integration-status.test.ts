/**
 * GET /api/management/integrations/status: each read of a day is recorded through whichever adapter served it
 * (the day page here; batches and nightly runs read through the same adapters), success with its day and count,
 * failure with the adapter's words and a count, a later success clearing the count; the roles of
 * /management/integrations in the gateway's table and again in the service; an organization's admin sees only its
 * offices, for generated users and office lists; bad queries are 400s; no patient data is kept or answered.
 */
import { apiAccess, hasAnyRole, IntegrationStatusReply, INTEGRATION_STATUS_ROLES, ROLES } from '@dv/contracts';
import { TEST_OFFICE_ORGS } from '@dv/kit/testing';
import fc from 'fast-check';
import { PracticeManagementError, type PracticeDay, type PracticeManagement } from '../practice/practice-management';
import { createHarness, type Harness, USERS, type UserName } from '../testing/harness';
import { INTEGRATION_STATUS_COLLECTION } from './integration-status.store';
import { NO_ANSWER_IN_TIME, readErrorText, UNREADABLE } from './read-status';

const DAY = '2026-12-01';
const PATIENT = /Quintessa|Applebaum|Q1UNIQ0001|01\/02\/1950/;

/** office-a1's NexHealth: one patient, two appointments of which one cancelled; or down, when told. */
let nexHealthDown = false;
const oneDay = (date: string): PracticeDay => ({
  appointments: [
    { id: `a1-${date}-1`, patientId: 'p1', date, start: '09:00', durationMinutes: 30, provider: 'Dr. Quill', operatory: null, cancelled: false },
    { id: `a1-${date}-2`, patientId: 'p1', date, start: '11:00', durationMinutes: 30, provider: 'Dr. Quill', operatory: null, cancelled: true },
  ],
  patients: [{ id: 'p1', firstName: 'Quintessa', lastName: 'Applebaum', dob: '01/02/1950', coverages: [{ rank: 'primary', payerId: '77777', carrierName: 'Delta', memberId: 'Q1UNIQ0001', relationToSubscriber: 'Self', subscriber: null, cob: null }] }],
  procedures: [],
  upcoming: [],
});
const nexHealth: PracticeManagement = {
  kind: 'nexHealth',
  day: (_office, date) => (nexHealthDown ? Promise.reject(new PracticeManagementError('NexHealth could not be reached', true)) : Promise.resolve(oneDay(date))),
  writeBack: () => Promise.resolve(),
};

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({ options: { nexHealth } });
});
afterAll(() => harness.close());

async function statuses(as: UserName, officeIds: string): Promise<IntegrationStatusReply> {
  const response = await harness.call('GET', `/api/management/integrations/status?officeIds=${officeIds}`, { as, office: null });
  expect(response.statusCode).toBe(200);
  return IntegrationStatusReply.parse(response.json());
}

describe('what a read of a day leaves', () => {
  it('records success, failures counted with the adapter words, and a later success', async () => {
    expect((await statuses('admin', 'office-a1')).offices).toEqual([]);

    expect((await harness.call('GET', `/api/schedule/${DAY}`, { as: 'staff' })).statusCode).toBe(200);
    let a1 = (await statuses('admin', 'office-a1')).offices[0];
    expect(a1).toMatchObject({ officeId: 'office-a1', source: 'nexHealth', lastSuccessDay: DAY, lastAppointments: 1, lastError: null, failuresSinceSuccess: 0 });
    expect(a1?.lastSuccessAt).toEqual(expect.any(String));

    nexHealthDown = true;
    expect((await harness.call('GET', `/api/schedule/${DAY}`, { as: 'staff' })).statusCode).toBe(503);
    expect((await harness.call('GET', '/api/schedule/2026-12-02', { as: 'staff' })).statusCode).toBe(503);
    a1 = (await statuses('superadministrator', 'office-a1')).offices[0];
    expect(a1).toMatchObject({ lastError: 'NexHealth could not be reached', failuresSinceSuccess: 2, lastSuccessDay: DAY, lastAppointments: 1 });

    nexHealthDown = false;
    expect((await harness.call('GET', '/api/schedule/2026-12-03', { as: 'staff' })).statusCode).toBe(200);
    a1 = (await statuses('admin', 'office-a1')).offices[0];
    expect(a1).toMatchObject({ lastSuccessDay: '2026-12-03', failuresSinceSuccess: 0, lastError: 'NexHealth could not be reached' });
  });

  it('says when this service has NexHealth and which adapter served each office', async () => {
    expect((await harness.call('GET', `/api/schedule/${DAY}`, { as: 'staffB' })).statusCode).toBe(200);
    const reply = await statuses('adminB', 'office-b1');
    expect(reply.sandboxPractice).toBe(false);
    expect(reply.offices).toEqual([expect.objectContaining({ officeId: 'office-b1', source: 'nexHealth' })]);
  });

  it('keeps and answers no patient data', async () => {
    const stored = JSON.stringify(await harness.store.collection(INTEGRATION_STATUS_COLLECTION).find({}));
    expect(stored).not.toMatch(PATIENT);
    const answer = await harness.call('GET', '/api/management/integrations/status?officeIds=office-a1,office-b1', { as: 'admin', office: null });
    expect(answer.body).not.toMatch(PATIENT);
  });

  it("keeps an error's own words only when the adapter wrote them", () => {
    expect(readErrorText(new PracticeManagementError('NexHealth answered 503 for appointments', true))).toBe('NexHealth answered 503 for appointments');
    expect(readErrorText(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe(NO_ANSWER_IN_TIME);
    expect(readErrorText(new Error('Maria Lopez 01/02/1950 was not found'))).toBe(UNREADABLE);
    expect(readErrorText(new PracticeManagementError('x'.repeat(1000), false))).toHaveLength(300);
  });
});

describe('who reads it', () => {
  const refused = (Object.keys(USERS) as UserName[]).filter((user) => !['admin', 'adminB', 'superadministrator'].includes(user));
  it.each(refused)('%s is refused (403)', async (as) => {
    for (const office of [null, undefined]) {
      const response = await harness.call('GET', '/api/management/integrations/status?officeIds=office-a1', { as, office });
      expect(response.statusCode).toBe(403);
    }
  });

  it('the test users hold every role but the two that may read', () => {
    const held = new Set((Object.keys(USERS) as UserName[]).filter((user) => refused.includes(user)).flatMap((user) => {
      const roles: readonly string[] | Readonly<Record<string, readonly string[]>> = USERS[user].roles;
      return Array.isArray(roles) ? [...(roles as readonly string[])] : Object.values(roles as Readonly<Record<string, readonly string[]>>).flat();
    }));
    expect(ROLES.filter((role) => !held.has(role)).sort()).toEqual([...INTEGRATION_STATUS_ROLES].sort());
  });

  it('an admin sees the offices of their organization only, for generated users and office lists', async () => {
    const users = Object.keys(USERS) as UserName[];
    const officeLists = fc.subarray(['office-a1', 'office-a2', 'office-b1', 'office-zz']);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), officeLists, async (as, asked) => {
        const roles: readonly string[] = Array.isArray(USERS[as].roles) ? (USERS[as].roles as readonly string[]) : [];
        const response = await harness.call('GET', `/api/management/integrations/status?officeIds=${asked.join(',')}`, { as, office: null });
        const mayRead = hasAnyRole(roles, INTEGRATION_STATUS_ROLES);
        expect(apiAccess('GET', '/api/management/integrations/status', roles)).toBe(mayRead ? 'allowed' : 'forbidden');
        if (!mayRead) {
          expect(response.statusCode).toBe(403);
          return;
        }
        const seen = IntegrationStatusReply.parse(response.json()).offices.map((office) => office.officeId);
        for (const officeId of seen) expect([officeId, TEST_OFFICE_ORGS[officeId]]).toEqual([officeId, USERS[as].org]);
        expect(seen.every((officeId) => asked.includes(officeId))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});

describe('bad queries', () => {
  it.each([
    ['101 offices', Array.from({ length: 101 }, (_, index) => `office-${index}`).join(',')],
    ['an id with a space', 'office%20a1'],
    ['an id with a slash', 'office%2Fa1'],
  ])('%s: 400 naming officeIds', async (_name, officeIds) => {
    const response = await harness.call('GET', `/api/management/integrations/status?officeIds=${officeIds}`, { as: 'admin', office: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [expect.objectContaining({ path: expect.stringContaining('officeIds') })] });
  });

  it('never answers 500 to generated query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const response = await harness.call('GET', `/api/management/integrations/status?officeIds=${encodeURIComponent(text)}`, { as: 'admin', office: null });
        expect([200, 400]).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});
