/**
 * GET /api/management/stats on a seeded store with known answers: the figures, whose they are (an office user's
 * office, a super administrator's organization), who is refused (every role outside /management/stats: 403), and
 * what bad query is refused (400 naming the field, never 500), with generated cases for the classes of input.
 */
import { PATHS, pageRoles, ROLES, STATS_MESSAGES, type StatsReply } from '@dv/contracts';
import { TEST_USERS } from '@dv/kit/testing';
import fc from 'fast-check';
import { DELTA, figuresOf, past, REJECTED_72, REJECTED_75, statsHarness, type StatsHarness } from './stats-testing';

const RANGE = 'from=2026-03-02&to=2026-03-05';
const S = 1000;

let h: StatsHarness;

beforeAll(async () => {
  h = await statsHarness([
    past('office-a1', '2026-03-02T14:00:00Z', { readyAfterMs: 10 * S }),
    past('office-a1', '2026-03-02T15:00:00Z', {
      carrier: DELTA,
      outcomes: { clearinghouse: { outcome: 'success', reason: null }, portal: { outcome: 'success', reason: null } },
      readyAfterMs: 60 * S,
    }),
    past('office-a1', '2026-03-03T16:00:00Z', {
      outcomes: { clearinghouse: { outcome: 'rejected', reason: REJECTED_75 } },
      readyAfterMs: 20 * S,
      outsourced: { afterMs: 60 * S, status: 'Open' },
    }),
    past('office-a1', '2026-03-03T17:00:00Z', {
      carrier: DELTA,
      outcomes: { clearinghouse: { outcome: 'rejected', reason: REJECTED_75 }, portal: { outcome: 'error', reason: 'The portal did not accept the login' } },
      readyAfterMs: 30 * S,
    }),
    past('office-a1', '2026-03-04T18:00:00Z', {
      carrier: DELTA,
      outcomes: { clearinghouse: { outcome: 'success', reason: null }, portal: { outcome: 'error', reason: 'The portal did not accept the login' } },
      readyAfterMs: 40 * S,
      outsourced: { afterMs: 60 * S, status: 'Resolved' },
    }),
    // 10 pm in New York on March 4th.
    past('office-a1', '2026-03-05T03:00:00Z', { readyAfterMs: 50 * S }),
    // Before the range.
    past('office-a1', '2026-02-20T14:00:00Z'),
    past('office-a2', '2026-03-03T14:00:00Z', { outcomes: { clearinghouse: { outcome: 'rejected', reason: REJECTED_72 } }, readyAfterMs: 5 * S }),
    past('office-b1', '2026-03-03T14:00:00Z', { readyAfterMs: 15 * S }),
    past('office-b1', '2026-03-04T14:00:00Z', {
      outcomes: { clearinghouse: { outcome: 'rejected', reason: 'AAA 73 Invalid/missing subscriber/insured name (Please correct and resubmit)' } },
      outsourced: { afterMs: S, status: 'Pending' },
    }),
  ]);
});
afterAll(() => h.close());

const SUPER_B = { sub: 'user-super-b', email: 'super@b.test', org: 'org-b', roles: ['superadministrator'], allowedOfficeIds: [] };

