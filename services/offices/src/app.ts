/**
 * The offices service as the kit's host runs it: organizations, dental offices, groups, users and feature flags
 * on its own store, with the events of every change in the outbox; each office's plan type and billing validity
 * follow the billing service's events. The host does the rest (configuration, the
 * store and bus, authentication, the relay, shutdown); this service answers the office look-ups of its own
 * authentication from its store, since it owns the offices. `startOffices` starts it beside others (standalone),
 * main.ts as its own process, the test harness in-process.
 */
import { TOPICS } from '@dv/contracts';
import { defineService, startService, type RunningService, type StartOptions, type Subscription } from '@dv/kit';
import { BILLING_STATUS_GROUP, billingStatusConsumer } from './billing/billing-status';
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
import { registrationRoutes } from './registration/registration.routes';
import { prepareOfficesStore } from './store-setup';
import { devAccountRoutes } from './users/dev-accounts.routes';
import { devAccountService } from './users/dev-accounts.service';
import { officeMemberRoutes } from './users/office-members.routes';
import { officeMemberService } from './users/office-members.service';
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
  async build(app, context, { seed }) {
    const { config, store, bus, outbox, now, logger } = context;
    if (seed) {
      const seeded = await seedDemoData(store, seed);
      logger.info({ seeded }, 'demo data ready');
    }
    const organizations = organizationService({ store });
    const offices = officeService({ store, outbox, now });
    const groups = groupService({ store, outbox, now });
    const users = userService({ store, outbox, now, devIdpAccounts: config.devIdpAccounts });
    const features = featureFlagService({ store, outbox, now });

    publicAuthRoutes(app, { organizations, identityProvider: { issuer: config.oidcIssuer, clientId: config.oidcClientId } });
    featureRoutes(app, { features });
    dentalOfficeRoutes(app, { offices });
    managementOfficeRoutes(app, { offices });
    managementGroupRoutes(app, { groups });
    managementUserRoutes(app, { users });
    officeMemberRoutes(app, { members: officeMemberService({ store, outbox, now }) });
    // Only for the development identity provider: a production deployment does not serve these at all.
    if (config.devIdpAccounts) devAccountRoutes(app, { accounts: devAccountService({ store }), internalApiToken: config.internalApiToken });
    registrationRoutes(app, { store, outbox, now });
    internalRoutes(app, { offices, organizations, internalApiToken: config.internalApiToken });

    // Each office's plan type and billing validity follow the billing service's events.
    let billing: Subscription | undefined;
    app.addHook('onReady', async () => {
      billing = await bus.subscribe(TOPICS.billing, BILLING_STATUS_GROUP, billingStatusConsumer({ store, outbox, logger, now }));
    });
    context.closeWith(async () => {
      await billing?.close();
    });
    return {};
  },
});

export type StartOfficesOptions = StartOptions<OfficesConfig, OfficesStartOptions>;
export type RunningOffices = RunningService<object>;

/** The offices service beside others (standalone, benchmarks): listening, until `close()`. */
export function startOffices(options: StartOfficesOptions): Promise<RunningOffices> {
  return startService(officesService, options);
}
