/**
 * Who reads the plan library: the organization's plans are shared by its offices, so an office reads the plans
 * of another office's patients, but never anything about those patients (names, dates of birth, member ids,
 * remaining amounts); another organization never finds nor reads them; roles outside the /plan pages are refused,
 * in the gateway's table (contracts) and again by the service. Every plan route is tried with generated users,
 * office headers and search texts.
 */
import { apiAccess, hasAnyRole, type Page, PATHS, pageRoles, type PlanLibraryItem } from '@dv/contracts';
import fc from 'fast-check';
import { readPdfText } from '../pdf/pdf-text';
import { createHarness, type Harness, type Response, USERS, type UserName } from '../testing/harness';

let harness: Harness;
/** Org A's plans: verified in office-a1 (Delta Dental) and in office-a2 (MetLife). */
let planA1: string;
let planA2: string;
/** Org B's plan (Delta Dental, the same group as org A's). */
let planB1: string;

/** The verified patients: Maria Lopez in office-a1, Aisha Khan in office-a2, Maria Lopez again in org B. */
const PATIENT_DATA = /Maria|Lopez|DD100200300|04\/12\/1985|1985-04-12|Aisha|Khan|MET884412|12\/05\/1990|1990-12-05|insuranceRemaining|deductibleRemaining|integrationPatientInfo/;
const PLAN_ROLES = pageRoles(PATHS.plan);

beforeAll(async () => {
  harness = await createHarness();
  planA1 = (await harness.settled(await harness.createFor('DD100200300'))).planId!;
  planA2 = (await harness.settled(await harness.createFor('MET884412', { as: 'staffA2' }), 'staffA2')).planId!;
  planB1 = (await harness.settled(await harness.createFor('DD100200300', { as: 'staffB' }), 'staffB')).planId!;
});
afterAll(() => harness.close());

/** What a reply says, as a reader sees it: the PDF's text, else the body. */
async function textOf(response: Response): Promise<string> {
  return response.statusCode === 200 && response.headers['content-type'] === 'application/pdf' ? readPdfText(response.rawPayload) : response.body;
}

const orgOf = (user: UserName) => USERS[user].org;
const rolesOf = (user: UserName): string[] => {
  const roles: readonly string[] | Readonly<Record<string, readonly string[]>> = USERS[user].roles;
  return Array.isArray(roles) ? [...(roles as readonly string[])] : Object.values(roles as Readonly<Record<string, readonly string[]>>).flat();
};

describe('the plan routes, any user, any office header (generated cases)', () => {
  const users = Object.keys(USERS) as UserName[];
  const offices = fc.oneof(fc.constantFrom<string | null | undefined>(undefined, null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
  type RouteCase = { kind: 'detail' | 'pdf'; plan: 'A1' | 'A2' | 'B1' } | { kind: 'search'; q: string };
  const routes = fc.oneof(
    fc.tuple(fc.constantFrom('detail', 'pdf'), fc.constantFrom('A1', 'A2', 'B1')).map(([kind, plan]): RouteCase => ({ kind, plan })),
    fc.string({ maxLength: 30 }).map((q): RouteCase => ({ kind: 'search', q })),
  );
  const idOf = (plan: string) => ({ A1: planA1, A2: planA2, B1: planB1 })[plan]!;

  it('never shows a patient, nor one organization a plan of another, nor a plan to a role outside /plan', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), offices, routes, async (as, office, route) => {
        const url =
          route.kind === 'search'
            ? `/api/plans?q=${encodeURIComponent(route.q)}`
            : `/api/plans/${idOf(route.plan)}${route.kind === 'pdf' ? '/pdf' : ''}`;
        const response = await harness.call('GET', url, { as, ...(office === undefined ? {} : { office }) });
        expect(response.statusCode).toBeLessThan(500);
        expect(await textOf(response)).not.toMatch(PATIENT_DATA);
        if (response.statusCode !== 200) return;
        expect(hasAnyRole(rolesOf(as), PLAN_ROLES)).toBe(true);
        const own = orgOf(as) === 'org-a' ? [planA1, planA2] : [planB1];
        if (route.kind === 'search') {
          for (const item of response.json<Page<PlanLibraryItem>>().items) expect(own).toContain(item.id);
        } else {
          expect(own).toContain(idOf(route.plan));
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe("another office of the organization", () => {
  it('finds and reads the plan of a patient verified elsewhere, without the patient', async () => {
    const found = (await harness.call('GET', '/api/plans?q=01234-0001', { as: 'staffA2' })).json<Page<PlanLibraryItem>>();
    expect(found.items.map((item) => item.id)).toEqual([planA1]);
    for (const url of [`/api/plans/${planA1}`, `/api/plans/${planA1}/pdf`]) {
      const response = await harness.call('GET', url, { as: 'staffA2' });
      expect(response.statusCode).toBe(200);
      expect(await textOf(response)).not.toMatch(PATIENT_DATA);
    }
  });

  it("does not find a plan by a patient's name, date of birth or member id", async () => {
    for (const q of ['Maria', 'Lopez', 'DD100200300', '04/12/1985', 'Khan', 'MET884412']) {
      for (const as of ['staff', 'staffA2', 'agent'] as const) {
        const page = (await harness.call('GET', `/api/plans?q=${encodeURIComponent(q)}`, { as })).json<Page<PlanLibraryItem>>();
        expect(page.total).toBe(0);
      }
    }
  });
});

describe('another organization', () => {
  it('never finds nor reads our plans, even of the same group', async () => {
    const theirs = (await harness.call('GET', '/api/plans?q=01234-0001', { as: 'staffB' })).json<Page<PlanLibraryItem>>();
    expect(theirs.items.map((item) => item.id)).toEqual([planB1]);
    for (const url of [`/api/plans/${planA1}`, `/api/plans/${planA1}/pdf`, `/api/plans/${planA2}/pdf`]) {
      for (const as of ['staffB', 'adminB'] as const) {
        const response = await harness.call('GET', url, { as });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Plan not found' });
      }
    }
  });
});

describe('roles', () => {
  it.each(['groupmanager', 'groupmember', 'doregistration', 'goduser'] as const)('refuses %s on every plan route', async (as) => {
    for (const url of ['/api/plans', `/api/plans/${planA1}`, `/api/plans/${planA1}/pdf`]) {
      expect((await harness.call('GET', url, { as })).statusCode).toBe(403);
    }
  });

  it('refuses a call without a token', async () => {
    for (const url of ['/api/plans', `/api/plans/${planA1}`, `/api/plans/${planA1}/pdf`]) {
      expect((await harness.call('GET', url, { as: null })).statusCode).toBe(401);
    }
  });

  it("the gateway's table gives the plan routes the roles of the /plan pages (generated cases)", () => {
    const roleSets = fc.uniqueArray(fc.constantFrom('superadministrator', 'staffmanager', 'staff', 'admin', 'agent', 'groupmanager', 'groupmember', 'doregistration', 'goduser'), { maxLength: 3 });
    const ids = fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/);
    fc.assert(
      fc.property(roleSets, ids, fc.constantFrom('', '/pdf'), (roles, id, suffix) => {
        const expected = hasAnyRole(roles, pageRoles(PATHS.planDetail)) ? 'allowed' : 'forbidden';
        expect(apiAccess('GET', `/api/plans/${id}${suffix}`, roles)).toBe(expected);
        expect(apiAccess('GET', '/api/plans', roles)).toBe(hasAnyRole(roles, PLAN_ROLES) ? 'allowed' : 'forbidden');
      }),
    );
  });
});
