/**
 * Issue 13, item 3 in the offices service as the kit builds it: a feature flag value nested 10,000 levels deep
 * answered 500, and one of 1,000 levels was stored and served to anonymous callers by GET /api/features. Every
 * route that takes a JSON body gets generated nested values of random shape and depth, around and far above
 * JSON_MAX_DEPTH, where the body takes free-form JSON and where it does not: past the limit a 400 naming it,
 * never a 500.
 */
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE, jsonTextExceedsDepth, type FeatureFlag } from '@dv/contracts';
import { nestedJsonCases, nestedJsonText } from '@dv/kit/testing';
import fc from 'fast-check';
import { createHarness, type Harness } from './testing/harness';

interface JsonRoute {
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly url: string;
  /** The body around the nested text, and how many levels it adds. */
  readonly wrap: (text: string) => string;
  readonly levels: number;
}

const ROUTES: readonly JsonRoute[] = [
  { method: 'PUT', url: '/api/management/features/adapters-3rd-party', levels: 1, wrap: (text) => `{"value":${text}}` },
  { method: 'PUT', url: '/api/management/features/DOMAIN_ENV_MAP', levels: 2, wrap: (text) => `{"value":{"a.localhost":${text}}}` },
  { method: 'POST', url: '/api/auth/organization', levels: 1, wrap: (text) => `{"organizationName":${text}}` },
  {
    method: 'PATCH',
    url: '/api/management/offices/office-demo-1/settings',
    levels: 3,
    wrap: (text) => `{"scheduleIntegration":{"type":"manual","integration":{"x":${text}}}}`,
  },
  {
    method: 'POST',
    url: '/api/management/offices',
    levels: 4,
    wrap: (text) => `{"name":"Deep","settings":{"scheduleIntegration":{"type":"manual","integration":{"x":${text}}}}}`,
  },
  { method: 'PATCH', url: '/api/management/offices/office-demo-1', levels: 1, wrap: (text) => `{"name":${text}}` },
  { method: 'POST', url: '/api/management/groups', levels: 1, wrap: (text) => `{"name":${text}}` },
  { method: 'PATCH', url: '/api/management/groups/group-demo', levels: 1, wrap: (text) => `{"name":${text}}` },
  { method: 'POST', url: '/api/management/groups/group-demo/offices', levels: 1, wrap: (text) => `{"officeId":${text}}` },
  { method: 'POST', url: '/api/management/users', levels: 0, wrap: (text) => text },
  { method: 'PATCH', url: '/api/management/users/user-staff', levels: 1, wrap: (text) => `{"roles":${text}}` },
];

describe('JSON nesting depth (offices)', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness();
    token = await h.tokenFor('superadministrator');
  });
  afterAll(() => h.close());

  const send = (route: JsonRoute, text: string) =>
    h.app.inject({
      method: route.method,
      url: route.url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: route.wrap(text),
    });

  it('answers a nested body past JSON_MAX_DEPTH with 400 naming the limit, and never 500, on every JSON route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), nestedJsonCases(fc, JSON_MAX_DEPTH), async (route, nested) => {
        const response = await send(route, nested.text);
        if (response.statusCode === 413) {
          // The other half of the limit: the service's body size (256 KB), checked before the depth.
          expect(Buffer.byteLength(route.wrap(nested.text))).toBeGreaterThan(256 * 1024);
        } else if (nested.depth + route.levels > JSON_MAX_DEPTH) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
        } else {
          expect(response.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('stores no flag value of 1,000 or 10,000 levels, so anonymous callers are never served one', async () => {
    const route = ROUTES[0] as JsonRoute;
    for (const depth of [1_000, 10_000]) {
      const response = await send(route, nestedJsonText(depth, ['object', 'array']));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
    }
    const flags = (await h.call('GET', '/api/features')).json<FeatureFlag[]>();
    const served = JSON.stringify(flags.find((flag) => flag.name === 'adapters-3rd-party')?.value ?? null);
    expect(jsonTextExceedsDepth(served)).toBe(false);
  });
});
