// @dv/verifications: tickets, source jobs (clearinghouse 270/271, portal data), scoring, readiness, plan library.

export {
  clearinghouseFor,
  startVerifications,
  verificationsService,
  type RunningVerifications,
  type StartVerificationsOptions,
  type VerificationsOptions,
  type VerificationsRunning,
} from './app';
export {
  loadVerificationsConfig,
  VerificationsEnv,
  type ClearinghouseConfig,
  type ProviderConfig,
  type VerificationsConfig,
} from './config';
export { prepareVerificationsStore } from './store-setup';
export { seedDemoWeek, type DemoWeekOffice } from './stats/demo-week';
export { CARRIER_CATALOGUE, catalogueCarrier } from './carriers/carrier-catalogue';
export { HttpClearinghouse, type HttpClearinghouseOptions } from './clearinghouse/http-clearinghouse';
export { ClearinghouseError, type Clearinghouse } from './clearinghouse/clearinghouse';
export { createSandboxClearinghouse } from './clearinghouse/sandbox';
export { SANDBOX_MEMBERS, sandboxPatientInfo, type SandboxMember } from './clearinghouse/sandbox-members';
export { mapPortalData, type MappedPortalData } from './portal-source/map-portal-data';
export { mergeSources, type MergeResult, type SourceResult } from './scoring/merge';
export { planScore } from './scoring/plan-score';
export { AUDIT_COLLECTION } from './audit/audit.store';
export { JOBS_COLLECTION } from './jobs/jobs.store';
export { PLANS_COLLECTION } from './plans/plans.store';
export { VERIFICATIONS_COLLECTION } from './verifications/verifications.store';
export { build270, map271, X12ParseError, type Map271Result } from './x12';
