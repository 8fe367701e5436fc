/**
 * Starts the portals service: store (MongoDB, or the embedded store under DATA_DIR/portals), bus (Kafka, or
 * in-process), keyring, indexes, the outbox relay, the provider adapters, the portal data responder (consuming
 * the bus) and the HTTP listener. With the embedded store it announces itself to the rewrap command
 * (key-rotation/), which then rotates the key-encryption key in this process. Closing stops listening (in-flight
 * requests finish), stops answering portal data requests, aborts running logins, then closes what this call opened.
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
  type Server,
  type Store,
} from '@dv/kit';
import { buildPortalsApp } from './app';
import { type PortalsConfig } from './config';
import { switchableKeyring } from './crypto/keyring';
import { keyRotation } from './key-rotation/key-rotation.service';
import { loopbackUrlFor, newRotationToken, removeRotationControl, writeRotationControl } from './key-rotation/rotation-control';
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

/**
 * The embedded store is this process's alone: the rewrap command finds the service through this announcement and
 * asks it to rotate in-process (key-rotation/rotation-control.ts), instead of opening the store files itself.
 */
async function announceForRotation(app: Server, config: PortalsConfig, token: string, logger: Logger): Promise<void> {
  const address = app.server.address();
  const url = typeof address === 'object' && address ? loopbackUrlFor(config.host, address.port) : undefined;
  if (url === undefined) {
    logger.warn({ host: config.host }, 'not listening on loopback: the rewrap command cannot reach this service; stop it before rotating keys');
    return;
  }
  await writeRotationControl(config.dataDir, { url, token, pid: process.pid });
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
    // Switchable: an in-process rotation (the rewrap command) replaces the keys while requests are served.
    const keys = switchableKeyring(await keyringFor(config.keys));
    const keyring = keys.keyring;
    await reportKeyHealth(store, keyring, logger);
    // The embedded store is this process's own: the rewrap command asks this service to rotate (key-rotation/).
    const announced = !config.mongodbUri && !options.store;
    const rotationToken = newRotationToken();

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
      ...(announced ? { keyRotation: { rotation: keyRotation({ store, settings: config.keys, keys, logger }), token: rotationToken } } : {}),
      ...(options.keys ? { keys: options.keys } : {}),
      ...(officeBelongsToOrg ? { officeBelongsToOrg } : {}),
    });
    app.addReadinessCheck('bus', () => bus.ping());
    // After the listener stopped, in-flight requests finished, the responder stopped and the logins were aborted:
    // relay, bus, store.
    app.addHook('onClose', closeAll);
    // Before the store closes (onClose hooks run last-added first); only the file this run wrote.
    if (announced) app.addHook('onClose', () => removeRotationControl(config.dataDir, rotationToken));

    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url }, 'portals service listening');
    if (announced) {
      try {
        await announceForRotation(app, config, rotationToken, logger);
      } catch (error) {
        // Unannounced, a rewrap command would take the store for unused and open it beside this process.
        await app.close();
        throw error;
      }
    }
    return { url, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
