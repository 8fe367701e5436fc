/**
 * Each flag's starting value, for each flag of contracts' FEATURE_FLAGS (flags are global: one per name, the same
 * for every organization). An empty value reads as its type's default (integer -1, object {}, string ''), see
 * `flagValue`.
 */
import { type FeatureFlagKey } from '@dv/contracts';

export interface DefaultFlag {
  /** As the management API would take it: text, integer, object, or null for empty. */
  readonly value: string | number | Readonly<Record<string, unknown>> | null;
  readonly isActive: boolean;
}

export const DEFAULT_FEATURE_FLAGS: { readonly [K in FeatureFlagKey]: DefaultFlag } = {
  // The payment gate stays off until a card payment provider is configured.
  PAYMENTS_CONTINUOUS: { value: null, isActive: false },
  PAYMENTS_ONE_TIME: { value: null, isActive: false },
  ADAPTERS_3RD_PARTY: { value: null, isActive: false },
  ANNOUNCEMENT_WIDGET_URL: { value: null, isActive: false },
  PAYMENT_PROVIDER_PUBLIC_KEY: { value: null, isActive: false },
  MAINTANANCE_LOCK: { value: null, isActive: false },
  DOMAIN_ENV_MAP: { value: { 'demo.localhost': 'development', localhost: 'development' }, isActive: true },
  // On for every organization, the demo's included: the SPA reads a missing flag as off (web history-flag.ts).
  PAST_VERIFICATIONS_ENABLED: { value: null, isActive: true },
  FD_NEW_TYPE: { value: null, isActive: false },
  SCORE_DOWN_ON_PERIOD_BREAK: { value: null, isActive: false },
  USER_GUIDE_PDF: { value: '/user-guide.pdf', isActive: true },
  ARCHIVISATION_DELAY: { value: null, isActive: false },
  MAXIMUM_FREEMIUM_USERS: { value: null, isActive: false },
  TEST_PLANS_ON_SCORE_DROP: { value: null, isActive: false },
  RECOMMENDATIONS_ENABLED: { value: null, isActive: true },
  PORTAL_AI_ENABLED: { value: null, isActive: true },
  PORTAL_AI_CREDENTIALS_ENABLED: { value: null, isActive: true },
  DENTAL_XCHANGE_CREDENTIALS_ENABLED: { value: null, isActive: true },
};
