/**
 * The plan chosen on /payment and its coupon, kept in local storage (STORAGE_KEYS.selectedPlan and .coupon, SPEC
 * section 9) while the office pays: /payment/verify subscribes with them, and the way through Stripe's checkout
 * page leaves the app and comes back. SPEC section 5: they are cleared only on a valid result, so a refused card
 * or an unanswered call leaves the choice in place for the next try.
 */
import { STORAGE_KEYS } from '@dv/contracts';
import { readStored, removeStored, writeStored } from '../platform/browser-storage';

export type PlanSelection = { priceId: string; couponCode?: string };

export function readPlanSelection(): PlanSelection | null {
  const priceId = readStored('local', STORAGE_KEYS.selectedPlan);
  if (!priceId) return null;
  const couponCode = readStored('local', STORAGE_KEYS.coupon);
  return couponCode ? { priceId, couponCode } : { priceId };
}

export function storePlanSelection({ priceId, couponCode }: PlanSelection): void {
  writeStored('local', STORAGE_KEYS.selectedPlan, priceId);
  if (couponCode) writeStored('local', STORAGE_KEYS.coupon, couponCode);
  else removeStored('local', STORAGE_KEYS.coupon);
}

/** Only on a valid subscription result. */
export function clearPlanSelection(): void {
  removeStored('local', STORAGE_KEYS.selectedPlan);
  removeStored('local', STORAGE_KEYS.coupon);
}
