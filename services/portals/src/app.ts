/**
 * The portals service, defined for the kit's host (which brings the store, the bus, the outbox relay, token
 * verification, the probes and graceful shutdown): the keyring, the provider adapters, the catalogue and credential
 * routes, the login runner behind them with its sweeper for logins a stopped process left, and the portal data
 * responder (answers the verifications service's portal data requests from the bus). With the embedded store it
 * announces itself to the rewrap command after listening (key-rotation/), which then rotates the key-encryption key
 * in this process. Closing stops the sweeper and the responder and aborts running logins before the store closes.
 */
import { type PortalProvider } from '@dv/contracts';
import { defineService, startService, type RunningService, type Server, type ServiceContext, type StartOptions } from '@dv/kit';
import { portalRoutes } from './catalogue/portals.routes';
import { portalCatalogue } from './catalogue/portals.service';
import { PortalsEnv, type PortalsConfig } from './config';
import { credentialRoutes } from './credentials/credentials.routes';
import { credentialService } from './credentials/credentials.service';
import { loginRunner } from './credentials/logins';
import { credentialSecrets } from './crypto/credential-secrets';
import { dataKeys } from './crypto/data-keys';
import { switchableKeyring, type Keyring } from './crypto/keyring';
import { keyRotationRoutes } from './key-rotation/key-rotation.routes';
import { keyRotation } from './key-rotation/key-rotation.service';
import { newRotationToken, removeRotationControl } from './key-rotation/rotation-control';
import { announceForRotation, keyringFor, reportKeyHealth, type KeyRotationRoute } from './keys';
import { portalDataResponder } from './portal-data/portal-data.service';
import { type PortalProviderAdapter } from './providers/provider';
import { sandboxProviders } from './providers/sandbox';
import { preparePortalsStore } from './store-setup';

/** Bodies are a username and a password, or a catalogue entry with its carriers. */
const BODY_LIMIT_BYTES = 64 * 1024;
const MINUTE_MS = 60_000;

/** What a caller (a test) may hand the service instead of what the configuration selects. */
export interface PortalsOptions {
  /** Replaces the keys the configuration names. */
  readonly keyring?: Keyring;
  /** Replaces the provider adapters the configuration selects. */
  readonly providers?: readonly PortalProviderAdapter[];
  /** How often logins a stopped process left are looked for; 0 turns it off. Default a minute. */
  readonly loginSweepIntervalMs?: number;
  /** How often held portal data requests are decided again; 0: only when the app is ready. Default a minute. */
  readonly portalDataSweepIntervalMs?: number;
  /**
   * The rewrap command's in-process rotation (POST /internal/keys/rewrap from loopback with the route's token).
   * Default: with the embedded store, this service's own, announced in DATA_DIR once listening; false: no route.
   */
  readonly keyRotation?: KeyRotationRoute | false;
}

export type StartPortalsOptions = StartOptions<PortalsConfig, PortalsOptions>;
export type RunningPortals = RunningService<object>;

/** The token of each app's own rotation route, announced once it listens. */
const announcedTokens = new WeakMap<Server, string>();

/** The adapters the configuration selects; the sandbox is never chosen beside a production adapter. */
export function providersFor(config: Pick<PortalsConfig, 'providers' | 'sandboxLoginDelayMs' | 'sandboxMfaDelayMs'>): PortalProviderAdapter[] {
  switch (config.providers) {
    case 'sandbox':
      return sandboxProviders({ loginDelayMs: config.sandboxLoginDelayMs, mfaDelayMs: config.sandboxMfaDelayMs });
  }
}

