/**
 * Who manages feature flags (issue 18 item 4): the super administrator only, as contracts' FEATURE_FLAG_ROLES
 * says (the gateway applies the same table). Every other demo user, and generated users of any role set, any
 * organization and any office keys, get 403 on both calls; a refused change changes nothing and publishes nothing.
 *
 * Flags are global, not per organization: the store keeps one flag per name, GET /api/features answers the same
 * list whatever organization asks (host or header), and a super administrator's change is every organization's.
 */
import { FEATURE_FLAG_ROLES, FEATURE_FLAG_NAMES, OFFICES_TOPICS, ROLES, hasAnyRole, type Role } from '@dv/contracts';
import { OFFICE_HEADER } from '@dv/kit';
import { settle, waitFor } from '@dv/kit/testing';
import fc from 'fast-check';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const LOCK = '/api/management/features/MAINTANANCE_LOCK';
const OFFICE_ORG: Readonly<Record<string, string>> = { 'office-demo-1': 'org-demo', 'office-acme-1': 'org-acme' };

async function callsAs(token: string, headers: Record<string, string> = {}) {
  const list = await h.call('GET', '/api/management/features', { token, headers });
  const update = await h.call('PUT', LOCK, { token, headers, body: { isActive: true } });
  return [list.statusCode, update.statusCode];
}

const publicFlags = async (headers: Record<string, string> = {}) => (await h.call('GET', '/api/features', { headers })).body;

describe('feature flag management: roles', () => {
  it('refuses every demo user but the super administrator, on both calls', async () => {
    const refused = ROLES.filter((role) => !FEATURE_FLAG_ROLES.includes(role));
    expect(refused).toHaveLength(ROLES.length - 1);
    for (const role of refused) {
      expect({ role, answers: await callsAs(await h.tokenFor(role)) }).toEqual({ role, answers: [403, 403] });
    }
    expect(await callsAs(await h.tokenFor('superadministrator'))).toEqual([200, 200]);
    await h.call('PUT', LOCK, { token: await h.tokenFor('superadministrator'), body: { isActive: false } });
  });

  it('refuses a call without a token or with a bad one', async () => {
    expect((await h.call('GET', '/api/management/features')).statusCode).toBe(401);
    expect((await h.call('PUT', LOCK, { body: { isActive: true } })).statusCode).toBe(401);
    expect((await h.call('PUT', LOCK, { token: 'not-a-token', body: { isActive: true } })).statusCode).toBe(401);
  });

  it('generated users: only a super administrator by list (a company role), acting for no office or one of their organization, passes; refused calls change and publish nothing', async () => {
    const superToken = await h.tokenFor('superadministrator');
    const events = await h.collect(OFFICES_TOPICS.featureFlag);
    const before = (await h.call('GET', '/api/management/features', { token: superToken })).body;
    let managerRuns = 0;
    const roleSet = fc.uniqueArray(fc.constantFrom<Role>(...ROLES), { maxLength: 4 });
    const user = fc.record({
      org: fc.constantFrom('org-demo', 'org-acme', 'org-elsewhere'),
      // Roles as a list, or keyed by office: keyed roles never make a company user, so never a flag manager.
      roles: fc.oneof(roleSet, fc.dictionary(fc.constantFrom('office-demo-1', 'office-demo-2', 'office-acme-1'), roleSet, { maxKeys: 2 })),
      office: fc.constantFrom(undefined, 'office-demo-1', 'office-acme-1'),
    });
    await fc.assert(
      fc.asyncProperty(user, async ({ org, roles, office }) => {
        const allowedOfficeIds = Array.isArray(roles) ? [] : Object.keys(roles);
        const token = await h.sign({ sub: 'user-generated', org, roles, allowedOfficeIds });
        const answers = await callsAs(token, office ? { [OFFICE_HEADER]: office } : {});
        // An office header naming another organization's office is refused before any role counts (the kit).
        const officeInOrg = office === undefined || OFFICE_ORG[office] === org;
        const manager = Array.isArray(roles) && hasAnyRole(roles, FEATURE_FLAG_ROLES) && officeInOrg;
        if (manager) {
          expect(answers).toEqual([200, 200]);
          managerRuns += 1;
          await h.call('PUT', LOCK, { token: superToken, body: { isActive: false } });
        } else {
          expect(answers).toEqual([403, 403]);
        }
      }),
      { numRuns: 60 },
    );
    // Every manager's change was put back; no refused call left a trace in the store.
    expect((await h.call('GET', '/api/management/features', { token: superToken })).body).toBe(before);
    // Each manager's change and its undoing were published; no refused call published anything.
    await waitFor(() => events.events.length >= managerRuns * 2, 'the managers\' changes on the bus');
    await settle(200);
    expect(events.events).toHaveLength(managerRuns * 2);
  });

  it('a refused change publishes nothing', async () => {
    const events = await h.collect(OFFICES_TOPICS.featureFlag);
    for (const role of ['admin', 'agent', 'goduser', 'staffmanager']) {
      await h.call('PUT', '/api/management/features/RECOMMENDATIONS_ENABLED', { token: await h.tokenFor(role), body: { isActive: false } });
    }
    await settle(300);
    expect(events.events).toEqual([]);
  });
});

describe('feature flags are global', () => {
  it('GET /api/features answers every organization alike, by host or header, signed in or not', async () => {
    const demo = await publicFlags();
    expect(JSON.parse(demo).map((flag: { name: string }) => flag.name)).toEqual(FEATURE_FLAG_NAMES);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          host: fc.constantFrom('demo.localhost', 'acme.localhost', 'unknown.example', 'localhost'),
          organization: fc.constantFrom(undefined, 'org-demo', 'org-acme', 'org-none'),
        }),
        async ({ host, organization }) => {
          const headers: Record<string, string> = { host, ...(organization ? { 'x-organization-id': organization } : {}) };
          expect(await publicFlags(headers)).toBe(demo);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a super administrator's change is read by every organization, and by a super administrator of another", async () => {
    const token = await h.tokenFor('superadministrator');
    const change = await h.call('PUT', '/api/management/features/USER_GUIDE_PDF', { token, body: { value: '/guides/v2.pdf' } });
    expect(change.statusCode).toBe(200);
    const acmeReader = { host: 'acme.localhost', 'x-organization-id': 'org-acme' };
    expect(JSON.parse(await publicFlags(acmeReader))).toContainEqual({ name: 'USER_GUIDE_PDF', type: 'string', value: '/guides/v2.pdf', isActive: true });
    const acmeSuper = await h.sign({ sub: 'user-acme-super', org: 'org-acme', roles: ['superadministrator'], allowedOfficeIds: [] });
    const list = await h.call('GET', '/api/management/features', { token: acmeSuper });
    expect(list.json()).toContainEqual({ name: 'USER_GUIDE_PDF', type: 'string', value: '/guides/v2.pdf', isActive: true });
    await h.call('PUT', '/api/management/features/USER_GUIDE_PDF', { token: acmeSuper, body: { value: '/user-guide.pdf' } });
  });
});
