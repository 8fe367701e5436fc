/**
 * The treatment plan estimate (issue 16): what each planned procedure costs the patient after their plans pay.
 * estimate.ts describes the rules; schemas.ts holds the input and output schemas.
 */
export { estimateTreatmentPlan } from './estimate';
export { selectLinesForMode, splitTreatmentLines, estimateLinesOf, type AppointmentRef, type ScheduledLine, type PracticeLine } from './modes';
export { coordinate, secondaryPayment } from './coordination';
export {
  benefitKeysOf,
  benefitKeyLabel,
  codesSharingFrequency,
  planCoversCode,
  resolveBenefit,
  type AgeLimits,
  type ResolvedBenefit,
  type Stated,
} from './benefit-lookup';
export { ageOn, checkAge, checkFrequency, checkWaitingPeriod, waitingPeriodEnd, type FrequencyInput } from './eligibility';
export { findSubstitution, substitutionRegion, toothInRegion, type Substitution } from './alternate-benefit';
export { isExtraction, missingToothClause, replacesTooth } from './missing-tooth';
export { formatCents, percentOf, toCents } from './money';
export * from './schemas';
