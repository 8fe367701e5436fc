/**
 * Starts the bugs service: store (MongoDB, or the embedded store under DATA_DIR/bugs), attachments (a
 * collection of that MongoDB, or files under DATA_DIR/bugs/attachments), bus (Kafka, or in-process), indexes,
 * the outbox relay, and the HTTP listener. Closing stops listening (in-flight requests finish), then the relay,
 * then what this call opened.
 */
import path from 'node:path';
import {
  createClosers,
  createLogger,
  createOutboxRelay,
  type EventBus,
  INTERNAL_TOKEN_HEADER,
  type KeySource,
  listenOrClose,
  type Logger,
  type OfficeBelongsToOrg,
  officeDirectory,
  openConfiguredBus,
  openConfiguredStore,
  type Store,
} from '@dv/kit';
import { buildBugsApp } from './app';
import type { AttachmentStore } from './attachments/attachment-store';
import { fileAttachments } from './attachments/file-attachments';
import { storeAttachments } from './attachments/store-attachments';
import type { BugsConfig } from './config';
import { prepareBugsStore } from './store-setup';

export interface StartBugsOptions {
  readonly config: BugsConfig;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly store?: Store;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly bus?: EventBus;
  /** Default: a collection of the store with MongoDB, else files under `{dataDir}/bugs/attachments`. */
  readonly attachments?: AttachmentStore;
  /** Default: the configured OIDC_JWKS_URL. */
  readonly keys?: KeySource;
  /** Default: the offices service's internal route when OFFICES_URL and INTERNAL_API_TOKEN are configured. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly logger?: Logger;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts); a runner closes it itself. */
  readonly handleSignals?: boolean;
}

export interface RunningBugs {
  /** Where the service listens, e.g. http://127.0.0.1:8084. */
  readonly url: string;
  close(): Promise<void>;
}

function attachmentsFor(config: BugsConfig, store: Store): AttachmentStore {
  return config.mongodbUri ? storeAttachments(store) : fileAttachments(path.join(config.dataDir, 'bugs', 'attachments'));
}

function officeLookupFor(config: BugsConfig): OfficeBelongsToOrg | undefined {
  if (!config.officesUrl || !config.internalApiToken) return undefined;
  return officeDirectory({ officesUrl: config.officesUrl, internalApiToken: config.internalApiToken });
}

export async function startBugs(options: StartBugsOptions): Promise<RunningBugs> {
  const { config } = options;
  const logger =
    options.logger ?? createLogger({ name: 'bugs', level: config.logLevel ?? 'info', redact: [INTERNAL_TOKEN_HEADER] });
  const { add: closeWith, closeAll } = createClosers(logger);

  try {
    const store = options.store ?? (await openConfiguredStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, name: 'bugs' }));
    if (!options.store) closeWith(() => store.close());
    const bus = options.bus ?? (await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: 'bugs', logger }));
    if (!options.bus) closeWith(() => bus.close());

    await prepareBugsStore(store);

    const relay = createOutboxRelay({ store, bus, logger });
    await relay.start();
    closeWith(() => relay.stop());

    const officeBelongsToOrg = options.officeBelongsToOrg ?? officeLookupFor(config);
    const app = await buildBugsApp({
      config,
      store,
      attachments: options.attachments ?? attachmentsFor(config, store),
      logger,
      ...(options.keys ? { keys: options.keys } : {}),
      ...(officeBelongsToOrg ? { officeBelongsToOrg } : {}),
    });
    app.addReadinessCheck('bus', () => bus.ping());
    // After the listener stopped and in-flight requests finished: relay, then bus and store.
    app.addHook('onClose', closeAll);

    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url }, 'bugs service listening');
    return { url, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
