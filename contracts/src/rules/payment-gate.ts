/** The payment gate (SPEC section 6). */
import { type PaymentType } from '../enums';
import { isDentalOfficeAuthorized } from './roles';
import { paysByCard } from './office';
import { pathOnly } from './path-pattern';

export const PAYMENT_PATH = '/payment';
/** Pages behind the gate, each with everything under it (/schedule/{date}, /verification/{id} ...). */
export const PAYMENT_GATED_PATHS = ['/schedule', '/verification'] as const;

export type PaymentGateProbe = {
  /** The payment feature flag (FEATURE_FLAGS.PAYMENTS_CONTINUOUS) is active. */
  paymentFlagActive: boolean;
  path: string;
  roles: readonly string[];
  paymentType?: PaymentType | null;
  /** GET /api/stripe; undefined while not known yet. */
  billingValid?: boolean;
  /** GET /api/stripe/subscription/valid; undefined while not known yet. */
  subscriptionValid?: boolean;
};

function isGatedPath(path: string): boolean {
  const bare = pathOnly(path);
  return PAYMENT_GATED_PATHS.some((gated) => bare === gated || bare.startsWith(`${gated}/`));
}

/**
 * '/payment' when the user must pay before going on, else null. Applies when the payment flag is active, to office
 * users (staff, staff managers) on /schedule or /verification (and below) whose office pays by card (payment type
 * auto, locked or unset), when the billing integration or the subscription is known not to be valid. A check that
 * has not answered yet does not redirect.
 */
export function paymentGateRedirect(probe: PaymentGateProbe): typeof PAYMENT_PATH | null {
  const gated =
    probe.paymentFlagActive &&
    isDentalOfficeAuthorized(probe.roles) &&
    isGatedPath(probe.path) &&
    paysByCard(probe.paymentType) &&
    (probe.billingValid === false || probe.subscriptionValid === false);
  return gated ? PAYMENT_PATH : null;
}
