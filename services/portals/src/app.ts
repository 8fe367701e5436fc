/**
 * The portals service as a Fastify instance: kit defaults (error envelope, probes, zod schemas), bearer-token
 * authentication on every route, the catalogue and credential routes, the login runner that works behind them,
 * and, given a bus, the portal data responder (answers the verifications service's portal data requests).
 * Tests build it with a temporary store, a test issuer's keys and small sandbox delays; `startPortals` builds it
 * from the configuration.
 */
import { type PortalProvider } from '@dv/contracts';
import {
  authPlugin,
  buildServer,
  createOutbox,
  type EventBus,
  type KeySource,
  type Logger,
  type OfficeBelongsToOrg,
  type Outbox,
  type Server,
  type Store,
  type TokenVerifier,
} from '@dv/kit';
import { tokenVerifierFor } from './auth/token-verification';
import { portalRoutes } from './catalogue/portals.routes';
import { portalCatalogue } from './catalogue/portals.service';
import { type PortalsConfig } from './config';
import { credentialRoutes } from './credentials/credentials.routes';
import { credentialService } from './credentials/credentials.service';
import { loginRunner } from './credentials/logins';
import { credentialSecrets } from './crypto/credential-secrets';
import { dataKeys } from './crypto/data-keys';
import { type Keyring } from './crypto/keyring';
import { keyRotationRoutes } from './key-rotation/key-rotation.routes';
import { type KeyRotation } from './key-rotation/key-rotation.service';
import { portalDataResponder } from './portal-data/portal-data.service';
import { type PortalProviderAdapter } from './providers/provider';

/** Bodies are a username and a password, or a catalogue entry with its carriers. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface PortalsAppDeps {
  readonly config: Pick<
    PortalsConfig,
    'oidcIssuer' | 'oidcAudience' | 'oidcJwksUrl' | 'retryWaitMs' | 'loginStaleAfterMs' | 'portalDataLoginWaitMs' | 'portalDataWaitDays'
  >;
  /** Prepared (see preparePortalsStore). */
  readonly store: Store;
  readonly keyring: Keyring;
  /** The provider adapters (sandboxProviders() for the embedded default). */
  readonly providers: readonly PortalProviderAdapter[];
  /** The identity provider's keys; default: OIDC_JWKS_URL, else the issuer's discovery document. */
  readonly keys?: KeySource;
  readonly verifier?: TokenVerifier;
  /** Lets company users act for any office of their organization (see auth/office-directory.ts). */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly outbox?: Outbox;
  readonly logger?: Logger;
  /** How often logins a stopped process left are looked for; 0 turns it off. Default a minute. */
  readonly loginSweepIntervalMs?: number;
  /**
   * Where portal data requests come from (TOPICS.portalDataRequests) and credential changes are heard: the
   * responder subscribes when the app is ready and stops before it closes. Without it nothing is answered.
   */
  readonly bus?: Pick<EventBus, 'subscribe'>;
  /** How often held portal data requests are decided again; 0: only when the app is ready. Default a minute. */
  readonly portalDataSweepIntervalMs?: number;
  /**
   * The rewrap command's in-process rotation (key-rotation/): POST /internal/keys/rewrap from loopback with this
   * token. Without it the route does not exist.
   */
  readonly keyRotation?: { readonly rotation: KeyRotation; readonly token: string };
  readonly now?: () => Date;
}

export async function buildPortalsApp(deps: PortalsAppDeps): Promise<Server> {
  const { config, store } = deps;
  const app = await buildServer({
    name: 'portals',
    ...(deps.logger ? { logger: deps.logger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Clients reach this service through the gateway, which limits rates per client.
    rateLimit: false,
  });
  app.addReadinessCheck('store', () => store.ping());

  const now = deps.now ?? (() => new Date());
  const outbox = deps.outbox ?? createOutbox();
  const providers = new Map<PortalProvider, PortalProviderAdapter>(deps.providers.map((adapter) => [adapter.name, adapter]));
  const catalogue = portalCatalogue({ store, now });
  const findPortal = (orgId: string, portalId: string) => catalogue.find(orgId, portalId);
  const secrets = credentialSecrets({ keys: dataKeys({ store, keyring: deps.keyring, now }) });
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
    ...(deps.portalDataSweepIntervalMs === undefined ? {} : { sweepIntervalMs: deps.portalDataSweepIntervalMs }),
    now,
  });

  const keys = deps.keys ?? (config.oidcJwksUrl ? { jwksUri: config.oidcJwksUrl } : undefined);
  await app.register(authPlugin, {
    verifier: deps.verifier ?? tokenVerifierFor({ issuer: config.oidcIssuer, audience: config.oidcAudience, ...(keys ? { keys } : {}) }),
    ...(deps.officeBelongsToOrg ? { officeBelongsToOrg: deps.officeBelongsToOrg } : {}),
  });

  // Answers to signed-in users are theirs alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.actor) void reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  portalRoutes(app, { catalogue, sandbox: deps.providers.some((adapter) => adapter.sandbox) });
  credentialRoutes(app, { credentials });
  if (deps.keyRotation) keyRotationRoutes(app, deps.keyRotation);

  const sweepEvery = deps.loginSweepIntervalMs ?? 60_000;
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    logins.resumeStaleLogins(new Date(now().getTime() - config.loginStaleAfterMs)).catch((error: unknown) => {
      app.log.error({ err: error }, 'resuming interrupted portal logins failed');
    });
  app.addHook('onReady', async () => {
    if (deps.bus) await portalData.start(deps.bus);
    if (sweepEvery <= 0) return;
    await sweep();
    sweeper = setInterval(() => void sweep(), sweepEvery);
    sweeper.unref();
  });
  // On close, before the store and the relay close (onClose hooks run last-added first, so a runner's hooks would
  // run before one added here): stop looking for stale logins and abort the running ones, which stay inProgress
  // and are resumed by the next process. A retry still waiting answers 202.
  app.addHook('preClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await portalData.stop();
    await logins.close();
  });
  return app;
}
