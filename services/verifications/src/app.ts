/**
 * The verifications service as a Fastify instance: kit defaults (error envelope, probes, zod schemas), bearer
 * token authentication on every route, and the routes of the engine's services. Tests build it with a
 * temporary store and a test issuer's keys; `startVerifications` builds it from the configuration.
 */
import {
  authPlugin,
  buildServer,
  createTokenVerifier,
  type KeySource,
  type Logger,
  type OfficeBelongsToOrg,
  type Server,
  type TokenVerifier,
} from '@dv/kit';
import { carrierRoutes } from './carriers/carriers.routes';
import type { VerificationsConfig } from './config';
import type { VerificationEngine } from './engine';
import { x271PreviewRoutes } from './management/x271-preview.routes';
import { pdfRoutes } from './pdf/pdf.routes';
import { planRoutes } from './plans/plans.routes';
import { sourceRoutes } from './sources/sources.routes';
import { verificationRoutes } from './verifications/verifications.routes';

/** Tickets and edits are small JSON; the 271 preview route sets its own larger limit. */
const BODY_LIMIT_BYTES = 256 * 1024;

export interface VerificationsAppDeps {
  readonly config: Pick<VerificationsConfig, 'oidcIssuer' | 'oidcAudience' | 'oidcJwksUrl'>;
  readonly engine: VerificationEngine;
  /** Readiness of the store the engine uses. */
  readonly storeReady: () => Promise<void>;
  /** The identity provider's keys; default OIDC_JWKS_URL. */
  readonly keys?: KeySource;
  readonly verifier?: TokenVerifier;
  /** Lets company users name any office of their organization; without it, only offices their token lists. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  /** The sandbox clearinghouse answers: GET /api/verifications/sandbox/patients lists its patients. */
  readonly sandbox?: boolean;
  readonly logger?: Logger;
  readonly now?: () => Date;
}

export async function buildVerificationsApp(deps: VerificationsAppDeps): Promise<Server> {
  const { config, engine } = deps;
  const app = await buildServer({
    name: 'verifications',
    ...(deps.logger ? { logger: deps.logger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Clients reach this service through the gateway, which limits rates per client.
    rateLimit: false,
  });
  app.addReadinessCheck('store', deps.storeReady);

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

  // Answers to signed-in users are theirs alone (and carry patient data).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.actor) void reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  carrierRoutes(app);
  verificationRoutes(app, { verifications: engine.verifications, sandbox: deps.sandbox ?? false });
  pdfRoutes(app, { verifications: engine.verifications });
  planRoutes(app, { library: engine.library });
  sourceRoutes(app, { verifications: engine.stores.verifications, jobs: engine.stores.jobs, audit: engine.audit });
  x271PreviewRoutes(app, { now: deps.now ?? (() => new Date()) });
  return app;
}
