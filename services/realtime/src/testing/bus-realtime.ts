/**
 * A realtime service on an in-process bus, signed-in tokens from a test issuer of its own, for the tests of what
 * an event on the bus becomes on the sockets (billing, feature flags, tickets). Call at the top of a test file:
 * it registers the beforeAll / afterAll that start and close everything, clients included.
 */
import { createInProcessBus, createLogger, type EventBus } from '@dv/kit';
import { createTestIssuer, type TestIssuer } from '@dv/kit/testing';
import { startRealtime, type RunningRealtime } from '../app';
import { loadRealtimeConfig } from '../config';
import { connectClient, type TestClient } from './test-client';

export interface BusRealtime {
  /** The bus the service consumes (set once beforeAll ran). */
  readonly bus: () => EventBus;
  /** A socket that connected and authorized as `user`. */
  readonly signedIn: (user: Record<string, unknown>) => Promise<TestClient>;
  /** A socket that connected and never authorized. */
  readonly connected: () => Promise<TestClient>;
}

export function useBusRealtime(name: string): BusRealtime {
  let issuer: TestIssuer;
  let bus: EventBus;
  let realtime: RunningRealtime;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: `https://id.${name}.test/`, audience: `https://api.${name}.test` });
    const jwksUrl = await issuer.serveJwks();
    bus = createInProcessBus();
    const config = loadRealtimeConfig({ PORT: '0', OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_JWKS_URL: jwksUrl });
    realtime = await startRealtime({ config, bus, logger: createLogger({ name: 'realtime', level: 'silent' }) });
  });

  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await realtime.close();
    await bus.close();
    await issuer.close();
  });

  const opened = async () => {
    const client = await connectClient(realtime.url);
    clients.push(client);
    return client;
  };

  return {
    bus: () => bus,
    signedIn: async (user) => {
      const client = await opened();
      await client.authorize(await issuer.sign(user));
      return client;
    },
    connected: async () => {
      const client = await opened();
      client.socket.connect();
      return client;
    },
  };
}
