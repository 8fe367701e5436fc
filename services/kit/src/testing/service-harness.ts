/**
 * Any service definition built in-process for tests: a real embedded store in a temporary folder, a real
 * in-process bus fed by the outbox relay, and access tokens signed by a test issuer whose keys are served over
 * HTTP on loopback. The app is not listening: requests go through `call` (Fastify's inject).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LightMyRequestResponse } from 'fastify';
import { type OfficeBelongsToOrg } from '../auth/office-access';
import { type BusEvent, type EventBus } from '../bus/bus';
import { createInProcessBus } from '../bus/in-process-bus';
import { createClosers } from '../lifecycle';
import { createLogger, type Logger } from '../logger';
import { type Outbox } from '../outbox/outbox';
import { createOutboxRelay, type OutboxRelay } from '../outbox/relay';
import { type Server } from '../server';
import { openNedbStore } from '../store/nedb-store';
import { type Store } from '../store/store';
import { type HostConfig, type ServiceContext, type ServiceDefinition } from '../host/define-service';
import { buildServiceApp } from '../host/service-host';
import { createTestIssuer, type SignOptions, type TestIssuer } from './test-issuer';
import { waitFor } from './wait-for';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** A bearer token; null or absent sends none. */
  readonly token?: string | null;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface CollectedEvents {
  readonly events: BusEvent[];
  waitFor(type: string, key: string): Promise<BusEvent>;
}

export interface ServiceHarness<C extends HostConfig, R extends object> {
  readonly app: Server;
  readonly context: ServiceContext<C>;
  /** What the definition's build answered. */
  readonly built: R;
  readonly store: Store;
  readonly bus: EventBus;
  readonly relay: OutboxRelay;
  readonly issuer: TestIssuer;
  /** The temporary folder (DATA_DIR); removed on close. */
  readonly dir: string;
  /** A token with any claims (sub and org included by the caller). */
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  call(method: HttpMethod, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /**
   * Collects the events of the topic that happen from now on, by their time (the in-process bus also replays older
   * ones); `replayed: true` keeps those too, for a service whose events carry the time of a test's clock.
   */
  collect(topic: string, options?: { readonly replayed?: boolean }): Promise<CollectedEvents>;
  close(): Promise<void>;
}

export interface ServiceHarnessOptions<C extends HostConfig, O extends object> {
  /** The service's own configuration; the host's fields (port, folder, issuer) are filled in. */
  readonly config?: Partial<C>;
  /** The service's own start options (a clock, a double of an outside system ...). */
  readonly options?: Partial<O>;
  /** Writes documents into the prepared store before the app is built (demo data). */
  readonly seed?: (store: Store) => Promise<void>;
  readonly issuer?: { readonly issuer?: string; readonly audience?: string };
  /** The DATA_DIR to use, e.g. an earlier harness's (a restart); left in place on close. Default: a new temporary folder. */
  readonly dir?: string;
  /** Default: a silent logger. One that keeps its lines lets a test read what was logged. */
  readonly logger?: Logger;
  /** Default: a new in-process bus, closed on close. One handed in (one that records, say) is left open. */
  readonly bus?: EventBus;
  /** The clock of the service's context. */
  readonly now?: () => Date;
  /** Which organization an office belongs to, as the offices service would answer. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  /** The outbox of the service's context; one that fails shows what a write does when its event cannot be kept. */
  readonly outbox?: Outbox;
}

export async function createServiceHarness<C extends HostConfig, O extends object, R extends object>(
  definition: ServiceDefinition<C, O, R>,
  options: ServiceHarnessOptions<C, O> = {},
): Promise<ServiceHarness<C, R>> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), `${definition.name}-test-`)));
  const logger = options.logger ?? createLogger({ name: `${definition.name}-test`, level: 'silent' });
  const { add: closeWith, closeAll } = createClosers(logger);
  const issuer = await createTestIssuer({
    issuer: options.issuer?.issuer ?? 'https://id.demo.test/',
    audience: options.issuer?.audience ?? 'https://api.demo.test',
  });
  const jwksUri = await issuer.serveJwks();
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    logLevel: 'silent',
    oidcIssuer: issuer.issuer,
    oidcAudience: issuer.audience,
    ...options.config,
  } as C;
  const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  await definition.prepareStore?.(store, { config, logger });
  if (options.seed) await options.seed(store);
  const bus = options.bus ?? createInProcessBus({ logger });
  const relay = createOutboxRelay({ store, bus, pollIntervalMs: 10, logger });
  await relay.start();
  const { app, context, built } = await buildServiceApp(definition, {
    ...options.options,
    config,
    store,
    bus,
    logger,
    keys: { jwksUri },
    closeWith,
    ...(options.now ? { now: options.now } : {}),
    ...(options.officeBelongsToOrg ? { officeBelongsToOrg: options.officeBelongsToOrg } : {}),
    ...(options.outbox ? { outbox: options.outbox } : {}),
  } as Parameters<typeof buildServiceApp<C, O, R>>[1]);
  app.addHook('onClose', closeAll);
  await app.ready();

  const subscriptions: { close(): Promise<void> }[] = [];
  return {
    app,
    context,
    built,
    store,
    bus,
    relay,
    issuer,
    dir,
    sign: (claims, signOptions) => issuer.sign(claims, signOptions),
    call(method, url, { token, body, headers = {} } = {}) {
      return app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
    async collect(topic, { replayed = false } = {}) {
      const events: BusEvent[] = [];
      const since = Date.now();
      subscriptions.push(
        await bus.subscribe(topic, `test-${subscriptions.length + 1}`, (event) => {
          if (replayed || Date.parse(event.occurredAt) >= since) events.push(event);
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
      if (!options.bus) await bus.close();
      await store.close();
      await issuer.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
