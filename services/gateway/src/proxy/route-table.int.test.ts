import { API_ROUTES, apiAccess, ROLES, type Role } from '@dv/contracts';
import { HOST_A, startGatewayHarness, userWithRole, type GatewayHarness } from '../testing/harness';

/** A concrete path for a route pattern: every `{name}` becomes a sample id. */
const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');

const CASES = API_ROUTES.flatMap((route) => ROLES.map((role) => [route.method, route.path, role] as const));

describe('route role table: for every API route and every role, the gateway answers what apiAccess says', () => {
  let harness: GatewayHarness;
  let tokens: Map<Role, string>;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    tokens = await harness.tokensByRole();
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each(CASES)('%s %s as %s', async (method, pattern, role) => {
    const path = samplePath(pattern);
    const expected = apiAccess(method, path, [role]);
    const { office } = userWithRole(role);
    const headers: Record<string, string> = {
      host: HOST_A,
      ...(expected === 'public' ? {} : { authorization: `Bearer ${tokens.get(role) ?? ''}` }),
      ...(office === undefined ? {} : { 'connected-dental-office': office }),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    };
    const before = harness.upstream.received.length;
    const response = await harness.call(path, {
      method,
      headers,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{"probe":true}' }),
    });
    const reached = harness.upstream.received.slice(before);

    if (expected === 'forbidden') {
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Your role does not allow this call' });
      expect(reached).toHaveLength(0);
    } else {
      expect(expected === 'public' || expected === 'allowed').toBe(true);
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({ upstream: 'double', method, url: path });
      expect(reached).toHaveLength(1);
      if (method !== 'GET' && method !== 'DELETE') expect(reached[0]?.body).toBe('{"probe":true}');
    }
  });

  it('every protected route refuses a call without a token, and every public one needs none', async () => {
    for (const route of API_ROUTES) {
      const path = samplePath(route.path);
      const response = await harness.call(path, { method: route.method, headers: { host: HOST_A } });
      expect([path, response.status]).toEqual([path, route.access === 'public' ? 200 : 401]);
    }
  });
});
