/**
 * Issue 13 item 1: the gateway decided from the target as sent while its router decoded it, so
 * `GET /%61pi/management/users` with another organization's admin token reached the service (200) where
 * `/api/management/users` got 403. Through the real gateway, with targets written byte for byte: every spelling
 * of every API route either gets the canonical path's answer or a 400, and nothing reaches a service but the
 * canonical path.
 */
import { API_ROUTES, type ApiRoute } from '@dv/contracts';
import fc from 'fast-check';
import { HOST_A, ORG_A, ORG_B, STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';
import { spelling, type SpellingKind } from '../testing/path-spellings';
import { rawThroughGateway } from '../testing/raw-http';

/** Who calls: nobody, a user of the host's organization (two roles), and an admin of another organization. */
const CALLERS = {
  anonymous: null,
  staff: { claims: STAFF_A, office: 'office-a1' },
  admin: {
    claims: { sub: 'user-admin-a', email: 'admin@a.test', org: ORG_A.id, roles: ['admin'], allowedOfficeIds: [] },
    office: 'office-a2',
  },
  foreignAdmin: {
    claims: { sub: 'user-admin-b', email: 'admin@b.test', org: ORG_B.id, roles: ['admin'], allowedOfficeIds: [] },
  },
} as const;
type CallerName = keyof typeof CALLERS;
const CALLER_NAMES = Object.keys(CALLERS) as CallerName[];

const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');
const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

describe('encoded, dotted and re-cased spellings of every API route (real gateway, raw request lines)', () => {
  let harness: GatewayHarness;
  const tokens = new Map<CallerName, string>();
  const canonicalAnswers = new Map<string, { status: number; reached: number }>();

  beforeAll(async () => {
    harness = await startGatewayHarness();
    for (const name of CALLER_NAMES) {
      const caller = CALLERS[name];
      if (caller) tokens.set(name, await harness.token(caller.claims));
    }
  });
  afterAll(async () => {
    await harness.close();
  });

  function send(method: string, target: string, callerName: CallerName) {
    const caller = CALLERS[callerName];
    const headers: [string, string][] = [['host', HOST_A]];
    if (caller) headers.push(['authorization', `Bearer ${tokens.get(callerName) ?? ''}`]);
    if (caller && 'office' in caller) headers.push(['connected-dental-office', caller.office]);
    if (hasBody(method)) headers.push(['content-type', 'application/json']);
    return rawThroughGateway(harness, { method, target, headers, ...(hasBody(method) ? { body: '{"probe":true}' } : {}) });
  }

  async function canonicalAnswer(route: ApiRoute, caller: CallerName) {
    const key = `${route.method} ${route.path} ${caller}`;
    const known = canonicalAnswers.get(key);
    if (known) return known;
    const response = await send(route.method, samplePath(route.path), caller);
    const answer = { status: response.status, reached: response.reached.length };
    canonicalAnswers.set(key, answer);
    return answer;
  }

  it("answers GET /%61pi/management/users with another organization's admin token like /api/management/users: 403", async () => {
    const canonical = await send('GET', '/api/management/users', 'foreignAdmin');
    expect(canonical.status).toBe(403);
    const encoded = await send('GET', '/%61pi/management/users', 'foreignAdmin');
    expect(encoded.status).toBe(403);
    expect(encoded.json()).toMatchObject({ statusCode: 403, message: 'Your account does not belong to this organization' });
    expect(encoded.reached).toHaveLength(0);
  });

  it('forwards an allowed encoded spelling as the canonical path', async () => {
    const response = await send('GET', '/%61pi/manage%6Dent/user%73?page=1', 'admin');
    expect(response.status).toBe(200);
    expect(response.reached.map((seen) => seen.url)).toEqual(['/api/management/users?page=1']);
  });

  /** A generated call: an API route, a caller and a spelling of the route's sample path. */
  const calls = (kind: SpellingKind) =>
    fc
      .tuple(fc.constantFrom(...API_ROUTES), fc.constantFrom(...CALLER_NAMES))
      .chain(([route, caller]) =>
        spelling(kind, samplePath(route.path), route.path).map((target) => ({ route, caller, target })),
      );

  it('an equivalent spelling (encoded letters, hex digits in either case) gets the same answer, forwarded as the canonical path', async () => {
    await fc.assert(
      fc.asyncProperty(calls('equivalent'), async ({ route, caller, target }) => {
        const canonical = await canonicalAnswer(route, caller);
        const response = await send(route.method, target, caller);
        expect({ target, status: response.status }).toEqual({ target, status: canonical.status });
        expect(response.reached.map((seen) => seen.url)).toEqual(canonical.reached ? [samplePath(route.path)] : []);
      }),
      { numRuns: 300 },
    );
  });

  it('a letter-case variant of a route is refused with 400 and reaches nothing', async () => {
    await fc.assert(
      fc.asyncProperty(calls('case'), async ({ route, caller, target }) => {
        const response = await send(route.method, target, caller);
        expect({ target, status: response.status }).toEqual({ target, status: 400 });
        expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', requestId: expect.any(String) });
        expect(response.reached).toHaveLength(0);
      }),
      { numRuns: 200 },
    );
  });

  it('a dot segment, a doubled or encoded slash or double encoding is refused with 400 and reaches nothing', async () => {
    await fc.assert(
      fc.asyncProperty(calls('ambiguous'), async ({ route, caller, target }) => {
        const response = await send(route.method, target, caller);
        expect({ target, status: response.status }).toEqual({ target, status: 400 });
        expect(response.json()).toMatchObject({ message: expect.stringMatching(/^The request path is not valid: /) });
        expect(response.reached).toHaveLength(0);
      }),
      { numRuns: 300 },
    );
  });
});
