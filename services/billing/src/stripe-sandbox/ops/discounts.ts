/** Coupons and promotion codes turned into discounts on subscriptions, and what they take off an invoice. */
import { discountAmount, discountApplies, discountEnd } from '../billing-math';
import { badState, invalidParam } from '../errors';
import { newId } from '../ids';
import { type Params } from '../params';
import { type Coupon, type Discount, type PromotionCode } from '../wire-types';
import { mustGet, type OpContext } from './context';

/** A discount asked for: the coupon it comes from, through a promotion code or not. */
export interface DiscountRequest {
  readonly coupon: Coupon;
  readonly promotionCode: PromotionCode | null;
}

function usableCoupon(ctx: OpContext, id: string, param: string): Coupon {
  const coupon = mustGet(ctx.state.coupons, id, 'coupon', param);
  if (!coupon.valid) throw badState(`The coupon ${id} is no longer valid.`, param);
  return coupon;
}

export function usablePromotionCode(ctx: OpContext, id: string, param: string): DiscountRequest {
  const promotionCode = mustGet(ctx.state.promotionCodes, id, 'promotion code', param);
  if (!promotionCode.active) throw badState(`The promotion code ${promotionCode.code} is not active.`, param);
  return { coupon: usableCoupon(ctx, promotionCode.promotion.coupon, param), promotionCode };
}

/** Reads `discounts[n][coupon]` / `discounts[n][promotion_code]`, each entry naming exactly one. */
export function readDiscounts(ctx: OpContext, entries: readonly Params[]): DiscountRequest[] {
  return entries.map((entry) => {
    entry.only(['coupon', 'promotion_code', 'discount']);
    const coupon = entry.str('coupon');
    const promotionCode = entry.str('promotion_code');
    if (entry.has('discount')) throw invalidParam(entry.name('discount'), 'The sandbox does not reuse existing discounts.');
    if ((coupon === undefined) === (promotionCode === undefined)) {
      throw invalidParam(entry.name('coupon'), 'Each discount must name exactly one of coupon or promotion_code.');
    }
    if (coupon !== undefined) return { coupon: usableCoupon(ctx, coupon, entry.name('coupon')), promotionCode: null };
    return usablePromotionCode(ctx, promotionCode ?? '', entry.name('promotion_code'));
  });
}

/** Redeems the coupon (and code): a coupon that reaches its redemption limit stops being valid. */
export function createDiscount(
  ctx: OpContext,
  request: DiscountRequest,
  owner: { customer: string; subscription: string | null; checkoutSession: string | null },
): Discount {
  const start = ctx.now();
  const redeemed = request.coupon.times_redeemed + 1;
  const limit = request.coupon.max_redemptions;
  ctx.state.coupons.set({ ...request.coupon, times_redeemed: redeemed, valid: limit === null || redeemed < limit });
  if (request.promotionCode !== null) {
    const code = request.promotionCode;
    const used = code.times_redeemed + 1;
    const active = code.max_redemptions === null || used < code.max_redemptions;
    ctx.state.promotionCodes.set({ ...code, times_redeemed: used, active: code.active && active });
  }
  return ctx.state.discounts.set({
    id: newId('discount'),
    object: 'discount',
    checkout_session: owner.checkoutSession,
    customer: owner.customer,
    end: discountEnd(request.coupon, start),
    invoice: null,
    invoice_item: null,
    promotion_code: request.promotionCode?.id ?? null,
    source: { type: 'coupon', coupon: request.coupon.id },
    start,
    subscription: owner.subscription,
    subscription_item: null,
  });
}

/** What applying these requests would take off a subtotal (a checkout page's preview, before anything is redeemed). */
export function previewDiscount(requests: readonly DiscountRequest[], subtotal: number): number {
  let remaining = subtotal;
  for (const { coupon } of requests) remaining -= discountAmount(coupon, remaining);
  return subtotal - remaining;
}

export interface AppliedDiscount {
  readonly discount: string;
  readonly amount: number;
}

/** The discounts that apply to one invoice and what each takes off, one after the other. */
export function applyDiscounts(
  ctx: OpContext,
  discountIds: readonly string[],
  subtotal: number,
  invoice: { periodStart: number; first: boolean },
): AppliedDiscount[] {
  const applied: AppliedDiscount[] = [];
  let remaining = subtotal;
  for (const id of discountIds) {
    const discount = ctx.state.discounts.get(id);
    const coupon = discount === undefined ? undefined : ctx.state.coupons.get(discount.source.coupon);
    if (discount === undefined || coupon === undefined || !discountApplies(coupon, discount.end, invoice)) continue;
    const amount = discountAmount(coupon, remaining);
    remaining -= amount;
    applied.push({ discount: id, amount });
  }
  return applied;
}

/** Discounts still running after an invoice: `once` ones are spent, repeating ones end on their date. */
export function discountsStillRunning(ctx: OpContext, discountIds: readonly string[], nextPeriodStart: number): string[] {
  return discountIds.filter((id) => {
    const discount = ctx.state.discounts.get(id);
    const coupon = discount === undefined ? undefined : ctx.state.coupons.get(discount.source.coupon);
    if (discount === undefined || coupon === undefined) return false;
    return discountApplies(coupon, discount.end, { periodStart: nextPeriodStart, first: false });
  });
}
