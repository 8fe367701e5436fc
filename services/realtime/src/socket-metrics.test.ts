import { createInProcessBus, createLogger } from '@dv/kit';
import { createTestIssuer, waitFor } from '@dv/kit/testing';
import { startRealtime } from './app';
import { loadRealtimeConfig } from './config';
import { connectClient } from './testing/test-client';

it('counts the connected and the authorized sockets on GET /metrics, beside its bus consumers', async () => {
  const issuer = await createTestIssuer();
  const bus = createInProcessBus();
  const realtime = await startRealtime({
    config: loadRealtimeConfig({ OIDC_ISSUER: 'https://issuer.test/', OIDC_AUDIENCE: 'https://api.test', PORT: '0' }),
    bus,
    keys: { jwks: issuer.jwks },
    logger: createLogger({ name: 'realtime', level: 'silent' }),
  });
  const scrape = async () => (await fetch(`${realtime.url}/metrics`)).text();
  try {
    const authorized = await connectClient(realtime.url);
    await authorized.authorize(await issuer.sign({ sub: 'u1', org: 'o', roles: ['staff'], allowedOfficeIds: ['a'] }));
    const waiting = await connectClient(realtime.url);
    await waitFor(() => waiting.socket.connected, 'the second socket');

    const text = await scrape();
    expect(text).toMatch(/^realtime_sockets\{state="connected"\} 2$/m);
    expect(text).toMatch(/^realtime_sockets\{state="authorized"\} 1$/m);
    expect(text).toMatch(/^bus_consumer_queue_depth\{topic="[^"]+",group="realtime[^"]*"\} 0$/m);

    authorized.close();
    waiting.close();
    await waitFor(async () => /^realtime_sockets\{state="connected"\} 0$/m.test(await scrape()), 'the sockets to be gone');
  } finally {
    await realtime.close();
    await bus.close();
  }
});
