/**
 * The host of every service: starts a definition (define-service.ts) from its configuration, in this process's
 * own main.ts (`runService`) or beside others (`startService`, the standalone product and tests).
 *
 * Start: logger, store (MongoDB, or the embedded store under DATA_DIR/<name>) prepared by the service, bus (Kafka,
 * or in-process), the outbox relay, the app with the kit's defaults, token verification and the service's own
 * parts, then the listener. Close (SIGTERM, or `close()`): the listener stops taking connections and in-flight
 * requests finish, then what the service registered closes, then the outbox is drained to the bus, then the bus
 * and the store close. What a caller handed in (store, bus) is left open.
 */
import { INTERNAL_TOKEN_HEADER, officeDirectory } from '../auth/office-directory';
import { authPlugin } from '../auth/auth-plugin';
import { issuerTokenVerifier } from '../auth/issuer-keys';
import { type OfficeBelongsToOrg } from '../auth/office-access';
import { type TokenVerifier } from '../auth/token-verifier';
import { openConfiguredBus, openConfiguredStore } from '../adapters';
import { type EventBus } from '../bus/bus';
import { ConfigError, loadConfig, type Environment } from '../config';
import { createClosers, listenOrClose } from '../lifecycle';
import { createLogger, type Logger } from '../logger';
import { type MetricsRegistry } from '../observability/metrics';
import { observeService } from '../observability/service-observability';
import { createOutbox } from '../outbox/outbox';
import { createOutboxRelay, type OutboxRelay } from '../outbox/relay';
import { wakeOnOutboxCommit } from '../outbox/commit-wake';
import { createAppliedEventsPruner } from '../outbox/applied-events-pruner';
import { registerOpenApi } from '../openapi/register-openapi';
import { buildServer, type Server } from '../server';
import { type Store } from '../store/store';
import { type HostConfig, type HostOptions, type ServiceContext, type ServiceDefinition } from './define-service';

/** How long a closing service keeps publishing what its outbox still holds. */
const DRAIN_LIMIT_MS = 5_000;

export type StartOptions<C extends HostConfig, O extends object> = HostOptions<C> & Partial<O>;

export type RunningService<R extends object> = R & {
  /** Where the service listens, e.g. http://127.0.0.1:8081. */
  readonly url: string;
  readonly app: Server;
  close(): Promise<void>;
};

/** The parts the app is built from: opened by the host, or by the test harness. */
export interface AppParts<C extends HostConfig> extends HostOptions<C> {
  readonly logger: Logger;
  readonly closeWith: (close: () => Promise<void>) => void;
}

function absent(name: string, what: string): never {
  throw new Error(`The ${name} service is defined without ${what}`);
}

function verifierFor(parts: AppParts<HostConfig>, name: string): TokenVerifier {
  if (parts.verifier) return parts.verifier;
  const { oidcIssuer, oidcAudience, oidcJwksUrl } = parts.config;
  if (oidcIssuer === undefined || oidcAudience === undefined) return absent(name, 'OIDC_ISSUER and OIDC_AUDIENCE');
  return issuerTokenVerifier({
    issuer: oidcIssuer,
    audience: oidcAudience,
    ...(oidcJwksUrl === undefined ? {} : { jwksUrl: oidcJwksUrl }),
    ...(parts.keys ? { keys: parts.keys } : {}),
  });
}

/** The caller's, else the service's own (it owns the offices), else the offices service's when configured. */
function officeLookupFor<C extends HostConfig>(
  definition: ServiceDefinition<C, never, object>,
  parts: AppParts<C>,
): OfficeBelongsToOrg | undefined {
  if (parts.officeBelongsToOrg) return parts.officeBelongsToOrg;
  if (definition.officeBelongsToOrg && parts.store) return definition.officeBelongsToOrg(parts.store);
  const { officesUrl, internalApiToken } = parts.config;
  return officesUrl && internalApiToken ? officeDirectory({ officesUrl, internalApiToken }) : undefined;
}

function contextFor<C extends HostConfig>(
  definition: ServiceDefinition<C, never, object>,
  parts: AppParts<C>,
  metrics: MetricsRegistry,
): ServiceContext<C> {
  const { name } = definition;
  const { config, store, bus } = parts;
  let verifier: TokenVerifier | undefined;
  return {
    name,
    config,
    logger: parts.logger,
    get store() {
      return store ?? absent(name, 'a store');
    },
    get bus() {
      return bus ?? absent(name, 'a bus');
    },
    get verifier() {
      verifier ??= verifierFor(parts, name);
      return verifier;
    },
    outbox: parts.outbox ?? createOutbox(),
    officeBelongsToOrg: officeLookupFor(definition, parts),
    now: parts.now ?? (() => new Date()),
    metrics,
    closeWith: parts.closeWith,
  };
}

