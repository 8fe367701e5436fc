import { Writable } from 'node:stream';
import { createLogger } from './logger';

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
});
