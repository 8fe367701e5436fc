/** startRealtime on a server the caller owns, and the configuration. */
import { createServer } from 'node:http';
import { SOCKET_EVENTS } from '@dv/contracts';
import { ConfigError, createInProcessBus, createLogger } from '@dv/kit';
import { createTestIssuer } from '@dv/kit/testing';
import { loadRealtimeConfig } from './config';
import { startRealtime } from './app';
import { connectClient } from './testing/test-client';

it("serves sockets on the caller's HTTP server and leaves that server running when closed", async () => {
  const issuer = await createTestIssuer();
  const server = createServer((_request, response) => response.writeHead(200).end('owner'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bus = createInProcessBus();
  const realtime = await startRealtime({
    config: loadRealtimeConfig({ OIDC_ISSUER: 'https://issuer.test/', OIDC_AUDIENCE: 'https://api.test' }),
    bus,
    httpServer: server,
    keys: { jwks: issuer.jwks },
    logger: createLogger({ name: 'realtime', level: 'silent' }),
  });
  try {
    expect(realtime.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = await connectClient(realtime.url);
    await client.authorize(await issuer.sign({ sub: 'u1', org: 'o', roles: ['staff'], allowedOfficeIds: ['a'] }));
    expect(client.named(SOCKET_EVENTS.authorizationCompleted)).toEqual([{ userId: 'u1' }]);
    await realtime.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.socket.connected).toBe(false);
    expect(await (await fetch(`${realtime.url}/anything`)).text()).toBe('owner');
  } finally {
    await bus.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('configuration', () => {
  const base = { OIDC_ISSUER: 'https://id.test/', OIDC_AUDIENCE: 'api' };

  it('has defaults for everything but the identity provider', () => {
    expect(loadRealtimeConfig(base)).toMatchObject({
      port: 8087,
      host: '127.0.0.1',
      redisKeyPrefix: 'dv-realtime',
      authTimeoutMs: 5_000,
      pingIntervalMs: 25_000,
    });
    expect(() => loadRealtimeConfig({})).toThrow(ConfigError);
  });

  it('checks REDIS_URL and the key prefix', () => {
    expect(loadRealtimeConfig({ ...base, REDIS_URL: 'redis://cache:6379', REDIS_KEY_PREFIX: 'prod:rt' })).toMatchObject({
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'prod:rt',
    });
    expect(() => loadRealtimeConfig({ ...base, REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    expect(() => loadRealtimeConfig({ ...base, REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});
