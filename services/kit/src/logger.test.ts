import { Writable } from 'node:stream';
import fc from 'fast-check';
import { PATIENT_DATA_FIELDS } from '@dv/contracts';
import { createLogger, withoutQueryValues } from './logger';
import { buildServer } from './server';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('removes passwords, authorization, cookies and tokens at any of the first levels of nesting', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    logger.info(
      {
        password: 'p0',
        user: { email: 'a@b.test', password: 'p1', credentials: { token: 't2', refresh_token: 'r2' } },
        request: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'set-cookie': 'sid=2', host: 'h' } },
        body: { accessToken: 'a1', idToken: 'i1', client_secret: 's1', keep: 'me' },
      },
      'hello',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['p0', 'p1', 't2', 'r2', 'Bearer abc', 'sid=1', 'sid=2', 'a1', 'i1', 's1']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      level: 'info',
      name: 'test',
      msg: 'hello',
      user: { email: 'a@b.test', credentials: {} },
      request: { headers: { host: 'h' } },
      body: { keep: 'me' },
    });
  });

  it("removes the fields from child loggers' bindings, errors, and objects inside arrays, and leaves the caller's objects as they were", () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    const bindings = { token: 'b0', user: { id: 'u1', password: 'b1' } };
    const error = Object.assign(new Error('upstream refused'), { config: { headers: { authorization: 'Bearer e1', accept: 'json' } } });
    const line = { results: [{ memberId: 'a1', status: 'ok' }, [{ password: 'a2' }]], err: error };
    const before = JSON.stringify({ bindings, line });
    logger.child(bindings).error(line, 'failed');
    const text = JSON.stringify(lines);
    for (const secret of ['b0', 'b1', 'e1', 'a1', 'a2']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      user: { id: 'u1' },
      results: [{ status: 'ok' }, [{}]],
      err: { type: 'Error', message: 'upstream refused', config: { headers: { accept: 'json' } } },
    });
    expect(JSON.stringify({ bindings, line })).toBe(before);
    expect(error.config.headers.authorization).toBe('Bearer e1');
  });

  it('removes a field wherever it sits in the first levels, among objects and arrays, and keeps its neighbours (generated cases)', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    const step = fc.oneof(fc.constantFrom('body', 'data', 'items'), fc.constant(0));
    fc.assert(
      fc.property(fc.constantFrom('password', 'token', 'authorization', ...PATIENT_DATA_FIELDS), fc.array(step, { maxLength: 3 }), (field, path) => {
        lines.length = 0;
        let logged: unknown = { [field]: 'PHI-CANARY', keep: 'me' };
        for (const key of [...path].reverse()) logged = key === 0 ? [logged] : { [key]: logged };
        logger.info(Array.isArray(logged) ? { list: logged } : (logged as object), 'nested');
        // A top-level array is one level more: the field then sits as deep as the path says plus one.
        const deepest = path.length + (Array.isArray(logged) ? 1 : 0);
        if (deepest <= 3) expect(JSON.stringify(lines)).not.toContain('PHI-CANARY');
        expect(JSON.stringify(lines)).toContain('"keep":"me"');
      }),
      { numRuns: 300 },
    );
  });

  it('removes extra fields a service names', () => {
    const { lines, destination } = capture();
    createLogger({ name: 'test', destination, redact: ['ssn'] }).info({ record: { ssn: '123', name: 'x' } }, 'p');
    expect(lines[0]).toMatchObject({ record: { name: 'x' } });
    expect(JSON.stringify(lines)).not.toContain('123');
  });

  it('keeps query values out of every request line of a server, for any search (generated cases)', async () => {
    const { lines, destination } = capture();
    const app = await buildServer({ name: 'test', logger: createLogger({ name: 'test', destination, level: 'trace' }), rateLimit: false });
    app.get('/api/verifications', () => ({ ok: true }));
    const canary = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/).map((text) => `PHI${text}`);
    await fc.assert(
      fc.asyncProperty(canary, fc.constantFrom('patientName', 'memberId', 'dob', 'q'), fc.boolean(), async (value, name, known) => {
        lines.length = 0;
        const path = known ? '/api/verifications' : '/api/unknown';
        await app.inject({ method: 'GET', url: `${path}?page=2&${name}=${encodeURIComponent(value)}` });
        const text = JSON.stringify(lines);
        expect(lines.length).toBeGreaterThan(0);
        expect(text).not.toContain(value);
        expect(text).toContain(`${name}=…`);
      }),
      { numRuns: 40 },
    );
    await app.close();
  });

  it('removes every patient-data field of a logged body, at any of the first levels, whatever the value (generated cases)', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ name: 'test', destination });
    const canary = fc.stringMatching(/^[A-Za-z0-9/ -]{4,20}$/).map((text) => `PHI${text}`);
    fc.assert(
      fc.property(fc.constantFrom(...PATIENT_DATA_FIELDS), canary, fc.integer({ min: 0, max: 3 }), (field, value, depth) => {
        lines.length = 0;
        let logged: Record<string, unknown> = { [field]: value, keep: 'me' };
        for (let level = 0; level < depth; level += 1) logged = { body: logged };
        logger.info(logged, 'a request body');
        expect(JSON.stringify(lines)).not.toContain(value);
        expect(JSON.stringify(lines)).toContain('"keep":"me"');
      }),
      { numRuns: 200 },
    );
  });

  it('logs the route pattern of a request, not its path values or query', async () => {
    const { lines, destination } = capture();
    const app = await buildServer({ name: 'test', logger: createLogger({ name: 'test', destination, level: 'trace' }), rateLimit: false });
    app.get('/api/verifications/:id', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/verifications/v-123?memberId=PHI-CANARY' });
    const incoming = lines.find((line) => line.msg === 'incoming request') as { req?: Record<string, unknown> } | undefined;
    expect(incoming?.req).toMatchObject({ method: 'GET', route: '/api/verifications/:id', url: '/api/verifications/v-123?memberId=…' });
    expect(JSON.stringify(lines)).not.toContain('PHI-CANARY');
    await app.close();
  });

  it.each([
    ['/a', '/a'],
    ['/a?', '/a?'],
    ['/a?x=1&y=two', '/a?x=…&y=…'],
    ['/a?flag&x=', '/a?flag=…&x=…'],
  ])('writes %s as %s', (url, logged) => {
    expect(withoutQueryValues(url)).toBe(logged);
  });
});
