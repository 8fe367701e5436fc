/**
 * Whose figures anyone sees, with generated users, office headers and office ids asked for: each office holds a
 * number of verifications no sum of the others makes (office-a1 1, office-a2 2, office-b1 4), so the total a reply
 * counts tells exactly whose verifications it counted. An office user counts only the office they act for; a super
 * administrator only their organization's offices; everyone else is refused.
 */
import { hasAnyRole, STATS_ROLES, type StatsReply } from '@dv/contracts';
import { TEST_USERS, type TestUserName } from '@dv/kit/testing';
import fc from 'fast-check';
import { past, statsHarness, type StatsHarness } from './stats-testing';

const COUNTS: Readonly<Record<string, number>> = { 'office-a1': 1, 'office-a2': 2, 'office-b1': 4 };
const ORG_OF: Readonly<Record<string, string>> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };

let h: StatsHarness;

beforeAll(async () => {
  h = await statsHarness(
    Object.entries(COUNTS).flatMap(([office, count]) =>
      Array.from({ length: count }, (_, index) => past(office, `2026-05-0${index + 1}T15:00:00Z`)),
    ),
  );
});
afterAll(() => h.close());

type Claims = { sub: string; org: string; roles: readonly string[] | Readonly<Record<string, readonly string[]>>; allowedOfficeIds: readonly string[] };

const USERS: Readonly<Record<string, Claims>> = {
  ...(TEST_USERS as Readonly<Record<TestUserName, Claims>>),
  superB: { sub: 'user-super-b', org: 'org-b', roles: ['superadministrator'], allowedOfficeIds: [] },
  managerB: { sub: 'user-manager-b', org: 'org-b', roles: { 'office-b1': ['staffmanager'] }, allowedOfficeIds: ['office-b1'] },
};

function rolesAt(user: Claims, office: string | undefined): readonly string[] {
  if (Array.isArray(user.roles)) return user.roles as readonly string[];
  return office === undefined ? [] : ((user.roles as Readonly<Record<string, readonly string[]>>)[office] ?? []);
}

/** How many verifications the reply may count, or 'refused'. */
function expected(user: Claims, header: string | undefined, officeId: string | undefined): number | 'refused' {
  const company = Array.isArray(user.roles) && (user.roles as readonly string[]).includes('superadministrator');
  if (company) {
    if (header !== undefined && ORG_OF[header] !== user.org) return 'refused';
    if (officeId !== undefined) return ORG_OF[officeId] === user.org ? (COUNTS[officeId] ?? 0) : 0;
    return Object.entries(COUNTS).reduce((sum, [office, count]) => sum + (ORG_OF[office] === user.org ? count : 0), 0);
  }
  if (header === undefined || !user.allowedOfficeIds.includes(header)) return 'refused';
  if (!hasAnyRole(rolesAt(user, header), STATS_ROLES)) return 'refused';
  if (officeId !== undefined && officeId !== header) return 'refused';
  return COUNTS[header] ?? 0;
}

describe('isolation (generated cases)', () => {
  const offices = fc.oneof(fc.constantFrom<string | undefined>(undefined, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,12}$/));

  it("nobody counts a verification of an office or organization not theirs; other roles are refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(USERS)), offices, offices, async (name, header, officeId) => {
        const user = USERS[name] as Claims;
        const query = `from=2026-05-01&to=2026-05-07${officeId === undefined ? '' : `&officeId=${officeId}`}`;
        const response = await h.stats(query, { ...user }, header);
        const wanted = expected(user, header, officeId);
        if (wanted === 'refused') {
          expect({ name, header, officeId, status: response.statusCode }).toEqual({ name, header, officeId, status: 403 });
          expect(response.body).not.toMatch(/perDay|Statsperson/);
          return;
        }
        expect({ name, header, officeId, status: response.statusCode }).toEqual({ name, header, officeId, status: 200 });
        const figures = response.json<StatsReply>();
        expect({ name, header, officeId, total: figures.totals.verifications }).toEqual({ name, header, officeId, total: wanted });
        expect(figures.perDay.reduce((sum, day) => sum + day.verifications, 0)).toBe(wanted);
      }),
      { numRuns: 200 },
    );
  });
});
