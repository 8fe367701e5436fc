/**
 * Issue 13, item 3 in the verifications service as the kit builds it: a ticket edit whose value was nested
 * 10,000 levels deep answered 500 (zod's JSON schema overflowed the stack). Every route that takes a JSON body
 * gets generated nested values of random shape and depth, around and far above JSON_MAX_DEPTH, where the body
 * takes free-form JSON and where it does not: past the limit a 400 naming it, never a 500.
 */
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from '@dv/contracts';
import { nestedJsonCases } from '@dv/kit/testing';
import fc from 'fast-check';
import { createHarness, type Harness, type UserName } from './testing/harness';

interface JsonRoute {
  readonly method: 'POST' | 'PATCH';
  readonly url: () => string;
  readonly as: UserName;
  /** The body around the nested text, and how many levels it adds. */
  readonly wrap: (text: string) => string;
  readonly levels: number;
}

let harness: Harness;
let ticketId: string;

beforeAll(async () => {
  harness = await createHarness();
  ticketId = (await harness.settled(await harness.createFor('DD100200300'))).id;
});
afterAll(() => harness.close());

const ROUTES: readonly JsonRoute[] = [
  { method: 'PATCH', url: () => `/api/verifications/${ticketId}`, as: 'staff', levels: 3, wrap: (text) => `{"edits":[{"path":"plan.planNotes","value":${text}}]}` },
  {
    method: 'PATCH',
    url: () => `/api/verifications/${ticketId}`,
    as: 'staff',
    levels: 3,
    wrap: (text) => `{"edits":[{"path":"plan.benefits.annualMax","value":${text}}],"version":0}`,
  },
  { method: 'POST', url: () => '/api/verifications', as: 'staff', levels: 1, wrap: (text) => `{"patient":${text},"carrier":{"payerId":"x"}}` },
  { method: 'POST', url: () => '/api/verifications', as: 'staff', levels: 0, wrap: (text) => text },
  { method: 'POST', url: () => `/api/verifications/${ticketId}/submit`, as: 'staff', levels: 1, wrap: (text) => `{"note":${text}}` },
  { method: 'POST', url: () => '/api/management/x271/preview', as: 'admin', levels: 1, wrap: (text) => `{"x12":"ISA","payerId":${text}}` },
];

it('answers a nested body past JSON_MAX_DEPTH with 400 naming the limit, and never 500, on every JSON route', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...ROUTES), nestedJsonCases(fc, JSON_MAX_DEPTH), async (route, nested) => {
      const body = route.wrap(nested.text);
      const response = await harness.app.inject({
        method: route.method,
        url: route.url(),
        headers: {
          authorization: `Bearer ${await harness.token(route.as)}`,
          ...(route.as === 'staff' ? { 'connected-dental-office': 'office-a1' } : {}),
          'content-type': 'application/json',
        },
        payload: body,
      });
      if (response.statusCode === 413) {
        // The other half of the limit: the service's body size (256 KB), checked before the depth.
        expect(Buffer.byteLength(body)).toBeGreaterThan(256 * 1024);
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

it('answers the reported 10,000-level edit with 400, and the ticket still reads', async () => {
  const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
  const response = await harness.app.inject({
    method: 'PATCH',
    url: `/api/verifications/${ticketId}`,
    headers: {
      authorization: `Bearer ${await harness.token('staff')}`,
      'connected-dental-office': 'office-a1',
      'content-type': 'application/json',
    },
    payload: `{"edits":[{"path":"plan.planNotes","value":${deep}}]}`,
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message: JSON_TOO_DEEP_MESSAGE });
  expect((await harness.call('GET', `/api/verifications/${ticketId}`)).statusCode).toBe(200);
});
