/**
 * Starts the verifications service: store (MongoDB, or the embedded store under DATA_DIR/verifications), bus
 * (Kafka, or in-process), indexes, the outbox relay, the clearinghouse (a real one when CLEARINGHOUSE_URL is
 * set, else the sandbox), the engine (job runner resuming what the store holds, portal results consumer), and the
 * HTTP listener. Portal data requests go over the bus to the portals service, which answers them with the
 * office's credentials. Closing stops listening (in-flight requests finish), then the engine, the relay, then
 * what this call opened.
 */
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
import { buildVerificationsApp } from './app';
import { HttpClearinghouse } from './clearinghouse-source/http-clearinghouse';
import { type Clearinghouse } from './clearinghouse/clearinghouse';
import { createSandboxClearinghouse } from './clearinghouse/sandbox';
import {
  clearinghouseSettings,
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_PORTAL_RESULT_TIMEOUT_MS,
  providerSettings,
  type VerificationsConfig,
} from './config';
import { createVerificationEngine } from './engine';
import { prepareVerificationsStore } from './store-setup';

export interface StartVerificationsOptions {
  readonly config: VerificationsConfig;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly store?: Store;
  /** Used as is and left open on close; default: opened from the config and closed on close. */
  readonly bus?: EventBus;
  /** Default: HttpClearinghouse when the config names a clearinghouse URL, else the sandbox clearinghouse. */
  readonly clearinghouse?: Clearinghouse;
  /** Default: the configured OIDC_JWKS_URL. */
  readonly keys?: KeySource;
  /** Default: the offices service's internal route when OFFICES_URL and INTERNAL_API_TOKEN are configured. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly logger?: Logger;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts); a runner closes it itself. */
  readonly handleSignals?: boolean;
}

export interface RunningVerifications {
  /** Where the service listens, e.g. http://127.0.0.1:8085. */
  readonly url: string;
  /** Whether eligibility goes to the sandbox clearinghouse (the UI shows a 'sandbox' badge). */
  readonly sandboxClearinghouse: boolean;
  close(): Promise<void>;
}

/** The configured clearinghouse: never the sandbox when a real one is configured. */
export function clearinghouseFor(config: VerificationsConfig): { clearinghouse: Clearinghouse; sandbox: boolean } {
  const settings = clearinghouseSettings(config);
  if (settings.url !== undefined) {
    if (settings.apiKey === undefined) throw new Error('A clearinghouse URL needs an API key');
    return {
      clearinghouse: new HttpClearinghouse({
        url: settings.url,
        apiKey: settings.apiKey,
        authHeader: settings.authHeader,
        authScheme: settings.authScheme,
        timeoutMs: settings.timeoutMs,
      }),
      sandbox: false,
    };
  }
  return { clearinghouse: createSandboxClearinghouse({ latencyMs: settings.sandboxLatencyMs }), sandbox: true };
}

function officeLookupFor(config: VerificationsConfig): OfficeBelongsToOrg | undefined {
  if (!config.officesUrl || !config.internalApiToken) return undefined;
  return officeDirectory({ officesUrl: config.officesUrl, internalApiToken: config.internalApiToken });
}

export async function startVerifications(options: StartVerificationsOptions): Promise<RunningVerifications> {
  const { config } = options;
  const logger =
    options.logger ??
    createLogger({ name: 'verifications', level: config.logLevel ?? 'info', redact: [INTERNAL_TOKEN_HEADER] });
  const { add: closeWith, closeAll } = createClosers(logger);

  try {
    const store = options.store ?? (await openConfiguredStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, name: 'verifications' }));
    if (!options.store) closeWith(() => store.close());
    const bus = options.bus ?? (await openConfiguredBus({ kafkaBrokers: config.kafkaBrokers, clientId: 'verifications', logger }));
    if (!options.bus) closeWith(() => bus.close());

    await prepareVerificationsStore(store);

    const relay = createOutboxRelay({ store, bus, logger });
    await relay.start();
    closeWith(() => relay.stop());

    const settings = clearinghouseSettings(config);
    const chosen = options.clearinghouse
      ? { clearinghouse: options.clearinghouse, sandbox: false }
      : clearinghouseFor(config);
    const engine = createVerificationEngine({
      store,
      clearinghouse: chosen.clearinghouse,
      clearinghouseName: settings.name,
      clearinghouseTimeoutMs: settings.timeoutMs,
      provider: providerSettings(config),
      portalResultTimeoutMs: config.portalResultTimeoutMs ?? DEFAULT_PORTAL_RESULT_TIMEOUT_MS,
      concurrency: config.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY,
      logger,
    });

    const officeBelongsToOrg = options.officeBelongsToOrg ?? officeLookupFor(config);
    const app = await buildVerificationsApp({
      config,
      engine,
      storeReady: () => store.ping(),
      sandbox: chosen.sandbox,
      logger,
      ...(options.keys ? { keys: options.keys } : {}),
      ...(officeBelongsToOrg ? { officeBelongsToOrg } : {}),
    });
    app.addReadinessCheck('bus', () => bus.ping());
    await engine.start(bus);
    closeWith(() => engine.stop());
    // After the listener stopped and in-flight requests finished: engine, relay, then bus and store.
    app.addHook('onClose', closeAll);

    const url = await listenOrClose(app, { port: config.port, host: config.host, handleSignals: options.handleSignals });
    logger.info({ url, sandboxClearinghouse: chosen.sandbox }, 'verifications service listening');
    return { url, sandboxClearinghouse: chosen.sandbox, close: () => app.close() };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
