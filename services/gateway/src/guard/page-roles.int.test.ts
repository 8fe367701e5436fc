/**
 * Issue 13 through the real gateway: API roles no wider than the pages that make the calls (item 8), and who may
 * reach the user management PATCH at all (item 6; what each field may be set to is the offices service's own
 * check, see services/offices/src/users/user-changes.test.ts). A refused call gets 403 and reaches no service.
 */
import { API_ROUTES, ROLES, pageRoles, type Role } from '@dv/contracts';
import fc from 'fast-check';
import { HOST_A, startGatewayHarness, userWithRole, type CallResult, type GatewayHarness } from '../testing/harness';

// Transcribed by hand from SPEC section 2, independently of API_ROUTES: the billing calls serve /payment (staff,
// staffmanager, groupmanager) and the managers' /payment/setup and /payment/verify (staffmanager, groupmanager);
// the management lists serve the /management sub-routes (agent, admin, superadministrator).
const PAYMENT = ['staff', 'staffmanager', 'groupmanager'];
const PAYMENT_SETUP = ['staffmanager', 'groupmanager'];
const MANAGEMENT = ['agent', 'admin', 'superadministrator'];
const CALLS: readonly [method: string, path: string, allowed: readonly string[]][] = [
  ['GET', '/api/stripe', PAYMENT],
  ['GET', '/api/stripe/subscription/valid', PAYMENT],
  // The plan list serves /payment and the settings pages' Change plan (/payment-settings adds superadministrator).
  ['GET', '/api/stripe/list', [...PAYMENT, 'superadministrator']],
  ['GET', '/api/stripe/coupon?code=SPRING', PAYMENT],
  ['POST', '/api/stripe/subscription/freemium', PAYMENT],
  ['POST', '/api/stripe/register', PAYMENT_SETUP],
  ['GET', '/api/stripe/setupintent', PAYMENT_SETUP],
  ['POST', '/api/stripe/subscription/create', PAYMENT_SETUP],
  ['GET', '/api/management/offices', MANAGEMENT],
  ['GET', '/api/management/users', MANAGEMENT],
  ['GET', '/api/management/users/user-staff', MANAGEMENT],
  ['GET', '/api/management/groups', MANAGEMENT],
  ['GET', '/api/management/groups/group-1', MANAGEMENT],
];

const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

describe('gateway: API roles no wider than the pages (issue 13)', () => {
  let harness: GatewayHarness;
  let tokens: Map<Role, string>;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    tokens = await harness.tokensByRole();
  });
  afterAll(async () => {
    await harness.close();
  });

  /** The call as a user holding only `role`, and what reached the upstream. */
  async function callAs(role: Role, method: string, path: string, body?: unknown): Promise<{ response: CallResult; reached: number }> {
    const { office } = userWithRole(role);
    const before = harness.upstream.received.length;
    const response = await harness.call(path, {
      method,
      headers: {
        host: HOST_A,
        authorization: `Bearer ${tokens.get(role) ?? ''}`,
        ...(office === undefined ? {} : { 'connected-dental-office': office }),
        ...(hasBody(method) ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody(method) ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    return { response, reached: harness.upstream.received.length - before };
  }

  it.each(CALLS.flatMap(([method, path, allowed]) => ROLES.map((role) => [method, path, role, allowed.includes(role)] as const)))(
    '%s %s as %s (allowed: %s)',
    async (method, path, role, allowed) => {
      const { response, reached } = await callAs(role, method, path);
      expect([response.status, reached]).toEqual(allowed ? [200, 1] : [403, 0]);
    },
  );

  it('refuses, on generated paths, every role that none of the pages making a call opens', async () => {
    const pageBound = API_ROUTES.filter((route) => route.pages !== undefined);
    const refusals = pageBound.flatMap((route) => {
      const pageRoleSet = new Set((route.pages ?? []).flatMap((page) => pageRoles(page)));
      return ROLES.filter((role) => !pageRoleSet.has(role)).map((role) => ({ route, role }));
    });
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...refusals), segment, async ({ route, role }, id) => {
        const path = route.path.replace(/\{[^}]+\}/g, id);
        const { response, reached } = await callAs(role, route.method, path, { probe: true });
        expect([route.method, path, role, response.status, reached]).toEqual([route.method, path, role, 403, 0]);
      }),
      { numRuns: 300 },
    );
  });

  it('PATCH /api/management/users/{id}: only admins and super administrators reach the offices service, whatever the field, value or user', async () => {
    const field = fc.oneof(
      fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }) }),
      fc.record({ roles: fc.uniqueArray(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 3 }) }),
      fc.record({ allowedOfficeIds: fc.subarray(['office-a1', 'office-a2']) }),
      fc.record({ groupIds: fc.subarray(['group-1']) }),
      fc.record({ editGlobalCustomization: fc.boolean() }),
      fc.record({ editGlobalCarriers: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), fc.boolean(), field, async (role, self, patch) => {
        const id = self ? `user-${role}` : 'user-someone-else';
        const { response, reached } = await callAs(role, 'PATCH', `/api/management/users/${id}`, patch);
        const writer = role === 'admin' || role === 'superadministrator';
        expect({ role, self, patch, status: response.status, reached }).toEqual({ role, self, patch, status: writer ? 200 : 403, reached: writer ? 1 : 0 });
        if (writer) expect(JSON.parse(harness.upstream.received.at(-1)?.body ?? 'null')).toEqual(patch);
      }),
      { numRuns: 200 },
    );
  });
});
