/**
 * Who re-verifies what: the roles of the /reverification pages only (SPEC section 2: superadministrator,
 * staffmanager, staff), in the gateway's table (contracts) and again by the service; an office user reaches their
 * office's verifications only, a company user their organization's; another's is "not found" and its patient never
 * appears. Every route is tried with generated users, office headers and search texts.
 */
import { apiAccess, hasAnyRole, type Page, PATHS, pageRoles, REVERIFICATION_ROLES, type ReverificationListItem } from '@dv/contracts';
import fc from 'fast-check';
import { readPdfText } from '../pdf/pdf-text';
import { createHarness, type Harness, type Response, USERS, type UserName } from '../testing/harness';

let harness: Harness;
const records: Record<'A1' | 'A2' | 'B1', { verificationId: string; id: string }> = {
  A1: { verificationId: '', id: '' },
  A2: { verificationId: '', id: '' },
  B1: { verificationId: '', id: '' },
};

/** Ruth Fischer in office-a1, Thomas Anderson in office-a2, Patricia Young in org B's office-b1 (GEHA: no portal). */
const PATIENTS = { A1: /Ruth|Fischer|GEHA2468013|10\/14\/1962/, A2: /Thomas|Anderson|GEHA1234567|03\/11\/1971/, B1: /Patricia|Young|GEHA7654321|07\/07\/1966/ };

async function started(memberId: string, as: UserName): Promise<{ verificationId: string; id: string }> {
  const verificationId = (await harness.settled(await harness.createFor(memberId, { as }), as)).id;
  const response = await harness.call('POST', '/api/reverifications', { as, body: { verificationId } });
  if (response.statusCode !== 201) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  return { verificationId, id: response.json<{ id: string }>().id };
}

beforeAll(async () => {
  harness = await createHarness();
  records.A1 = await started('GEHA2468013', 'staff');
  records.A2 = await started('GEHA1234567', 'staffA2');
  records.B1 = await started('GEHA7654321', 'staffB');
});
afterAll(() => harness.close());

async function textOf(response: Response): Promise<string> {
  return response.statusCode === 200 && response.headers['content-type'] === 'application/pdf' ? readPdfText(response.rawPayload) : response.body;
}

const rolesOf = (user: UserName): string[] => {
  const roles: readonly string[] | Readonly<Record<string, readonly string[]>> = USERS[user].roles;
  return Array.isArray(roles) ? [...(roles as readonly string[])] : Object.values(roles as Readonly<Record<string, readonly string[]>>).flat();
};

/** The records a user acting for an office (or none) may reach. */
function reachable(as: UserName, office: string | null | undefined): ('A1' | 'A2' | 'B1')[] {
  const user = USERS[as];
  const inOrg = (['A1', 'A2', 'B1'] as const).filter((key) => (key === 'B1' ? 'org-b' : 'org-a') === user.org);
  const officeOf = { A1: 'office-a1', A2: 'office-a2', B1: 'office-b1' } as const;
  const allowed: readonly string[] = user.allowedOfficeIds;
  if (allowed.length === 0) return inOrg; // a company user: the organization's (the header narrows the list only)
  const acting = office === undefined ? allowed[0] : office;
  return inOrg.filter((key) => officeOf[key] === acting);
}

describe('the re-verification routes, any user, any office header (generated cases)', () => {
  const users = Object.keys(USERS) as UserName[];
  const offices = fc.oneof(fc.constantFrom<string | null | undefined>(undefined, null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
  type RouteCase = { kind: 'detail' | 'pdf' | 'start'; record: 'A1' | 'A2' | 'B1' } | { kind: 'list'; q: string };
  const routes = fc.oneof(
    fc.tuple(fc.constantFrom('detail', 'pdf', 'start'), fc.constantFrom('A1', 'A2', 'B1')).map(([kind, record]): RouteCase => ({ kind, record })),
    fc.string({ maxLength: 30 }).map((q): RouteCase => ({ kind: 'list', q })),
  );

  it("never shows another office's or organization's patient, nor anything to a role outside /reverification", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), offices, routes, async (as, office, route) => {
        const headers = { as, ...(office === undefined ? {} : { office }) };
        const response =
          route.kind === 'list'
            ? await harness.call('GET', `/api/reverifications?q=${encodeURIComponent(route.q)}`, headers)
            : route.kind === 'start'
              ? await harness.call('POST', '/api/reverifications', { ...headers, body: { verificationId: records[route.record].verificationId } })
              : await harness.call('GET', `/api/reverifications/${records[route.record].id}${route.kind === 'pdf' ? '/pdf' : ''}`, headers);
        expect(response.statusCode).toBeLessThan(500);
        const mayRead = reachable(as, office);
        const text = await textOf(response);
        for (const key of ['A1', 'A2', 'B1'] as const) {
          if (!mayRead.includes(key)) expect(text).not.toMatch(PATIENTS[key]);
        }
        if (!hasAnyRole(rolesOf(as), REVERIFICATION_ROLES)) expect(response.statusCode).toBe(403);
        if (response.statusCode >= 300) return;
        if (route.kind === 'list') {
          const ids = response.json<Page<ReverificationListItem>>().items.map((item) => item.id);
          for (const id of ids) expect(mayRead.map((key) => records[key].id)).toContain(id);
        } else {
          expect(mayRead).toContain(route.record);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers 404 to another organization and another office, naming nothing', async () => {
    for (const [as, key] of [['staffB', 'A1'], ['staff', 'B1'], ['staff', 'A2'], ['superadministrator', 'B1']] as const) {
      const detail = await harness.call('GET', `/api/reverifications/${records[key].id}`, { as });
      expect({ as, key, status: detail.statusCode, message: detail.json<{ message: string }>().message }).toEqual({ as, key, status: 404, message: 'Re-verification not found' });
      const start = await harness.call('POST', '/api/reverifications', { as, body: { verificationId: records[key].verificationId } });
      expect({ as, key, status: start.statusCode }).toEqual({ as, key, status: 404 });
    }
  });

  it("the gateway's table gives the routes the roles of the /reverification pages (generated cases)", () => {
    const roleSets = fc.uniqueArray(fc.constantFrom('superadministrator', 'staffmanager', 'staff', 'admin', 'agent', 'groupmanager', 'groupmember', 'doregistration', 'goduser'), { maxLength: 3 });
    const ids = fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/);
    fc.assert(
      fc.property(roleSets, ids, fc.constantFrom('', '/pdf'), (roles, id, suffix) => {
        const expected = hasAnyRole(roles, pageRoles(PATHS.reverificationDetail)) ? 'allowed' : 'forbidden';
        expect(apiAccess('GET', `/api/reverifications/${id}${suffix}`, roles)).toBe(expected);
        expect(apiAccess('GET', '/api/reverifications', roles)).toBe(hasAnyRole(roles, pageRoles(PATHS.reverification)) ? 'allowed' : 'forbidden');
        expect(apiAccess('POST', '/api/reverifications', roles)).toBe(hasAnyRole(roles, REVERIFICATION_ROLES) ? 'allowed' : 'forbidden');
      }),
    );
  });

  it('refuses a call without a token', async () => {
    for (const url of ['/api/reverifications', `/api/reverifications/${records.A1.id}`, `/api/reverifications/${records.A1.id}/pdf`]) {
      expect((await harness.call('GET', url, { as: null })).statusCode).toBe(401);
    }
  });
});
