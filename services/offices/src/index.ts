// @dv/offices: organizations, dental offices, groups, users and feature flags.

export { officesService, startOffices, type OfficesStartOptions, type RunningOffices, type StartOfficesOptions } from './app';
export { loadOfficesConfig, OfficesEnv, type OfficesConfig } from './config';
export { prepareOfficesStore } from './store-setup';
export {
  SECOND_DEMO_OFFICES,
  SECOND_DEMO_ORGANIZATION,
  seedDemoData,
  type DemoSeed,
  type SeedGroup,
  type SeedOffice,
  type SeedOrganization,
  type SeedResult,
  type SeedUser,
} from './seed/seed';
export { DEFAULT_FEATURE_FLAGS, type DefaultFlag } from './features/default-flags';
export { INTERNAL_TOKEN_HEADER } from './internal/internal-token';
export { normalizeHost } from './organizations/organizations.service';
