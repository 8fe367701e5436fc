/**
 * Issue 13 items 4 and 5, through the real gateway with request lines and headers written byte for byte:
 * - a target that is not a path (absolute-form naming any host, authority-form, asterisk-form) or that
 *   traverses with encoded dot segments and separators answered 500 or was served; it is a 400 now;
 * - two Authorization headers were accepted (the first won); a repeated identity-bearing header (Authorization,
 *   Host, the office header, the organization header), in any letter case, is a 400 now.
 * Nothing of either class reaches a service.
 */
import { API_ROUTES } from '@dv/contracts';
import fc from 'fast-check';
import { HOST_A, HOST_B, ORG_A, ORG_B, startGatewayHarness, type GatewayHarness } from '../testing/harness';
import { equivalentSpelling } from '../testing/path-spellings';
import { rawThroughGateway, type RawRequest } from '../testing/raw-http';

const ADMIN_A = { sub: 'user-admin-a', email: 'admin@a.test', org: ORG_A.id, roles: ['admin'], allowedOfficeIds: [] };
const ADMIN_B = { sub: 'user-admin-b', email: 'admin@b.test', org: ORG_B.id, roles: ['admin'], allowedOfficeIds: [] };
/** An admin of the host's organization may make this call: a refusal here is the request line's doing. */
const USERS = '/api/management/users';

const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');
const API_PATHS = API_ROUTES.map((route) => samplePath(route.path));
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

