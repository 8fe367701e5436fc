/**
 * Starts the offices service: store (MongoDB, or the embedded store under DATA_DIR/offices), bus (Kafka, or
 * in-process), indexes and default flags, demo data when asked, the outbox relay, and the HTTP listener.
 * Closing stops listening (in-flight requests finish), then the relay, then what this call opened.
 */
import {
  createClosers,
  createLogger,
  createOutboxRelay,
  type EventBus,
  listenOrClose,
  type Logger,
  openConfiguredBus,
  openConfiguredStore,
  type Store,
} from '@dv/kit';
import { buildOfficesApp } from './app';
import { type OfficesConfig } from './config';
import { INTERNAL_TOKEN_HEADER } from './internal/internal-token';
import { seedDemoData, type DemoSeed } from './seed/seed';
import { prepareOfficesStore } from './store-setup';

export interface StartOfficesOptions {
  readonly config: OfficesConfig;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly store?: Store;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly bus?: EventBus;
  /** Demo data to write where missing (see seedDemoData). */
  readonly seed?: DemoSeed;
  readonly logger?: Logger;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts); a runner closes it itself. */
  readonly handleSignals?: boolean;
}

export interface RunningOffices {
  /** Where the service listens, e.g. http://127.0.0.1:8081. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startOffices(options: StartOfficesOptions): Promise<RunningOffices> {
  const { config } = options;
  const logger =
    options.logger ?? createLogger({ name: 'offices', level: config.logLevel ?? 'info', redact: [INTERNAL_TOKEN_HEADER] });
  const { add: closeWith, closeAll } = createClosers(logger);

  try {
    const store = options.store ?? (await openConfiguredStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, name: 'offices' }));
    if (!options.store) closeWith(() => store.close());
    const bus = options.bus ?? (await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: 'offices', logger }));
    if (!options.bus) closeWith(() => bus.close());

    await prepareOfficesStore(store);
    if (options.seed) {
      const seeded = await seedDemoData(store, options.seed);
      logger.info({ seeded }, 'demo data ready');
    }

    const relay = createOutboxRelay({ store, bus, logger });
    await relay.start();
    closeWith(() => relay.stop());

    const app = await buildOfficesApp({ config, store, logger });
    app.addReadinessCheck('bus', () => bus.ping());
    // After the listener stopped and in-flight requests finished: relay, then bus and store.
    app.addHook('onClose', closeAll);

    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url }, 'offices service listening');
    return { url, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
