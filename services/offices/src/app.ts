/**
 * The offices service as a Fastify instance: kit defaults (error envelope, probes, zod schemas), bearer-token
 * authentication on every route that does not opt out, and the routes of each use case. Tests build it with a
 * temporary store and a test issuer's keys; `startOffices` builds it from the configuration.
 */
import { authPlugin, buildServer, createOutbox, type KeySource, type Logger, type Outbox, type Server, type Store, type TokenVerifier } from '@dv/kit';
import { tokenVerifierFor } from './auth/token-verification';
import { type OfficesConfig } from './config';
import { featureFlagService } from './features/features.service';
import { featureRoutes } from './features/features.routes';
import { groupService } from './groups/groups.service';
import { managementGroupRoutes } from './groups/groups.routes';
import { internalRoutes } from './internal/internal.routes';
import { dentalOfficeRoutes } from './offices/dental-office.routes';
import { officeService } from './offices/offices.service';
import { managementOfficeRoutes } from './offices/offices.routes';
import { organizationService } from './organizations/organizations.service';
import { publicAuthRoutes } from './organizations/organizations.routes';
import { userService } from './users/users.service';
import { managementUserRoutes } from './users/users.routes';

/** Bodies here are small JSON documents; the largest is an office with its integration data. */
const BODY_LIMIT_BYTES = 256 * 1024;

export interface OfficesAppDeps {
  readonly config: Pick<OfficesConfig, 'oidcIssuer' | 'oidcAudience' | 'oidcClientId' | 'oidcJwksUrl' | 'internalApiToken'>;
  /** Prepared (see prepareOfficesStore). */
  readonly store: Store;
  /** The identity provider's keys; default: OIDC_JWKS_URL, else the issuer's discovery document. */
  readonly keys?: KeySource;
  /** Replaces the verifier built from the config and keys. */
  readonly verifier?: TokenVerifier;
  readonly outbox?: Outbox;
  readonly logger?: Logger;
  readonly now?: () => Date;
}

export async function buildOfficesApp(deps: OfficesAppDeps): Promise<Server> {
  const { config, store } = deps;
  const app = await buildServer({
    name: 'offices',
    ...(deps.logger ? { logger: deps.logger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Clients reach this service through the gateway, which limits rates per client; here every request would
    // count against the gateway's own address.
    rateLimit: false,
  });
  app.addReadinessCheck('store', () => store.ping());

  const outbox = deps.outbox ?? createOutbox();
  const now = deps.now ?? (() => new Date());
  const organizations = organizationService({ store });
  const offices = officeService({ store, outbox, now });
  const groups = groupService({ store, outbox, now });
  const users = userService({ store, outbox, now });
  const features = featureFlagService({ store, outbox, now });

  const keys = deps.keys ?? (config.oidcJwksUrl ? { jwksUri: config.oidcJwksUrl } : undefined);
  await app.register(authPlugin, {
    verifier: deps.verifier ?? tokenVerifierFor({ issuer: config.oidcIssuer, audience: config.oidcAudience, ...(keys ? { keys } : {}) }),
    officeBelongsToOrg: (officeId, orgId) => offices.officeBelongsToOrg(officeId, orgId),
  });

  // Answers to signed-in users are theirs alone (SPEC section 7: the office calls are uncached).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.actor) void reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  publicAuthRoutes(app, { organizations, identityProvider: { issuer: config.oidcIssuer, clientId: config.oidcClientId } });
  featureRoutes(app, { features });
  dentalOfficeRoutes(app, { offices });
  managementOfficeRoutes(app, { offices });
  managementGroupRoutes(app, { groups });
  managementUserRoutes(app, { users });
  internalRoutes(app, { offices, organizations, internalApiToken: config.internalApiToken });
  return app;
}
