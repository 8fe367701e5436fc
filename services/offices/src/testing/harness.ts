/**
 * Test support: the offices app on a real embedded store in a temporary folder, seeded with the development
 * identity provider's demo data, a real in-process bus fed by the outbox relay, and access tokens signed by a
 * test issuer whose JWKS is served over HTTP on loopback. Tokens of demo users carry exactly the claims the
 * development provider would issue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS, sessionClaimsFor } from '@dv/dev-idp';
import {
  createInProcessBus,
  createLogger,
  createOutboxRelay,
  createTestIssuer,
  openNedbStore,
  waitFor,
  type BusEvent,
  type EventBus,
  type OutboxRelay,
  type Server,
  type SignOptions,
  type Store,
  type TestIssuer,
} from '@dv/kit';
import { type LightMyRequestResponse } from 'fastify';
import { buildOfficesApp } from '../app';
import { seedDemoData, type DemoSeed } from '../seed/seed';
import { prepareOfficesStore } from '../store-setup';

export const TEST_INTERNAL_TOKEN = 'internal-token-for-tests-0123456789';
export const TEST_CLIENT_ID = 'verific-web-test';

export const DEMO_SEED: DemoSeed = { organization: DEMO_ORGANIZATION, offices: DEMO_OFFICES, group: DEMO_GROUP, users: USERS };

export interface Harness {
  readonly app: Server;
  readonly store: Store;
  readonly bus: EventBus;
  readonly relay: OutboxRelay;
  readonly issuer: TestIssuer;
  readonly dir: string;
  /** A token with the claims the development provider issues for the demo user `{role}@demo.test`. */
  tokenFor(role: string, options?: SignOptions): Promise<string>;
  /** A token with any claims (sub and org included by the caller). */
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** An authenticated request; `token` null sends none. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Collects the events of the topic that happen from now on (the in-process bus also replays older ones). */
  collect(topic: string): Promise<{ events: BusEvent[]; waitFor(type: string, key: string): Promise<BusEvent> }>;
  close(): Promise<void>;
}

export async function createHarness(options: { seed?: DemoSeed | null } = {}): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'offices-test-'));
  const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  await prepareOfficesStore(store);
  const seed = options.seed === undefined ? DEMO_SEED : options.seed;
  if (seed) await seedDemoData(store, seed);

  const issuer = await createTestIssuer({ issuer: 'https://id.demo.test/', audience: 'https://api.demo.test' });
  const jwksUri = await issuer.serveJwks();
  const logger = createLogger({ name: 'offices-test', level: 'silent' });
  const bus = createInProcessBus({ logger });
  const relay = createOutboxRelay({ store, bus, pollIntervalMs: 10, logger });
  await relay.start();
  const app = await buildOfficesApp({
    config: {
      oidcIssuer: issuer.issuer,
      oidcAudience: issuer.audience,
      oidcClientId: TEST_CLIENT_ID,
      internalApiToken: TEST_INTERNAL_TOKEN,
    },
    store,
    keys: { jwksUri },
    logger,
  });
  await app.ready();

  const subscriptions: { close(): Promise<void> }[] = [];
  let groups = 0;

  return {
    app,
    store,
    bus,
    relay,
    issuer,
    dir,
    async tokenFor(role, signOptions) {
      const user = USERS.find((candidate) => candidate.email === `${role}@demo.test`);
      if (!user) throw new Error(`No demo user for role ${role}`);
      return issuer.sign({ sub: user.id, ...sessionClaimsFor(user, DEMO_OFFICES) }, signOptions);
    },
    sign: (claims, signOptions) => issuer.sign(claims, signOptions),
    call(method, url, { token, body, headers = {} } = {}) {
      return app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
    async collect(topic) {
      const events: BusEvent[] = [];
      const since = Date.now();
      groups += 1;
      subscriptions.push(
        await bus.subscribe(topic, `test-${groups}`, (event) => {
          if (Date.parse(event.occurredAt) >= since) events.push(event);
          return Promise.resolve();
        }),
      );
      return {
        events,
        async waitFor(type, key) {
          const find = () => events.find((event) => event.type === type && event.key === key);
          await waitFor(() => find() !== undefined, `${type} for ${key} on ${topic}`);
          return find() as BusEvent;
        },
      };
    },
    async close() {
      for (const subscription of subscriptions) await subscription.close();
      await app.close();
      await relay.stop();
      await bus.close();
      await store.close();
      await issuer.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
