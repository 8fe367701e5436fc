/**
 * The provider opens once the app listens (its issuer may be the URL it listens at): built but not yet listening,
 * the service answers its own paths with a 503 (an envelope for the provider's and the test token endpoint, a
 * page for the sign-in pages) and tells in-process callers it is not started, while the probes already answer.
 */
import { buildServiceApp, createClosers, type Server } from '@dv/kit';
import { devIdpService, type DevIdpRunning } from './app';
import { devIdpConfigOf, readEnv } from './config';
import { silentLogger } from './testing';

let app: Server;
let built: DevIdpRunning;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const closers = createClosers(silentLogger);
  closeAll = closers.closeAll;
  const config = devIdpConfigOf(readEnv({ PORT: '0', ENABLE_TEST_TOKEN_ENDPOINT: 'true' }));
  ({ app, built } = await buildServiceApp(devIdpService, { config, logger: silentLogger, closeWith: closers.add }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await closeAll();
});

describe('dev-idp before it listens', () => {
  it.each([
    ['GET', '/.well-known/openid-configuration'],
    ['POST', '/token'],
    ['POST', '/dev/token'],
  ] as const)('answers %s %s with 503 and the envelope', async (method, url) => {
    const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: { email: 'staff@demo.test' } } : {}) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, message: 'The identity provider is starting' });
  });

  it('answers a sign-in page with a 503 page', async () => {
    const response = await app.inject({ method: 'GET', url: '/interaction/some-uid' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('The identity provider is starting');
  });

  it('has no issuer and mints nothing yet, while /healthz answers', async () => {
    expect(() => built.issuer()).toThrow('The identity provider is starting');
    await expect(built.issueTestToken('staff@demo.test')).rejects.toThrow('The identity provider is starting');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
