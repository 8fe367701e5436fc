export { ClearinghouseError, type Clearinghouse } from './clearinghouse';
export { HttpClearinghouse, type HttpClearinghouseOptions } from './http-clearinghouse';
export { CARRIERS, carrierByPayerId, carriersByPayerKey, invertsCoinsurance, type Carrier } from './carriers';
export { createSandboxClearinghouse, type SandboxClearinghouseOptions } from './sandbox';
export {
  NOT_FOUND_PREFIX,
  SANDBOX_MEMBERS,
  SANDBOX_REJECTION_RULES,
  UNAVAILABLE_PREFIX,
  sandboxMember,
  sandboxPatientInfo,
  type SandboxDependent,
  type SandboxMember,
  type SandboxPerson,
} from './sandbox-members';
export { SANDBOX_PLANS, sandboxPlan, type SandboxPlan } from './sandbox-plans';
