/**
 * Issue 13, item 3 through the real gateway: a JSON body nested deeper than contracts' JSON_MAX_DEPTH is refused
 * with a 400 naming the limit, on every API route that takes a body, and the service behind never sees it;
 * bodies within the limit pass unchanged. Generated cases: random shapes and depths around and far above the
 * limit, every content-type spelling a service reads as JSON.
 */
import { API_ROUTES, JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE, ROLES } from '@dv/contracts';
import { nestedJsonCases } from '@dv/kit/testing';
import fc from 'fast-check';
import { isJsonContentType } from './body-limit';
import { HOST_A, STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';

/** Every API route that takes a body, with its path parameters filled in. */
const BODY_ROUTES = API_ROUTES.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).map((route) => ({
  method: route.method,
  path: route.path.replace(/\{\w+\}/g, 'x1'),
}));

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json'];

/** Where the nested value goes in the body, and how many levels the body adds around it. */
const PLACEMENTS = [
  { wrap: (text: string) => text, levels: 0 },
  { wrap: (text: string) => `{"value":${text}}`, levels: 1 },
  { wrap: (text: string) => `{"edits":[{"path":"plan.notes","value":${text}}],"version":1}`, levels: 3 },
];

describe('JSON nesting depth through the gateway', () => {
  let harness: GatewayHarness;
  let headers: Record<string, string>;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    // Every role, so that each route's role rule lets the call through to the body check.
    const token = await harness.token({ ...STAFF_A, roles: [...ROLES] });
    headers = { host: HOST_A, authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1' };
  });
  afterAll(() => harness.close());

  it('refuses a body past JSON_MAX_DEPTH with 400 naming the limit before the service sees it; passes the rest', async () => {
    expect(BODY_ROUTES.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ROUTES),
        nestedJsonCases(fc, JSON_MAX_DEPTH),
        fc.constantFrom(...PLACEMENTS),
        fc.constantFrom(...JSON_TYPES),
        async (route, nested, placement, contentType) => {
          const before = harness.upstream.received.length;
          const body = placement.wrap(nested.text);
          const response = await harness.call(route.path, {
            method: route.method,
            headers: { ...headers, 'content-type': contentType },
            body,
          });
          if (nested.depth + placement.levels > JSON_MAX_DEPTH) {
            expect(response.status).toBe(400);
            expect(response.json()).toMatchObject({ statusCode: 400, message: JSON_TOO_DEEP_MESSAGE });
            expect(harness.upstream.received.length).toBe(before);
          } else {
            expect(response.status).toBe(200);
            expect(harness.upstream.received.at(-1)?.body).toBe(body);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('does not read other bodies as JSON (the services parse only JSON)', async () => {
    const body = '['.repeat(JSON_MAX_DEPTH + 10);
    const response = await harness.call('/api/bugReports', {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body,
    });
    expect(response.status).toBe(200);
    expect(harness.upstream.received.at(-1)?.body).toBe(body);
  });

  it('reads a content type as JSON the way the services do', () => {
    for (const type of JSON_TYPES) expect(isJsonContentType(type)).toBe(true);
    for (const type of [undefined, '', 'text/plain', 'application/octet-stream', 'application/jsonp', 'multipart/form-data']) {
      expect(isJsonContentType(type)).toBe(false);
    }
  });
});
