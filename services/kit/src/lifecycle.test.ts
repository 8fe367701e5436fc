import { createServer, type Server as NetServer } from 'node:net';
import { createClosers, listenOrClose } from './lifecycle';
import { createLogger } from './logger';
import { buildServer } from './server';

const silent = () => createLogger({ name: 'lifecycle-test', level: 'silent' });

describe('createClosers', () => {
  it('closes newest first, logs a close that fails and still runs the others, and closes nothing twice', async () => {
    const logged: unknown[] = [];
    const closed: string[] = [];
    const { add, closeAll } = createClosers({ error: (entry: unknown) => void logged.push(entry) });
    add(async () => void closed.push('store'));
    add(() => Promise.reject(new Error('bus would not close')));
    add(async () => void closed.push('relay'));

    await closeAll();
    expect(closed).toEqual(['relay', 'store']);
    expect(logged).toEqual([{ err: new Error('bus would not close') }]);

    await closeAll();
    expect(closed).toEqual(['relay', 'store']);
  });
});

describe('listenOrClose', () => {
  it('answers the URL of a listening app', async () => {
    const app = await buildServer({ name: 'lifecycle-test', logger: silent(), rateLimit: false });
    try {
      const url = await listenOrClose(app, { port: 0, host: '127.0.0.1' });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('closes an app that cannot listen, so its hooks release what the service opened, and throws on', async () => {
    const taken: NetServer = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const app = await buildServer({ name: 'lifecycle-test', logger: silent(), rateLimit: false });
    let released = false;
    app.addHook('onClose', async () => {
      released = true;
    });
    try {
      await expect(listenOrClose(app, { port: address.port, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(released).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
