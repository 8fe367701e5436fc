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

/** GET /api/stripe and GET /api/stripe/subscription/valid. */
export const PaymentCheckReply = z.object({ valid: z.boolean() });
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
