/**
 * The feature flags the shared test gateways answer: those of the demo organization (the offices service's
 * default flags) that the shell's tests rely on. An app reads a missing flag as off, so an empty list would hide
 * Verifications History from every menu; the other flags stay missing (off), as the tests of each expect.
 */
import { FEATURE_FLAGS, type FeatureFlag } from '@dv/contracts';

export const DEMO_FEATURE_FLAGS: readonly FeatureFlag[] = [
  { name: FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED.name, type: 'none', value: null, isActive: true },
];
