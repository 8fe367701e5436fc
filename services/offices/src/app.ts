/**
 * The offices service as the kit's host runs it: organizations, dental offices, groups, users and feature flags
 * on its own store, with the events of every change in the outbox. The host does the rest (configuration, the
 * store and bus, authentication, the relay, shutdown); this service answers the office look-ups of its own
 * authentication from its store, since it owns the offices. `startOffices` starts it beside others (standalone),
 * main.ts as its own process, the test harness in-process.
 */
import { defineService, startService, type RunningService, type StartOptions } from '@dv/kit';
import { OfficesEnv, type OfficesConfig } from './config';
import { featureFlagService } from './features/features.service';
import { featureRoutes } from './features/features.routes';
import { groupService } from './groups/groups.service';
import { managementGroupRoutes } from './groups/groups.routes';
import { internalRoutes } from './internal/internal.routes';
import { dentalOfficeRoutes } from './offices/dental-office.routes';
import { officeService } from './offices/offices.service';
import { managementOfficeRoutes } from './offices/offices.routes';
import { officeRecords } from './offices/offices.store';
import { organizationService } from './organizations/organizations.service';
import { publicAuthRoutes } from './organizations/organizations.routes';
import { seedDemoData, type DemoSeed } from './seed/seed';
import { prepareOfficesStore } from './store-setup';
import { userService } from './users/users.service';
import { managementUserRoutes } from './users/users.routes';

/** Bodies here are small JSON documents; the largest is an office with its integration data. */
const BODY_LIMIT_BYTES = 256 * 1024;

export interface OfficesStartOptions {
  /** Demo data to write where missing (see seedDemoData), before the routes answer. */
  readonly seed: DemoSeed;
}

export const officesService = defineService<OfficesConfig, OfficesStartOptions>({
  name: 'offices',
  env: OfficesEnv,
  prepareStore: (store) => prepareOfficesStore(store),
  // Company users may name any office of their organization; this service owns the offices, so it reads them.
  officeBelongsToOrg: (store) => async (officeId, orgId) => (await officeRecords(store).findInOrg(officeId, orgId)) !== null,
  http: { bodyLimit: BODY_LIMIT_BYTES },
  async build(app, { config, store, outbox, now, logger }, { seed }) {
    if (seed) {
      const seeded = await seedDemoData(store, seed);
      logger.info({ seeded }, 'demo data ready');
    }
    const organizations = organizationService({ store });
    const offices = officeService({ store, outbox, now });
    const groups = groupService({ store, outbox, now });
    const users = userService({ store, outbox, now });
    const features = featureFlagService({ store, outbox, now });

    publicAuthRoutes(app, { organizations, identityProvider: { issuer: config.oidcIssuer, clientId: config.oidcClientId } });
    featureRoutes(app, { features });
    dentalOfficeRoutes(app, { offices });
    managementOfficeRoutes(app, { offices });
    managementGroupRoutes(app, { groups });
    managementUserRoutes(app, { users });
    internalRoutes(app, { offices, organizations, internalApiToken: config.internalApiToken });
    return {};
  },
});

export type StartOfficesOptions = StartOptions<OfficesConfig, OfficesStartOptions>;
export type RunningOffices = RunningService<object>;

/** The offices service beside others (standalone, benchmarks): listening, until `close()`. */
export function startOffices(options: StartOfficesOptions): Promise<RunningOffices> {
  return startService(officesService, options);
}
