import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { HOST_A, STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';

const KB = 1024;

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('gateway limits (real gateway and upstream)', () => {
  describe('request body size', () => {
    let harness: GatewayHarness;
    let auth: Record<string, string>;

    beforeAll(async () => {
      harness = await startGatewayHarness({
        config: { bodyLimitBytes: 64 * KB },
        // The hook a later route uses for its 5 MB attachment: here PUT /api/bugReports may carry 256 KB.
        bodyLimits: [{ method: 'PUT', path: '/api/bugReports', maxBytes: 256 * KB }],
      });
      // Adding a portal credential is a manager's call (contracts CREDENTIAL_EDIT_ROLES).
      auth = await harness.signedInHeaders({ ...STAFF_A, roles: ['staffmanager'] });
    });
    afterAll(async () => {
      await harness.close();
    });

    const json = (bytes: number) => JSON.stringify({ data: 'x'.repeat(bytes - 12) });

    it('passes a body under the limit unchanged', async () => {
      const body = json(60 * KB);
      const response = await harness.call('/api/portals/p1/credentials', { method: 'POST', headers: auth, body });
      expect(response.status).toBe(200);
      expect(harness.upstream.received.at(-1)?.body).toBe(body);
    });

    it('refuses a declared body over the limit with 413 before reading it, and the service sees nothing', async () => {
      const before = harness.upstream.received.length;
      const response = await harness.call('/api/portals/p1/credentials', { method: 'POST', headers: auth, body: json(65 * KB) });
      expect(response.status).toBe(413);
      expect(response.json()).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Request body too large: this route accepts at most 64 KB',
        requestId: expect.any(String),
      });
      expect(harness.upstream.received.length).toBe(before);
    });

    it('refuses a chunked body (no Content-Length) once it grows over the limit', async () => {
      const before = harness.upstream.received.length;
      const chunks = Array.from({ length: 80 }, () => Buffer.alloc(KB, 0x61));
      const response = await request(new URL('/api/portals/p1/credentials', harness.gateway.url), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: Readable.from(chunks),
      });
      expect(response.statusCode).toBe(413);
      expect(await response.body.json()).toMatchObject({ statusCode: 413 });
      expect(harness.upstream.received.length).toBe(before);
    });

    it('lets the route with its own limit take more, up to that limit', async () => {
      const big = json(200 * KB);
      const accepted = await harness.call('/api/bugReports', { method: 'PUT', headers: auth, body: big });
      expect(accepted.status).toBe(200);
      expect(harness.upstream.received.at(-1)?.bodyBytes).toBe(Buffer.byteLength(big));
      const refused = await harness.call('/api/bugReports', { method: 'PUT', headers: auth, body: json(257 * KB) });
      expect(refused.status).toBe(413);
      expect(refused.json()).toMatchObject({ message: 'Request body too large: this route accepts at most 256 KB' });
    });

    it('checks the token before the size: an anonymous large body is a 401', async () => {
      const { authorization: _authorization, ...anonymous } = auth;
      const response = await harness.call('/api/portals/p1/credentials', { method: 'POST', headers: anonymous, body: json(65 * KB) });
      expect(response.status).toBe(401);
    });
  });

  describe('upstreams', () => {
    let harness: GatewayHarness;
    let auth: Record<string, string>;

    beforeAll(async () => {
      // portals answers (slowly when asked), billing points at a port nothing listens on, bugs has no URL at all.
      harness = await startGatewayHarness({
        services: ['offices', 'portals'],
        upstreams: { billing: `http://127.0.0.1:${await closedPort()}` },
        config: { upstreamTimeoutMs: 300 },
      });
      auth = { host: HOST_A, authorization: `Bearer ${await harness.token(STAFF_A)}`, 'connected-dental-office': 'office-a1' };
    });
    afterAll(async () => {
      await harness.close();
    });

    it('answers 503 with the envelope when a service is not configured', async () => {
      const response = await harness.call('/api/bugReports', { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The bugs service is not available on this deployment',
        requestId: expect.any(String),
      });
    });

    it('still checks access first: an unauthorized call to an absent service is a 401', async () => {
      const response = await harness.call('/api/bugReports', { method: 'PUT', headers: { host: HOST_A } });
      expect(response.status).toBe(401);
    });

    it('answers 503 when the service is down', async () => {
      const response = await harness.call('/api/stripe', { headers: auth });
      expect(response.status).toBe(503);
      expect(response.json()).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The billing service is unavailable, retry later',
      });
    });

    it('answers 504 when the service does not answer in time, and keeps serving', async () => {
      const response = await harness.call('/api/portals?delayMs=1500', { headers: auth });
      expect(response.status).toBe(504);
      expect(response.json()).toMatchObject({
        statusCode: 504,
        error: 'Gateway Timeout',
        message: 'The portals service did not answer within 0.3 s',
      });
      expect((await harness.call('/api/portals', { headers: auth })).status).toBe(200);
    });
  });

  describe('rate limit', () => {
    let harness: GatewayHarness;

    beforeAll(async () => {
      harness = await startGatewayHarness({ config: { rateLimit: { max: 5, timeWindowMs: 60_000 } } });
    });
    afterAll(async () => {
      await harness.close();
    });

    it('answers 429 with the envelope once a client exceeds its budget', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await harness.call('/api/features', { headers: { host: HOST_A } })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const response = await harness.call('/api/features', { headers: { host: HOST_A } });
      expect(response.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(response.headers['retry-after']).toBeDefined();
    });
  });
});
