/**
 * The bugs service as a Fastify instance: kit defaults (error envelope, probes, zod schemas), bearer-token
 * authentication on every route, filing reports and the management API. Tests build it with a temporary store
 * and a test issuer's keys; `startBugs` builds it from the configuration.
 */
import {
  authPlugin,
  buildServer,
  createOutbox,
  createTokenVerifier,
  type KeySource,
  type Logger,
  type OfficeBelongsToOrg,
  type Outbox,
  type Server,
  type Store,
  type TokenVerifier,
} from '@dv/kit';
import type { AttachmentStore } from './attachments/attachment-store';
import type { BugsConfig } from './config';
import { managementRoutes } from './management/management.routes';
import { managementService } from './management/management.service';
import { reportRoutes } from './reports/reports.routes';
import { reportService } from './reports/reports.service';
import { bugReportStore } from './reports/reports.store';

/** Every route but PUT /api/bugReports (which sets its own, see reports.routes.ts) takes small JSON at most. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BugsAppDeps {
  readonly config: Pick<BugsConfig, 'oidcIssuer' | 'oidcAudience' | 'oidcJwksUrl'>;
  /** Prepared (see prepareBugsStore). */
  readonly store: Store;
  readonly attachments: AttachmentStore;
  /** The identity provider's keys; default OIDC_JWKS_URL. */
  readonly keys?: KeySource;
  /** Replaces the verifier built from the config and keys. */
  readonly verifier?: TokenVerifier;
  /** Lets company users name any office of their organization; without it, only offices their token lists. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly outbox?: Outbox;
  readonly logger?: Logger;
  readonly now?: () => Date;
}

export async function buildBugsApp(deps: BugsAppDeps): Promise<Server> {
  const { config, store, attachments } = deps;
  const app = await buildServer({
    name: 'bugs',
    ...(deps.logger ? { logger: deps.logger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Clients reach this service through the gateway, which limits rates per client; here every request would
    // count against the gateway's own address.
    rateLimit: false,
  });
  app.addReadinessCheck('store', () => store.ping());

  const outbox = deps.outbox ?? createOutbox();
  const now = deps.now ?? (() => new Date());
  const reports = bugReportStore(store);
  const logger = deps.logger;

  await app.register(authPlugin, {
    verifier:
      deps.verifier ??
      createTokenVerifier({
        issuer: config.oidcIssuer,
        audience: config.oidcAudience,
        keys: deps.keys ?? { jwksUri: config.oidcJwksUrl },
      }),
    ...(deps.officeBelongsToOrg ? { officeBelongsToOrg: deps.officeBelongsToOrg } : {}),
  });

  // Answers to signed-in users are theirs alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.actor) void reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  reportRoutes(app, {
    reports: reportService({ store, reports, attachments, outbox, now, ...(logger ? { logger } : {}) }),
  });
  managementRoutes(app, {
    management: managementService({ store, reports, attachments, now, ...(logger ? { logger } : {}) }),
  });
  return app;
}