describe('the figures, with known answers', () => {
  it("a super administrator's: every office of the organization", async () => {
    const figures = figuresOf(await h.stats(RANGE, 'superadministrator'));
    expect(figures).toEqual<StatsReply>({
      from: '2026-03-02',
      to: '2026-03-05',
      timeZone: 'UTC',
      officeId: null,
      totals: { verifications: 7, ready: 7, readyWithoutAgent: 3, outsourced: 2 },
      readyWithoutAgentShare: 3 / 7,
      timeToReady: { count: 7, medianMs: 30 * S, p90Ms: 54 * S },
      perDay: [
        { day: '2026-03-02', verifications: 2, readyWithoutAgent: 2, outsourced: 0 },
        { day: '2026-03-03', verifications: 3, readyWithoutAgent: 0, outsourced: 1 },
        { day: '2026-03-04', verifications: 1, readyWithoutAgent: 0, outsourced: 1 },
        { day: '2026-03-05', verifications: 1, readyWithoutAgent: 1, outsourced: 0 },
      ],
      sources: [
        { source: 'clearinghouse', jobs: 7, success: 4, rejected: 3, error: 0, unfinished: 0, successRate: 4 / 7 },
        { source: 'portal', jobs: 3, success: 1, rejected: 0, error: 2, unfinished: 0, successRate: 1 / 3 },
      ],
      rejectionReasons: [
        { reason: REJECTED_75, count: 2 },
        { reason: REJECTED_72, count: 1 },
      ],
      outsourcedByStatus: [
        { status: 'Open', count: 1 },
        { status: 'Resolved', count: 1 },
      ],
      truncated: false,
    });
  });

  it("counts days by the office's clock", async () => {
    const figures = figuresOf(await h.stats('from=2026-03-02&to=2026-03-04&timeZone=America/New_York', 'superadministrator'));
    expect(figures.perDay.map((day) => [day.day, day.verifications])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-03', 3],
      ['2026-03-04', 2],
    ]);
    expect(figures.totals.verifications).toBe(7);
  });

  it('narrows to one office when asked', async () => {
    const figures = figuresOf(await h.stats(`${RANGE}&officeId=office-a2`, 'superadministrator'));
    expect(figures).toMatchObject({ officeId: 'office-a2', totals: { verifications: 1, ready: 1, readyWithoutAgent: 0, outsourced: 0 } });
    expect(figures.rejectionReasons).toEqual([{ reason: REJECTED_72, count: 1 }]);
  });

  it('an empty range has zeros and no shares', async () => {
    const figures = figuresOf(await h.stats('from=2025-01-01&to=2025-01-03', 'superadministrator'));
    expect(figures).toMatchObject({
      totals: { verifications: 0, ready: 0, readyWithoutAgent: 0, outsourced: 0 },
      readyWithoutAgentShare: null,
      timeToReady: { count: 0, medianMs: null, p90Ms: null },
      rejectionReasons: [],
      outsourcedByStatus: [],
    });
    expect(figures.perDay).toHaveLength(3);
    expect(figures.sources.map((source) => source.successRate)).toEqual([null, null]);
  });
});

describe('whose figures', () => {
  it("an office user's are the office they act for", async () => {
    expect(figuresOf(await h.stats(RANGE, 'staff', 'office-a1')).totals.verifications).toBe(6);
    expect(figuresOf(await h.stats(`${RANGE}&officeId=office-a1`, 'staff', 'office-a1')).officeId).toBe('office-a1');
  });

  it('a staff manager of two offices picks among theirs by acting for it', async () => {
    expect(figuresOf(await h.stats(RANGE, 'staffmanager', 'office-a1')).totals.verifications).toBe(6);
    const second = figuresOf(await h.stats(RANGE, 'staffmanager', 'office-a2'));
    expect(second).toMatchObject({ officeId: 'office-a2', totals: { verifications: 1 } });
  });

  it('an office user naming another office, or acting for none, is refused', async () => {
    for (const [as, office, officeId, message] of [
      ['staffmanager', 'office-a1', 'office-a2', STATS_MESSAGES.otherOffice],
      ['staff', 'office-a1', 'office-b1', STATS_MESSAGES.otherOffice],
      ['staff', undefined, undefined, STATS_MESSAGES.noOffice],
    ] as const) {
      const response = await h.stats(`${RANGE}${officeId === undefined ? '' : `&officeId=${officeId}`}`, as, office);
      expect({ as, status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ as, status: 403, message });
    }
  });

  it('an office header for an office not theirs is refused before anything is read', async () => {
    expect((await h.stats(RANGE, 'staff', 'office-a2')).statusCode).toBe(403);
    expect((await h.stats(RANGE, 'staffB', 'office-a1')).statusCode).toBe(403);
  });

  it("another organization's office has no figures for a super administrator, and theirs are their organization's", async () => {
    const other = figuresOf(await h.stats(`${RANGE}&officeId=office-b1`, 'superadministrator'));
    expect(other.totals).toEqual({ verifications: 0, ready: 0, readyWithoutAgent: 0, outsourced: 0 });
    const orgB = figuresOf(await h.stats(RANGE, SUPER_B));
    expect(orgB.totals).toEqual({ verifications: 2, ready: 2, readyWithoutAgent: 1, outsourced: 1 });
    expect(orgB.rejectionReasons.map((reason) => reason.reason)).toEqual([expect.stringContaining('AAA 73')]);
    expect(figuresOf(await h.stats(`${RANGE}&officeId=office-a1`, SUPER_B)).totals.verifications).toBe(0);
  });
});