/** The routes and the background work over the keys and adapters chosen. */
function buildPortals(
  app: Server,
  { config, store, bus, outbox, now }: ServiceContext<PortalsConfig>,
  parts: { keyring: Keyring; adapters: readonly PortalProviderAdapter[]; options: Partial<PortalsOptions> },
): void {
  const { keyring, adapters, options } = parts;
  const providers = new Map<PortalProvider, PortalProviderAdapter>(adapters.map((adapter) => [adapter.name, adapter]));
  const catalogue = portalCatalogue({ store, now });
  const findPortal = (orgId: string, portalId: string) => catalogue.find(orgId, portalId);
  const secrets = credentialSecrets({ keys: dataKeys({ store, keyring, now }) });
  const logins = loginRunner({ store, outbox, secrets, providers, findPortal, logger: app.log, now });
  const credentials = credentialService({ store, outbox, secrets, logins, providers, findPortal, retryWaitMs: config.retryWaitMs, now });
  const portalData = portalDataResponder({
    store,
    outbox,
    secrets,
    providers,
    portalsOf: (orgId) => catalogue.portalsOf(orgId),
    logger: app.log,
    ...(config.portalDataLoginWaitMs === undefined ? {} : { loginWaitMs: config.portalDataLoginWaitMs }),
    ...(config.portalDataWaitDays === undefined ? {} : { maxWaitDays: config.portalDataWaitDays }),
    ...(options.portalDataSweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.portalDataSweepIntervalMs }),
    now,
  });

  portalRoutes(app, { catalogue, sandbox: adapters.some((adapter) => adapter.sandbox) });
  credentialRoutes(app, { credentials });

  const sweepEvery = options.loginSweepIntervalMs ?? MINUTE_MS;
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    logins.resumeStaleLogins(new Date(now().getTime() - config.loginStaleAfterMs)).catch((error: unknown) => {
      app.log.error({ err: error }, 'resuming interrupted portal logins failed');
    });
  app.addHook('onReady', async () => {
    await portalData.start(bus);
    if (sweepEvery <= 0) return;
    await sweep();
    sweeper = setInterval(() => void sweep(), sweepEvery);
    sweeper.unref();
  });
  // Before the listener closes, so before the host's closers (relay, bus, store): stop looking for stale logins,
  // stop answering portal data requests and abort the running logins, which stay inProgress and are resumed by the
  // next process. A retry still waiting answers 202.
  app.addHook('preClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await portalData.stop();
    await logins.close();
  });
}

export const portalsService = defineService<PortalsConfig, PortalsOptions>({
  name: 'portals',
  env: PortalsEnv,
  prepareStore: (store) => preparePortalsStore(store),
  http: { bodyLimit: BODY_LIMIT_BYTES },
  async build(app, context, options) {
    const { config, store, logger } = context;
    // Switchable: an in-process rotation (the rewrap command) replaces the keys while requests are served.
    const keys = switchableKeyring(options.keyring ?? (await keyringFor(config.keys)));
    await reportKeyHealth(store, keys.keyring, logger);
    const adapters = options.providers ?? providersFor(config);
    if (adapters.some((adapter) => adapter.sandbox)) {
      logger.warn({ providers: adapters.map((adapter) => adapter.name) }, 'portal logins go to the sandbox (simulated portals)');
    }
    buildPortals(app, context, { keyring: keys.keyring, adapters, options });

    // The embedded store is this process's own: the rewrap command asks this service to rotate (key-rotation/).
    const ownRotation = options.keyRotation === undefined && !config.mongodbUri;
    const rotation = ownRotation
      ? { rotation: keyRotation({ store, settings: config.keys, keys, logger }), token: newRotationToken() }
      : options.keyRotation;
    if (rotation) keyRotationRoutes(app, rotation);
    if (ownRotation && rotation) announcedTokens.set(app, rotation.token);
    return {};
  },
  // Unannounced, a rewrap command would take the store for unused and open it beside this process: a failure here
  // closes the service.
  async afterListen(app, context) {
    const { config, logger } = context;
    const token = announcedTokens.get(app);
    if (token === undefined || !(await announceForRotation(app, config, token, logger))) return;
    // Before the store closes; only the file this run wrote.
    context.closeWith(() => removeRotationControl(config.dataDir, token));
  },
});

export function startPortals(options: StartPortalsOptions): Promise<RunningPortals> {
  return startService(portalsService, options);
}
