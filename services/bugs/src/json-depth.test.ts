/**
 * Issue 13, item 3 in the bugs service as the kit builds it: every route that takes a JSON body gets generated
 * nested values of random shape and depth, around and far above JSON_MAX_DEPTH: past the limit a 400 naming it
 * and no report filed; never a 500 (a title that is a plain string is filed, as it should be).
 */
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from '@dv/contracts';
import { nestedJsonCases } from '@dv/kit/testing';
import fc from 'fast-check';
import { createHarness, type Harness, type UserName } from './testing/harness';

interface JsonRoute {
  readonly method: 'PUT' | 'PATCH';
  readonly url: () => string;
  readonly as: UserName;
  /** The body around the nested text, and how many levels it adds. */
  readonly wrap: (text: string) => string;
  readonly levels: number;
}

let h: Harness;
let reportId: string;

beforeAll(async () => {
  h = await createHarness();
  const filed = await h.call('PUT', '/api/bugReports', {
    as: 'staff',
    office: 'office-a1',
    body: { type: 'Technical bug', title: 'Deep', url: '/plan', description: 'Nested values' },
  });
  reportId = filed.json<{ id: string }>().id;
});
afterAll(() => h.close());

const ROUTES: readonly JsonRoute[] = [
  { method: 'PUT', url: () => '/api/bugReports', as: 'staff', levels: 1, wrap: (text) => `{"type":"Technical bug","title":${text},"url":"/","description":"d"}` },
  { method: 'PUT', url: () => '/api/bugReports', as: 'staff', levels: 0, wrap: (text) => text },
  { method: 'PATCH', url: () => `/api/management/bugs/${reportId}`, as: 'admin', levels: 1, wrap: (text) => `{"solved":${text}}` },
];

const reportCount = async () => (await h.call('GET', '/api/management/bugs?pageSize=100')).json<{ total: number }>().total;

it('answers a nested body past JSON_MAX_DEPTH with 400 naming the limit, and never 500, on every JSON route', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...ROUTES), nestedJsonCases(fc, JSON_MAX_DEPTH), async (route, nested) => {
      const body = route.wrap(nested.text);
      const before = await reportCount();
      const response = await h.call(route.method, route.url(), {
        as: route.as,
        ...(route.as === 'staff' ? { office: 'office-a1' } : {}),
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (response.statusCode === 413) {
        // The other half of the limit: the route's body size (64 KB for PATCH), checked before the depth.
        expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
      } else if (nested.depth + route.levels > JSON_MAX_DEPTH) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
        expect(await reportCount()).toBe(before);
      } else {
        expect(response.statusCode).toBeLessThan(500);
      }
    }),
    { numRuns: 120 },
  );
});