/** The service's app, not listening: the kit's defaults, authentication unless opted out, the service's parts. */
export async function buildServiceApp<C extends HostConfig, O extends object, R extends object>(
  definition: ServiceDefinition<C, O, R>,
  parts: AppParts<C> & Partial<O>,
): Promise<{ app: Server; context: ServiceContext<C>; built: R }> {
  const http = typeof definition.http === 'function' ? definition.http(parts.config) : (definition.http ?? {});
  const app = await buildServer({
    name: definition.name,
    logger: parts.logger,
    ...(http.bodyLimit === undefined ? {} : { bodyLimit: http.bodyLimit }),
    ...(http.trustProxy === undefined ? {} : { trustProxy: http.trustProxy }),
    rateLimit: http.rateLimit ?? false,
    ...(http.helmet === undefined ? {} : { helmet: http.helmet }),
  });
  // Before any route, so that the document sees them all.
  if (http.openapi !== false) await registerOpenApi(app, { name: definition.name });
  const observability = observeService(app, {
    name: definition.name,
    logger: parts.logger,
    metricsPort: parts.config.metricsPort,
    metricsHost: parts.config.metricsHost,
    publicListener: definition.publicListener === true,
    ...(definition.prepareStore && parts.store ? { outboxStore: parts.store } : {}),
    closeWith: parts.closeWith,
  });
  // The service's code gets the bus traced and measured; the relay and the readiness check use the adapter itself.
  const bus = parts.bus && observability.instrumentBus(parts.bus);
  const context = contextFor(definition as ServiceDefinition<C, never, object>, { ...parts, ...(bus ? { bus } : {}) }, observability.registry);
  const { store } = parts;
  if (store) app.addReadinessCheck('store', () => store.ping());
  if (http.authenticate !== false) {
    await app.register(authPlugin, {
      verifier: context.verifier,
      ...(context.officeBelongsToOrg ? { officeBelongsToOrg: context.officeBelongsToOrg } : {}),
    });
    // Answers to signed-in users are theirs alone (and may carry patient data).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.actor) void reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
  }
  const built = await definition.build(app, context, parts);
  return { app, context, built };
}

/** Stops polling, then publishes what is still due, until nothing is left or the limit has passed. */
async function drainOutbox(relay: OutboxRelay, logger: Logger): Promise<void> {
  await relay.stop();
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const run = await relay.runOnce();
    if (run.published === 0 || Date.now() > deadline) {
      if (run.failed > 0) logger.warn({ failed: run.failed }, 'outbox rows left for the next start');
      return;
    }
  }
}

async function openAdapters<C extends HostConfig>(
  definition: ServiceDefinition<C, never, object>,
  options: HostOptions<C>,
  logger: Logger,
  closeWith: (close: () => Promise<void>) => void,
): Promise<{ store?: Store; bus?: EventBus }> {
  const { config, name } = { config: options.config, name: definition.name };
  let store = options.store;
  if (definition.prepareStore) {
    if (!store) {
      const opened = await openConfiguredStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir ?? './data', name });
      closeWith(() => opened.close());
      store = opened;
    }
    await definition.prepareStore(store, { config, logger });
  }
  let bus = options.bus;
  if (definition.bus !== false && !bus) {
    const opened = await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, busUrl: config.busUrl, clientId: name, logger });
    closeWith(() => opened.close());
    bus = opened;
  }
  if (store && bus && definition.prepareStore) {
    const relay = createOutboxRelay({ store, bus, logger });
    await relay.start();
    closeWith(() => drainOutbox(relay, logger));
    // The service writes through this store: an event is relayed as soon as its transaction commits.
    store = wakeOnOutboxCommit(store, () => relay.wake());
  }
  if (store && definition.prepareStore) {
    const pruner = createAppliedEventsPruner({ store, retainMs: config.appliedEventsRetentionMs, logger });
    await pruner.start();
    closeWith(() => pruner.stop());
  }
  return { ...(store ? { store } : {}), ...(bus ? { bus } : {}) };
}

export async function startService<C extends HostConfig, O extends object, R extends object>(
  definition: ServiceDefinition<C, O, R>,
  options: StartOptions<C, O>,
): Promise<RunningService<R>> {
  const { config } = options;
  const logger =
    options.logger ??
    createLogger({ name: definition.name, level: config.logLevel ?? 'info', redact: [INTERNAL_TOKEN_HEADER, ...(definition.redact ?? [])] });
  const { add: closeWith, closeAll } = createClosers(logger);
  try {
    const adapters = await openAdapters(definition as ServiceDefinition<C, never, object>, options, logger, closeWith);
    const { app, context, built } = await buildServiceApp(definition, { ...options, ...adapters, logger, closeWith });
    const { bus } = adapters;
    if (bus) app.addReadinessCheck('bus', () => bus.ping());
    // After the listener stopped and in-flight requests finished: the service's parts, the relay, bus and store.
    app.addHook('onClose', closeAll);
    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url }, `${definition.name} service listening`);
    if (definition.afterListen) {
      try {
        await definition.afterListen(app, context, url);
      } catch (error) {
        await app.close();
        throw error;
      }
    }
    return Object.assign({}, built, { url, app, close: () => app.close() });
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** A service's main.ts: the configuration from the environment, graceful shutdown on SIGTERM and SIGINT. */
export function runService<C extends HostConfig, O extends object, R extends object>(
  definition: ServiceDefinition<C, O, R>,
  env: Environment = process.env,
): void {
  const start = async () => {
    const config = loadConfig(definition.env, env);
    await startService(definition, { config, handleSignals: true } as StartOptions<C, O>);
  };
  start().catch((error: unknown) => {
    // The logger may not exist yet (bad configuration); stderr always does.
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  });
}
