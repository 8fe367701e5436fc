import { Writable } from 'node:stream';
import { z } from 'zod';
import { Conflict, Forbidden, Invalid, NotFound, PayloadTooLarge, Unauthorized } from './errors';
import { createLogger } from './logger';
import { buildServer, type BuildServerOptions, type Server } from './server';

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ name: 'test', destination }) };
}

const Body = z.object({
  email: z.email(),
  age: z.number().int().min(18),
  address: z.object({ zip: z.string().length(5) }),
});

async function app(options: Partial<BuildServerOptions> = {}) {
  const { lines, logger } = logCapture();
  const server: Server = await buildServer({ name: 'test', logger, rateLimit: false, ...options });
  server.post(
    '/users',
    { schema: { body: Body, response: { 201: z.object({ id: z.string(), email: z.string() }) } } },
    async (request, reply) => {
      // The handler returns more than the response schema names; the serializer must drop it.
      return reply
        .status(201)
        .send({ id: 'u1', email: request.body.email, passwordHash: 'secret-hash' } as { id: string; email: string });
    },
  );
  server.get('/typed/:kind', (request) => {
    const { kind } = request.params as { kind: string };
    switch (kind) {
      case 'not-found':
        throw new NotFound('Office not found');
      case 'forbidden':
        throw new Forbidden();
      case 'unauthorized':
        throw new Unauthorized();
      case 'conflict':
        throw new Conflict('Already exists', { id: 'x' });
      case 'invalid':
        throw new Invalid('Bad dates', [{ path: 'from', message: 'must be before to' }]);
      case 'too-large':
        throw new PayloadTooLarge();
      case 'zod':
        z.object({ n: z.number() }).parse({ n: 'one' });
        return {};
      default:
        throw new Error('db password is hunter2 at 10.0.0.5');
    }
  });
  return { server, lines };
}

