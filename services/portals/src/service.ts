/**
 * Starts the portals service: store (MongoDB, or the embedded store under DATA_DIR/portals), bus (Kafka, or
 * in-process), keyring, indexes, the outbox relay, the provider adapters, the portal data responder (consuming
 * the bus) and the HTTP listener. Closing stops listening (in-flight requests finish), stops answering portal data
 * requests, aborts running logins, then closes what this call opened.
 */
import {
  createClosers,
  createLogger,
  createOutboxRelay,
  type EventBus,
  type KeySource,
  listenOrClose,
  type Logger,
  type OfficeBelongsToOrg,
  officeDirectory,
  openConfiguredBus,
  openConfiguredStore,
  type Store,
} from '@dv/kit';
import { buildPortalsApp } from './app';
import { type PortalsConfig } from './config';
import { keyringFor, reportKeyHealth } from './keys';
import { type PortalProviderAdapter } from './providers/provider';
import { sandboxProviders } from './providers/sandbox';
import { preparePortalsStore } from './store-setup';

export interface StartPortalsOptions {
  readonly config: PortalsConfig;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly store?: Store;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly bus?: EventBus;
  readonly logger?: Logger;
  /** The identity provider's keys; default: OIDC_JWKS_URL, else the issuer's discovery document. */
  readonly keys?: KeySource;
  /** Default: asked of the offices service (OFFICES_URL) when configured. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts); a runner closes it itself. */
  readonly handleSignals?: boolean;
}

export interface RunningPortals {
  /** Where the service listens, e.g. http://127.0.0.1:8082. */
  readonly url: string;
  close(): Promise<void>;
}

/** The adapters the configuration selects; the sandbox is never chosen beside a production adapter. */
export function providersFor(config: Pick<PortalsConfig, 'providers' | 'sandboxLoginDelayMs' | 'sandboxMfaDelayMs'>): PortalProviderAdapter[] {
  switch (config.providers) {
    case 'sandbox':
      return sandboxProviders({ loginDelayMs: config.sandboxLoginDelayMs, mfaDelayMs: config.sandboxMfaDelayMs });
  }
}

function officeDirectoryFor(config: PortalsConfig): OfficeBelongsToOrg | undefined {
  if (config.officesUrl === undefined || config.internalApiToken === undefined) return undefined;
  return officeDirectory({ officesUrl: config.officesUrl, internalApiToken: config.internalApiToken });
}

export async function startPortals(options: StartPortalsOptions): Promise<RunningPortals> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ name: 'portals', level: config.logLevel ?? 'info', redact: ['x-internal-token'] });
  const { add: closeWith, closeAll } = createClosers(logger);

  try {
    const store = options.store ?? (await openConfiguredStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, name: 'portals' }));
    if (!options.store) closeWith(() => store.close());
    const bus = options.bus ?? (await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: 'portals', logger }));
    if (!options.bus) closeWith(() => bus.close());

    await preparePortalsStore(store);
    const keyring = await keyringFor(config.keys);
    await reportKeyHealth(store, keyring, logger);

    const relay = createOutboxRelay({ store, bus, logger });
    await relay.start();
    closeWith(() => relay.stop());

    const providers = providersFor(config);
    if (providers.some((adapter) => adapter.sandbox)) {
      logger.warn({ providers: providers.map((adapter) => adapter.name) }, 'portal logins go to the sandbox (simulated portals)');
    }
    const officeBelongsToOrg = options.officeBelongsToOrg ?? officeDirectoryFor(config);
    const app = await buildPortalsApp({
      config,
      store,
      keyring,
      providers,
      bus,
      logger,
      ...(options.keys ? { keys: options.keys } : {}),
      ...(officeBelongsToOrg ? { officeBelongsToOrg } : {}),
    });
    app.addReadinessCheck('bus', () => bus.ping());
    // After the listener stopped, in-flight requests finished, the responder stopped and the logins were aborted:
    // relay, bus, store.
    app.addHook('onClose', closeAll);

    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url }, 'portals service listening');
    return { url, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