describe('who is refused', () => {
  const allowed = pageRoles(PATHS.managementStats);
  const refused = ROLES.filter((role) => !allowed.includes(role));

  it('lets exactly the roles of /management/stats through', () => {
    expect([...allowed].sort()).toEqual(['staff', 'staffmanager', 'superadministrator']);
  });

  it.each(refused)('refuses %s with 403', async (role) => {
    const claims = { sub: `user-${role}`, org: 'org-a', roles: [role], allowedOfficeIds: ['office-a1'] };
    const response = await h.stats(RANGE, claims, 'office-a1');
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toMatch(/Statsperson|verifications/);
  });

  it('refuses the test users whose roles are not the page\'s, and a call without a token', async () => {
    for (const user of ['agent', 'admin', 'groupmanager', 'groupmember', 'doregistration', 'goduser', 'adminB'] as const) {
      const office = (TEST_USERS[user].allowedOfficeIds as readonly string[])[0];
      expect({ user, status: (await h.stats(RANGE, user, office)).statusCode }).toEqual({ user, status: 403 });
    }
    expect((await h.stats(RANGE, null)).statusCode).toBe(401);
  });

  it('an office role keyed to another office does not count', async () => {
    const claims = { sub: 'user-mixed', org: 'org-a', roles: { 'office-a1': ['groupmember'], 'office-a2': ['staff'] }, allowedOfficeIds: ['office-a1', 'office-a2'] };
    expect((await h.stats(RANGE, claims, 'office-a1')).statusCode).toBe(403);
    expect(figuresOf(await h.stats(RANGE, claims, 'office-a2')).totals.verifications).toBe(1);
  });
});

describe('validation', () => {
  const fieldsOf = (body: string): string[] =>
    ((JSON.parse(body) as { details?: { path?: string | string[] }[] }).details ?? []).map((detail) =>
      Array.isArray(detail.path) ? detail.path.join('.') : String(detail.path ?? ''),
    );

  it.each([
    ['no dates', '', ['from', 'to']],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', ['from']],
    ['a date in another format', 'from=03/01/2026&to=2026-03-05', ['from']],
    ['a reversed range', 'from=2026-03-05&to=2026-03-01', ['to']],
    ['more than 366 days', 'from=2025-01-01&to=2026-01-02', ['to']],
    ['an unknown time zone', `${RANGE}&timeZone=Mars/Olympus_Mons`, ['timeZone']],
    ['a time zone too long', `${RANGE}&timeZone=${'A'.repeat(80)}`, ['timeZone']],
    ['an office id of another shape', `${RANGE}&officeId=${encodeURIComponent('office a1;')}`, ['officeId']],
  ])('%s: 400 naming the field', async (_case, query, fields) => {
    const response = await h.stats(query, 'superadministrator');
    expect(response.statusCode).toBe(400);
    const named = fieldsOf(response.body);
    for (const field of fields) expect(named.some((path) => path.endsWith(field))).toBe(true);
  });

  it('takes exactly 366 days, a leap year included', async () => {
    expect((await h.stats('from=2024-01-01&to=2024-12-31', 'superadministrator')).statusCode).toBe(200);
    expect(figuresOf(await h.stats('from=2025-03-01&to=2026-03-01', 'superadministrator')).perDay).toHaveLength(366);
  });

  it('any pair of days: 200 when ordered and at most 366 days apart, else 400 on `to` (generated cases)', async () => {
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(day, fc.integer({ min: -400, max: 400 }), async (from, offset) => {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
        const response = await h.stats(`from=${from}&to=${to}`, 'superadministrator');
        const valid = offset >= 0 && offset < 366;
        expect({ offset, status: response.statusCode }).toEqual({ offset, status: valid ? 200 : 400 });
        if (!valid) expect(fieldsOf(response.body)).toContain('to');
      }),
      { numRuns: 60 },
    );
  });

  it('any query text is a 200 or a 400, never a 500, and never an echo of a patient (generated cases)', async () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('2026-03-02', '2026-13-01', '', '0000-00-00', 'UTC', 'Europe/Paris'));
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (from, to, timeZone, officeId) => {
        const query = new URLSearchParams({ from, to, timeZone, officeId }).toString();
        const response = await h.stats(query, 'superadministrator');
        expect([200, 400]).toContain(response.statusCode);
        expect(response.body).not.toMatch(/Statsperson|STATS0/);
      }),
      { numRuns: 80 },
    );
  });
});
