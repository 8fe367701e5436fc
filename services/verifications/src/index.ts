// @dv/verifications: tickets, source jobs (clearinghouse 270/271, portal data), scoring, readiness, plan library.

export { buildVerificationsApp, type VerificationsAppDeps } from './app';
export {
  loadVerificationsConfig,
  VerificationsEnv,
  type ClearinghouseConfig,
  type LogLevel,
  type ProviderConfig,
  type VerificationsConfig,
} from './config';
export { createVerificationEngine, type VerificationEngine, type VerificationEngineOptions } from './engine';
export { clearinghouseFor, startVerifications, type RunningVerifications, type StartVerificationsOptions } from './service';
export { prepareVerificationsStore } from './store-setup';
export { CARRIER_CATALOGUE, catalogueCarrier } from './carriers/carrier-catalogue';
export { HttpClearinghouse, ClearinghouseError, type HttpClearinghouseOptions } from './clearinghouse-source/http-clearinghouse';
export { type Clearinghouse } from './clearinghouse/clearinghouse';
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
