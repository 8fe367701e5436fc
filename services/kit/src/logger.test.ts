import { Writable } from 'node:stream';
import fc from 'fast-check';
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
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'set-cookie': 'sid=2', host: 'h' } },
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
      req: { headers: { host: 'h' } },
      body: { keep: 'me' },
    });
  });

  it('removes extra fields a service names', () => {
    const { lines, destination } = capture();
    createLogger({ name: 'test', destination, redact: ['ssn'] }).info({ patient: { ssn: '123', name: 'x' } }, 'p');
    expect(lines[0]).toMatchObject({ patient: { name: 'x' } });
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

  it.each([
    ['/a', '/a'],
    ['/a?', '/a?'],
    ['/a?x=1&y=two', '/a?x=…&y=…'],
    ['/a?flag&x=', '/a?flag=…&x=…'],
  ])('writes %s as %s', (url, logged) => {
    expect(withoutQueryValues(url)).toBe(logged);
  });
});
