/**
 * POST /api/auth/organization is limited per client IP on the real gateway, with the counts in memory and on the
 * real Redis (REDIS_URL, default redis://127.0.0.1:6379). The service behind answers as the offices service
 * does: 200 with the organization for a known name or host, 404 for an unknown name, 204 for an unknown host.
 * Clients are told apart by X-Forwarded-For (the gateway trusts it here); every run uses addresses of its own,
 * so runs sharing one Redis never meet.
 */
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { closeRedis, connectRedis, type Redis } from '@dv/kit';
import { redisAvailability, TEST_REDIS_URL } from '@dv/kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { OfficesDirectory } from '../directory/offices-directory';
import { startGateway, type RunningGateway } from '../app';
import { callUrl, silentGatewayLogger, testGatewayConfig, type CallResult } from '../testing/harness';

const LIMIT = { max: 4, timeWindowMs: 60_000 };
const KNOWN = { id: 'org-acme', name: 'acme', clientType: 'dentalOffice' };
const LOOKUPS = [
  { organizationName: 'acme' },
  { organizationName: 'no-such-organization' },
  { organizationDomain: 'acme.localhost' },
  { organizationDomain: 'nobody.localhost' },
] as const;

/** The offices service's answers to the look-up (and a public route that is not limited). */
async function startOfficesDouble(): Promise<{ url: string; lookups: () => number; close(): Promise<void> }> {
  let lookups = 0;
  const app: FastifyInstance = Fastify({ logger: false });
  app.post<{ Body: Record<string, string> }>('/api/auth/organization', async (request, reply) => {
    lookups += 1;
    const { organizationName, organizationDomain } = request.body;
    if (organizationName === KNOWN.name || organizationDomain === 'acme.localhost') return KNOWN;
    if (organizationDomain !== undefined) return reply.code(204).send();
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No organization has this name', requestId: 'r' });
  });
  app.get('/api/features', async () => []);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    lookups: () => lookups,
    close: () => app.close(),
  };
}

const noOrganizations: OfficesDirectory = {
  organizationForHost: async () => null,
  organizationOfOffice: async () => null,
  organizationById: async () => null,
};

const freshAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The answer as a caller sees its shape: status, header names, body keys and message without numbers. */
function shapeOf(response: CallResult) {
  const body = response.text === '' ? {} : response.json();
  return {
    status: response.status,
    headers: Object.keys(response.headers)
      .filter((name) => !['date', 'x-request-id', 'content-length', 'keep-alive', 'connection'].includes(name))
      .sort(),
    keys: Object.keys(body).sort(),
    message: typeof body.message === 'string' ? body.message.replace(/\d+/g, 'N') : undefined,
  };
}

function limitThrough(backend: { name: string; redis?: () => Redis }) {
  describe(`organization look-up limit (${backend.name})`, () => {
    let offices: Awaited<ReturnType<typeof startOfficesDouble>>;
    let gateway: RunningGateway;

    beforeAll(async () => {
      offices = await startOfficesDouble();
      backend.redis?.();
      gateway = await startGateway({
        config: testGatewayConfig({
          oidcIssuer: 'https://id.test.local/',
          oidcAudience: 'https://api.test.local',
          oidcJwksUrl: 'http://127.0.0.1:9/jwks',
          organizationLookupLimit: LIMIT,
          trustProxy: true,
          upstreams: { offices: offices.url },
          ...(backend.redis ? { redisUrl: TEST_REDIS_URL } : {}),
        }),
        directory: noOrganizations,
        logger: silentGatewayLogger(),
      });
    });
    afterAll(async () => {
      await gateway.close();
      await offices.close();
    });

    const lookUp = (address: string, body: object, path = '/api/auth/organization') =>
      callUrl(gateway.url, path, {
        method: 'POST',
        headers: { 'x-forwarded-for': address, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    function expectLimited(response: CallResult) {
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(LIMIT.timeWindowMs / 1000);
      expect(response.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', requestId: expect.any(String) });
    }

    it('refuses the look-up after the max-th from an address, for any mix of addresses and names (generated cases)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ address: fc.integer({ min: 0, max: 2 }), lookup: fc.integer({ min: 0, max: LOOKUPS.length - 1 }) }), {
            minLength: 1,
            maxLength: 16,
          }),
          async (calls) => {
            const addresses = [0, 1, 2].map(() => freshAddress());
            const counts = [0, 0, 0];
            for (const { address, lookup } of calls) {
              counts[address] = (counts[address] ?? 0) + 1;
              const reachedBefore = offices.lookups();
              const response = await lookUp(addresses[address] ?? '', LOOKUPS[lookup] ?? {});
              if ((counts[address] ?? 0) > LIMIT.max) {
                expectLimited(response);
                expect(offices.lookups()).toBe(reachedBefore);
              } else {
                expect([200, 204, 404]).toContain(response.status);
                expect(offices.lookups()).toBe(reachedBefore + 1);
              }
            }
          },
        ),
        { numRuns: 25 },
      );
    });

    it('answers known and unknown organizations alike once limited: no oracle (generated cases)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...LOOKUPS), fc.constantFrom(...LOOKUPS), async (first, second) => {
          const address = freshAddress();
          for (let call = 0; call < LIMIT.max; call += 1) await lookUp(address, LOOKUPS[call % LOOKUPS.length] ?? {});
          const [one, other] = [await lookUp(address, first), await lookUp(address, second)];
          expectLimited(one);
          expect(shapeOf(one)).toEqual(shapeOf(other));
        }),
        { numRuns: 16 },
      );
    });

    it('counts every spelling of the look-up path, and limits nothing else', async () => {
      const address = freshAddress();
      for (let call = 0; call < LIMIT.max; call += 1) expect((await lookUp(address, LOOKUPS[0])).status).toBe(200);
      const before = offices.lookups();
      for (const path of ['/api/auth/organization', '/%61pi/auth/organization', '/api/auth/%6Frganization', '/api/auth/organization/']) {
        expect([400, 429]).toContain((await lookUp(address, LOOKUPS[0], path)).status);
      }
      expect(offices.lookups()).toBe(before);
      const features = await callUrl(gateway.url, '/api/features', { headers: { 'x-forwarded-for': address } });
      expect(features.status).toBe(200);
    });
  });
}

limitThrough({ name: 'memory' });

const availability = redisAvailability();
if (availability.available) {
  let redis: Redis | undefined;
  afterAll(async () => {
    if (redis) await closeRedis(redis);
  });
  limitThrough({
    name: 'Redis',
    redis: () => (redis ??= connectRedis({ url: TEST_REDIS_URL, name: 'gateway-lookup-test', logger: { warn: () => undefined } })),
  });
} else {
  const title = `organization look-up limit on Redis: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
}
