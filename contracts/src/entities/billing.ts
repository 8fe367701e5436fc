/**
 * Subscription plans, coupons and payment checks (SPEC sections 3, 5, 7). Only `metadata.features` of a plan is
 * specified; the other fields are the usual ones of a price list and pass through.
 */
import { z } from 'zod';
import { PAYMENT_CODE_MAX_LENGTH } from '../limits';

/**
 * `metadata.features` arrives as a JSON text of a list of strings. Missing, malformed or non-list text reads as
 * no features (the plan is still listed); non-text entries are dropped.
 */
export function parsePlanFeatures(features: unknown): string[] {
  let list: unknown = features;
  if (typeof features === 'string') {
    try {
      list = JSON.parse(features);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** GET /api/stripe/list item, with `metadata.features` parsed into a list. */
export const SubscriptionPlanListItem = z.looseObject({
  /** The price id that POST /api/stripe/subscription/create takes as priceId. */
  id: z.string().min(1),
  name: z.string().optional(),
  /** Amount in cents. */
  unitAmount: z.number().nullable().optional(),
  currency: z.string().optional(),
  interval: z.string().nullable().optional(),
  metadata: z
    .looseObject({ features: z.unknown().optional().transform(parsePlanFeatures) })
    .default({ features: [] }),
});
export type SubscriptionPlanListItem = z.infer<typeof SubscriptionPlanListItem>;

export const SubscriptionPlanList = z.array(SubscriptionPlanListItem);
export type SubscriptionPlanList = z.infer<typeof SubscriptionPlanList>;

export const Coupon = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullable().optional(),
  percentOff: z.number().nullable().optional(),
  /** In cents. */
  amountOff: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  duration: z.string().optional(),
  valid: z.boolean(),
});
export type Coupon = z.infer<typeof Coupon>;

/** GET /api/stripe/coupon?code={code}. */
export const CouponQuery = z.object({ code: z.string().trim().min(1).max(PAYMENT_CODE_MAX_LENGTH) });
export type CouponQuery = z.infer<typeof CouponQuery>;

/** The coupon is returned under `coupon`. */
export const CouponReply = z.object({ coupon: Coupon });
export type CouponReply = z.infer<typeof CouponReply>;

/**
 * GET /api/stripe and GET /api/stripe/subscription/valid. `sandbox`: the payment provider is the local sandbox (no
 * real card is charged; the pages show a 'sandbox' badge).
 */
export const PaymentCheckReply = z.object({ valid: z.boolean(), sandbox: z.boolean().optional() });
export type PaymentCheckReply = z.infer<typeof PaymentCheckReply>;

/** POST /api/stripe/subscription/create; `unlock` is only ever sent as true. */
export const SubscriptionCreateInput = z.object({
  priceId: z.string().min(1).max(PAYMENT_CODE_MAX_LENGTH).optional(),
  couponCode: z.string().min(1).max(PAYMENT_CODE_MAX_LENGTH).optional(),
  unlock: z.literal(true).optional(),
});
export type SubscriptionCreateInput = z.infer<typeof SubscriptionCreateInput>;

/** No reply body reads as `{ valid: false, error: 'communication_error' }`. */
export const SubscriptionCreateReply = z.object({
  valid: z.boolean(),
  error: z.string().optional(),
});
export type SubscriptionCreateReply = z.infer<typeof SubscriptionCreateReply>;

// ---------- Issue 17: the billing service's further replies ----------

/** A subscription's state as Stripe names it, or 'none' for an office that never subscribed. */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** The statuses in which a subscription lets the office work (the payment gate's "valid"). */
export const VALID_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

/** POST /api/stripe/subscription/create when the office has no card on file: Stripe's own checkout page takes it. */
export const SubscriptionCheckoutReply = SubscriptionCreateReply.extend({
  /** Stripe Checkout's address: the browser goes there, and comes back to /payment/verify. */
  checkoutUrl: z.string().url().optional(),
});
export type SubscriptionCheckoutReply = z.infer<typeof SubscriptionCheckoutReply>;

/** GET /api/stripe/setupintent: where the card is entered (Stripe Checkout in setup mode), never on our pages. */
export const SetupIntentReply = z.object({ url: z.string().url(), sessionId: z.string() });
export type SetupIntentReply = z.infer<typeof SetupIntentReply>;

/** POST /api/stripe/register: the office's customer at the payment provider (created once). */
export const RegisterReply = z.object({ customerId: z.string() });
export type RegisterReply = z.infer<typeof RegisterReply>;

export const BillingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** In cents. */
  amountPaid: z.number().int(),
  amountDue: z.number().int(),
  currency: z.string(),
  status: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof BillingInvoice>;

/** GET /api/stripe/settings: the Billing Settings and Payment Settings pages. */
export const BillingSettingsReply = z.object({
  status: SubscriptionStatus,
  plan: z
    .object({ priceId: z.string(), name: z.string(), unitAmount: z.number().nullable(), currency: z.string(), interval: z.string().nullable() })
    .nullable(),
  /** Coupon applied to the subscription, if any. */
  discount: z.object({ name: z.string().nullable(), percentOff: z.number().nullable(), amountOff: z.number().nullable() }).nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** ISO 8601: when the current period ends (and, when cancelling, the subscription). */
  currentPeriodEnd: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }).nullable(),
  invoices: z.array(BillingInvoice),
  /** The payment provider is the local sandbox: no real card is charged. */
  sandbox: z.boolean().optional(),
});
export type BillingSettingsReply = z.infer<typeof BillingSettingsReply>;

/** POST /api/stripe/subscription/change: move to another plan. */
export const SubscriptionChangeInput = z.strictObject({ priceId: z.string().min(1).max(PAYMENT_CODE_MAX_LENGTH) });
export type SubscriptionChangeInput = z.infer<typeof SubscriptionChangeInput>;

/** POST /api/stripe/subscription/cancel: cancel at the period's end (`resume: true` takes the cancellation back). */
export const SubscriptionCancelInput = z.strictObject({ resume: z.boolean().optional() });
export type SubscriptionCancelInput = z.infer<typeof SubscriptionCancelInput>;

export const BILLING_MESSAGES = {
  paymentRequired: "Your office's subscription is not active: choose a plan on the Payment page to verify patients",
  freemiumUsersFull: 'The free plan allows no more users for this office: upgrade to add users',
  noSubscription: 'This office has no subscription',
  unknownPrice: 'Unknown plan: pick one of the list (GET /api/stripe/list)',
  unknownCoupon: 'This coupon code is not valid',
} as const;