describe('request lines and headers that name more than one thing (real gateway, raw requests)', () => {
  let harness: GatewayHarness;
  let adminA: string;
  let adminB: string;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    adminA = await harness.token(ADMIN_A);
    adminB = await harness.token(ADMIN_B);
  });
  afterAll(async () => {
    await harness.close();
  });

  const adminHeaders = (): [string, string][] => [
    ['host', HOST_A],
    ['authorization', `Bearer ${adminA}`],
    ['connected-dental-office', 'office-a2'],
  ];

  async function expectRefused(request: RawRequest): Promise<void> {
    const response = await rawThroughGateway(harness, request);
    expect({ target: request.target, status: response.status }).toEqual({ target: request.target, status: 400 });
    expect(response.reached).toHaveLength(0);
  }

  it('the control: the same admin call with a plain path and single headers passes', async () => {
    const response = await rawThroughGateway(harness, { target: USERS, headers: adminHeaders() });
    expect(response.status).toBe(200);
    expect(response.reached.map((seen) => seen.url)).toEqual([USERS]);
  });

  describe('item 4: targets that are not one path', () => {
    it('answers the two requests of the report with 400 instead of 500', async () => {
      for (const target of ['http://evil.localhost/api/features', '/%61pi/features/..%2f..%2finternal/offices/office-a1']) {
        const response = await rawThroughGateway(harness, { target, headers: adminHeaders() });
        expect(response.status).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', requestId: expect.any(String) });
        expect(response.reached).toHaveLength(0);
      }
    });

    it('refuses a malformed escape or one that is not UTF-8 (400, not a 500 from the router)', async () => {
      for (const target of ['/api/features%', '/api/features%zz', '/api/%ff%fe', '/%6', '/api/management/users/%c3']) {
        await expectRefused({ target, headers: adminHeaders() });
      }
    });

    it('refuses the absolute-form naming any host, its own included', async () => {
      const host = fc.oneof(
        fc.constantFrom(HOST_A, HOST_B, 'evil.localhost', 'localhost', '127.0.0.1'),
        fc.domain(),
        fc.ipV4(),
        fc.ipV6().map((ip) => `[${ip}]`),
      );
      const target = fc
        .tuple(
          fc.constantFrom('http', 'https', 'HTTP', 'ws', 'ftp'),
          host,
          fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
          fc.constantFrom(...API_PATHS, '/internal/offices/office-a1', '/', '/socket.io/'),
        )
        .map(([scheme, name, port, path]) => `${scheme}://${name}${port === undefined ? '' : `:${port}`}${path}`);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...METHODS), target, async (method, absolute) => {
          await expectRefused({ method, target: absolute, headers: adminHeaders() });
        }),
        { numRuns: 150 },
      );
    });

    it('refuses the authority-form (CONNECT host:port, and with any other method) and the asterisk-form', async () => {
      const authority = fc
        .tuple(fc.oneof(fc.constantFrom(HOST_A, 'evil.localhost', '127.0.0.1'), fc.domain()), fc.integer({ min: 1, max: 65_535 }))
        .map(([name, port]) => `${name}:${port}`);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('CONNECT', ...METHODS),
          fc.oneof(authority, fc.constant('*')),
          async (method, target) => {
            await expectRefused({ method, target, headers: adminHeaders() });
          },
        ),
        { numRuns: 100 },
      );
    });

    it('refuses encoded traversals out of any API route towards /internal, however spelled', async () => {
      const dotDot = fc.constantFrom('..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2E.', '%252e%252e');
      const separator = fc.constantFrom('/', '%2f', '%2F', '%5c', '%5C', '\\', '%252f');
      const climb = fc.array(fc.tuple(dotDot, separator), { minLength: 1, maxLength: 5 });
      const start = fc.constantFrom(...API_PATHS).chain(equivalentSpelling);
      const destination = fc.constantFrom(
        'internal/offices/office-a1',
        'internal/organizations/resolve?host=a.localhost',
        '%69nternal/offices/office-a1',
      );
      const target = fc
        .tuple(start, separator, climb, destination)
        .map(([from, first, steps, to]) => `${from}${first}${steps.map(([dots, sep]) => `${dots}${sep}`).join('')}${to}`);
      await fc.assert(
        fc.asyncProperty(target, async (traversal) => {
          await expectRefused({ target: traversal, headers: adminHeaders() });
        }),
        { numRuns: 200 },
      );
      expect(harness.upstream.received.some((seen) => seen.url.includes('internal'))).toBe(false);
    });
  });

  describe('item 5: identity-bearing headers sent twice', () => {
    /** Each header twice: the values differ (two identities) or repeat (still two headers). */
    const repeated = (): fc.Arbitrary<{ name: string; values: [string, string]; host: string }> =>
      fc.oneof(
        fc.constantFrom<[string, string]>([adminA, adminB], [adminB, adminA], [adminA, adminA]).map((tokens) => ({
          name: 'authorization',
          values: [`Bearer ${tokens[0]}`, `Bearer ${tokens[1]}`] as [string, string],
          host: HOST_A,
        })),
        fc
          .constantFrom<[string, string]>([HOST_A, HOST_B], [HOST_B, HOST_A], [HOST_A, HOST_A])
          .map((values) => ({ name: 'host', values, host: HOST_A })),
        fc
          .constantFrom<[string, string]>(['office-a2', 'office-b1'], ['office-b1', 'office-a2'], ['office-a2', 'office-a2'])
          .map((values) => ({ name: 'connected-dental-office', values, host: HOST_A })),
        fc
          .constantFrom<[string, string]>([ORG_A.id, ORG_B.id], [ORG_B.id, ORG_A.id], [ORG_A.id, ORG_A.id])
          .map((values) => ({ name: 'x-organization-id', values, host: 'localhost' })),
      );

    it('answers the report: two Authorization headers are a 400, in either order', async () => {
      for (const tokens of [[adminA, adminB], [adminB, adminA]]) {
        const response = await rawThroughGateway(harness, {
          target: USERS,
          headers: [['host', HOST_A], ['authorization', `Bearer ${tokens[0]}`], ['Authorization', `Bearer ${tokens[1]}`]],
        });
        expect(response.status).toBe(400);
        expect(response.json()).toMatchObject({ message: 'Send one Authorization header, not several' });
        expect(response.reached).toHaveLength(0);
      }
    });

    it('refuses every repeated identity header, in any letter case and place, on any API route', async () => {
      const request = fc
        .tuple(
          repeated(),
          fc.constantFrom(...API_ROUTES),
          fc.nat({ max: 3 }),
          fc.nat({ max: 4 }),
        )
        .chain(([header, route, first, second]) =>
          fc.tuple(fc.mixedCase(fc.constant(header.name)), fc.mixedCase(fc.constant(header.name))).map(([nameOne, nameTwo]) => {
            const others: [string, string][] = [
              ['host', header.host],
              ['authorization', `Bearer ${adminA}`],
              ['connected-dental-office', 'office-a2'],
            ].filter(([name]) => name !== header.name) as [string, string][];
            others.splice(Math.min(first, others.length), 0, [nameOne, header.values[0]]);
            others.splice(Math.min(second, others.length), 0, [nameTwo, header.values[1]]);
            return { method: route.method, target: samplePath(route.path), headers: others };
          }),
        );
      await fc.assert(
        fc.asyncProperty(request, async (call) => {
          const response = await rawThroughGateway(harness, call);
          expect({ headers: call.headers.map(([name]) => name), status: response.status }).toEqual({
            headers: call.headers.map(([name]) => name),
            status: 400,
          });
          expect(response.json()).toMatchObject({ message: expect.stringMatching(/^Send one .+ header, not several$/) });
          expect(response.reached).toHaveLength(0);
        }),
        { numRuns: 200 },
      );
    });

    it('takes each of them once in any letter case (the control)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(
            fc.mixedCase(fc.constant('host')),
            fc.mixedCase(fc.constant('authorization')),
            fc.mixedCase(fc.constant('connected-dental-office')),
          ),
          async ([host, authorization, office]) => {
            const response = await rawThroughGateway(harness, {
              target: USERS,
              headers: [[host, HOST_A], [authorization, `Bearer ${adminA}`], [office, 'office-a2']],
            });
            expect(response.status).toBe(200);
            expect(response.reached).toHaveLength(1);
          },
        ),
        { numRuns: 30 },
      );
    });
  });
});
