/**
 * A coupon code as the office types it (SPEC section 5: sent as a query parameter): a Stripe promotion code (the
 * customer-facing code) or, failing that, a coupon id. Unknown codes are null; the caller answers 404 or 400.
 */
import { type Coupon } from '@dv/contracts';
import type Stripe from 'stripe';
import { isMissingResource, isStripeError, viaStripe } from '../stripe/stripe-errors';

export interface ResolvedCoupon {
  readonly coupon: Stripe.Coupon;
  /** The promotion code the office typed, when it was one (a subscription then redeems the code, not the coupon). */
  readonly promotionCodeId: string | null;
  /** The code can be redeemed now (the promotion code is active and its coupon valid). */
  readonly usable: boolean;
}

async function couponOfPromotion(stripe: Stripe, promotion: Stripe.PromotionCode): Promise<Stripe.Coupon> {
  const { coupon } = promotion.promotion;
  if (coupon !== null && typeof coupon === 'object') return coupon;
  if (typeof coupon !== 'string') throw new Error(`promotion code ${promotion.id} names no coupon`);
  return stripe.coupons.retrieve(coupon);
}

export async function resolveCoupon(stripe: Stripe, code: string): Promise<ResolvedCoupon | null> {
  return viaStripe(async () => {
    const promotions = await stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ['data.promotion.coupon'] });
    const promotion = promotions.data[0];
    if (promotion !== undefined) {
      const coupon = await couponOfPromotion(stripe, promotion);
      return { coupon, promotionCodeId: promotion.id, usable: promotion.active && coupon.valid };
    }
    try {
      const coupon = await stripe.coupons.retrieve(code);
      return { coupon, promotionCodeId: null, usable: coupon.valid };
    } catch (error) {
      // The code is the office's typing: whatever Stripe finds wrong with it as an id, it names no coupon.
      if (isMissingResource(error) || (isStripeError(error) && error.type === 'StripeInvalidRequestError')) return null;
      throw error;
    }
  });
}

/** The reply of GET /api/stripe/coupon: what the payment page shows next to the plans. */
export function couponView({ coupon, usable }: ResolvedCoupon): Coupon {
  return {
    id: coupon.id,
    name: coupon.name,
    percentOff: coupon.percent_off,
    amountOff: coupon.amount_off,
    currency: coupon.currency,
    duration: coupon.duration,
    valid: usable,
  };
}

/** How a subscription or a checkout session redeems it. */
export function discountOf({ coupon, promotionCodeId }: ResolvedCoupon): { promotion_code: string } | { coupon: string } {
  return promotionCodeId === null ? { coupon: coupon.id } : { promotion_code: promotionCodeId };
}