describe('buildServer: error envelope', () => {
  it('answers a zod validation failure with 400 and every issue (field path and reason)', async () => {
    const { server } = await app();
    const response = await server.inject({
      method: 'POST',
      url: '/users',
      headers: { 'x-request-id': 'req-123' },
      payload: { email: 'nope', age: 12, address: { zip: '1' } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ details: { location: string; path: string; message: string }[] }>();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid request',
      requestId: 'req-123',
    });
    expect(body.details.map((issue) => issue.path).sort()).toEqual(['address.zip', 'age', 'email']);
    expect(body.details.every((issue) => issue.location === 'body' && issue.message.length > 0)).toBe(true);
    await server.close();
  });

  it('strips fields the response schema does not declare', async () => {
    const { server } = await app();
    const response = await server.inject({
      method: 'POST',
      url: '/users',
      payload: { email: 'a@b.test', age: 30, address: { zip: '12345' } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'u1', email: 'a@b.test' });
    expect(response.body).not.toContain('secret-hash');
    await server.close();
  });

  it.each([
    ['not-found', 404, 'Not Found', 'Office not found'],
    ['forbidden', 403, 'Forbidden', 'Not allowed'],
    ['unauthorized', 401, 'Unauthorized', 'Authentication required'],
    ['conflict', 409, 'Conflict', 'Already exists'],
    ['too-large', 413, 'Payload Too Large', 'Payload too large'],
  ])('renders %s as %i', async (kind, statusCode, error, message) => {
    const { server } = await app();
    const response = await server.inject({ method: 'GET', url: `/typed/${kind}` });
    expect(response.statusCode).toBe(statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      statusCode,
      error,
      message,
      requestId: response.headers['x-request-id'],
      ...(kind === 'conflict' ? { details: { id: 'x' } } : {}),
    });
    await server.close();
  });

  it('renders Invalid with its details and a ZodError thrown by a handler as 400', async () => {
    const { server } = await app();
    const invalid = await server.inject({ method: 'GET', url: '/typed/invalid' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'Bad dates',
      details: [{ path: 'from', message: 'must be before to' }],
    });
    const zod = await server.inject({ method: 'GET', url: '/typed/zod' });
    expect(zod.statusCode).toBe(400);
    expect(zod.json()).toMatchObject({ statusCode: 400, details: [{ path: 'n', code: 'invalid_type' }] });
    await server.close();
  });

  it('turns an unknown error into a 500 that leaks nothing, and logs it with the request id', async () => {
    const { server, lines } = await app();
    const response = await server.inject({ method: 'GET', url: '/typed/boom', headers: { 'x-request-id': 'req-500' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
      requestId: 'req-500',
    });
    expect(response.body).not.toContain('hunter2');
    const logged = lines.find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({ requestId: 'req-500', level: 'error' });
    await server.close();
  });

  it('answers unknown routes, malformed JSON and oversized bodies with the envelope, never 200', async () => {
    const { server } = await app({ bodyLimit: 100 });
    const missing = await server.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /nowhere not found',
    });

    const malformed = await server.inject({
      method: 'POST',
      url: '/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });

    const large = await server.inject({
      method: 'POST',
      url: '/users',
      payload: { email: `${'a'.repeat(200)}@b.test`, age: 30, address: { zip: '12345' } },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    await server.close();
  });
});

describe('buildServer: request ids, headers, limits', () => {
  it('keeps a plausible incoming x-request-id and generates one otherwise', async () => {
    const { server } = await app();
    const kept = await server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await server.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await server.close();
  });

  it('sends security headers (helmet)', async () => {
    const { server } = await app();
    const response = await server.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    await server.close();
  });

  it('limits the request rate with a 429 envelope, but never the probes', async () => {
    const { server } = await app({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const codes: number[] = [];
    for (let index = 0; index < 3; index += 1)
      codes.push((await server.inject({ method: 'GET', url: '/typed/not-found' })).statusCode);
    expect(codes).toEqual([404, 404, 429]);
    const limited = await server.inject({ method: 'GET', url: '/typed/not-found' });
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    for (let index = 0; index < 3; index += 1)
      expect((await server.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await server.close();
  });
});

describe('buildServer: probes', () => {
  it('GET /healthz answers while the process lives', async () => {
    const { server } = await app();
    const response = await server.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await server.close();
  });

  it('GET /readyz runs every readiness check: 200 when all pass, 503 naming the one that failed', async () => {
    const { server, lines } = await app({ readinessTimeoutMs: 50 });
    let storeUp = true;
    server.addReadinessCheck('store', () =>
      storeUp ? Promise.resolve() : Promise.reject(new Error('connection refused')),
    );
    server.addReadinessCheck('bus', () => undefined);
    server.addReadinessCheck('slow', () => new Promise<void>((resolve) => setTimeout(resolve, 5)));
    expect(() => server.addReadinessCheck('bus', () => undefined)).toThrow(/already registered/);

    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok', slow: 'ok' } });

    storeUp = false;
    const notReady = await server.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { store: 'failed', bus: 'ok', slow: 'ok' } });
    expect(notReady.body).not.toContain('connection refused');
    expect(lines.some((line) => line.msg === 'not ready' && line.check === 'store')).toBe(true);
    await server.close();
  });

  it('GET /readyz stays 200 but says degraded while only an optional check fails', async () => {
    const { server, lines } = await app({ readinessTimeoutMs: 50 });
    let searchUp = false;
    let storeUp = true;
    server.addReadinessCheck('store', () => (storeUp ? undefined : Promise.reject(new Error('down'))));
    server.addReadinessCheck('search', () => (searchUp ? undefined : Promise.reject(new Error('down'))), { required: false });

    const degraded = await server.inject({ method: 'GET', url: '/readyz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: 'degraded', checks: { store: 'ok', search: 'failed' } });
    expect(lines.some((line) => line.msg === 'degraded' && line.check === 'search' && line.required === false)).toBe(true);

    storeUp = false;
    const unavailable = await server.inject({ method: 'GET', url: '/readyz' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ status: 'unavailable', checks: { store: 'failed', search: 'failed' } });

    storeUp = true;
    searchUp = true;
    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', search: 'ok' } });
    await server.close();
  });

  it('GET /readyz fails a check that hangs past the timeout', async () => {
    const { server } = await app({ readinessTimeoutMs: 20 });
    server.addReadinessCheck('hung', () => new Promise<void>(() => undefined));
    const response = await server.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { hung: 'failed' } });
    await server.close();
  });
});
