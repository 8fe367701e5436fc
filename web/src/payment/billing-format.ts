/**
 * Money, plans, coupons and subscription states in words. Amounts arrive in cents and show with SPEC section 5's
 * price formatting (contracts' formatPrice: thousands commas, exactly two decimals), in dollars for USD and with the
 * currency's code otherwise. Dates show as MM/dd/yyyy in the browser's zone.
 */
import {
  type BillingSettingsReply,
  type Coupon,
  formatPrice,
  localDayOf,
  type SubscriptionPlanListItem,
  type SubscriptionStatus,
  writeUsDate,
} from '@dv/contracts';
import { type PillTone } from '../ui/pill';

/** '1999' cents -> '19.99', formatted; integer arithmetic, so no float ever shows as 19.989999. */
function priceOfCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  return formatPrice(`${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`);
}

export function money(cents: number, currency = 'usd'): string {
  const amount = priceOfCents(cents);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** 'month' -> '/ month'; none for a one-time price. */
function perInterval(interval: string | null | undefined): string {
  return interval ? ` / ${interval}` : '';
}

type Priced = { unitAmount?: number | null; currency?: string | null; interval?: string | null };

/** '$49.00 / month', 'Free' for a zero price, 'Price on request' when the plan has none. */
export function planPrice(plan: Priced): string {
  if (plan.unitAmount === null || plan.unitAmount === undefined) return 'Price on request';
  if (plan.unitAmount === 0) return 'Free';
  return `${money(plan.unitAmount, plan.currency ?? 'usd')}${perInterval(plan.interval)}`;
}

/** The free plan: named so in its metadata (planType), or else the zero-price subscription (issue 17). */
export function isFreePlan(plan: { unitAmount?: number | null; metadata?: Record<string, unknown> }): boolean {
  const named = plan.metadata?.planType;
  return typeof named === 'string' ? named === 'freemium' : plan.unitAmount === 0;
}

export function planName(plan: Pick<SubscriptionPlanListItem, 'id' | 'name'>): string {
  return plan.name?.trim() || plan.id;
}

/** What the coupon takes off: '20% off', '$10.00 off'. */
export function discountText(discount: Pick<Coupon, 'percentOff' | 'amountOff'> & { currency?: string | null }): string {
  if (discount.percentOff) return `${discount.percentOff}% off`;
  if (discount.amountOff) return `${money(discount.amountOff, discount.currency ?? 'usd')} off`;
  return 'A discount';
}

/** The plan's price with the coupon taken off, or null when the coupon changes nothing shown. */
export function discountedPrice(plan: Priced, coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string | null {
  if (!plan.unitAmount) return null;
  const off = coupon.percentOff ? (plan.unitAmount * coupon.percentOff) / 100 : (coupon.amountOff ?? 0);
  if (off <= 0) return null;
  const cents = Math.max(0, Math.round(plan.unitAmount - off));
  return `${money(cents, plan.currency ?? 'usd')}${perInterval(plan.interval)}`;
}

export function calendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : writeUsDate(localDayOf(date));
}

export const STATUS_LOOKS: Readonly<Record<SubscriptionStatus, { text: string; tone: PillTone }>> = {
  none: { text: 'No subscription', tone: 'default' },
  active: { text: 'Active', tone: 'success' },
  trialing: { text: 'Trial', tone: 'success' },
  past_due: { text: 'Past due', tone: 'warning' },
  unpaid: { text: 'Unpaid', tone: 'error' },
  incomplete: { text: 'Payment incomplete', tone: 'warning' },
  incomplete_expired: { text: 'Payment expired', tone: 'error' },
  canceled: { text: 'Canceled', tone: 'error' },
  paused: { text: 'Paused', tone: 'warning' },
};

/** The card on file: 'Visa ending in 4242, expires 12/2030'. */
export function cardText(card: NonNullable<BillingSettingsReply['card']>): string {
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}
