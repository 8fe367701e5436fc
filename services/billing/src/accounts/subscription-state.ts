/**
 * Pure readings of Stripe objects: a subscription's state as the office sees it (status, price, plan type, period
 * end, cancellation), a price's plan type, a card's safe description. No I/O: the webhook, the calls that
 * subscribe and the start-up reconciliation all read Stripe objects the same way through these.
 */
import { OfficePlanType, SubscriptionStatus, VALID_SUBSCRIPTION_STATUSES, type OfficePlanType as PlanType } from '@dv/contracts';
import type Stripe from 'stripe';
import { type CardOnFile, type SubscriptionState } from './accounts.store';

/** 'premium', 'premium_monthly', 'Premium yearly' ... name the premium plan. */
function namedPlanType(text: string | null | undefined): PlanType | null {
  const first = text?.trim().toLowerCase().split(/[^a-z]+/)[0];
  const parsed = OfficePlanType.safeParse(first);
  return parsed.success ? parsed.data : null;
}

/**
 * A price's plan type: its `metadata.planType` when it names one (standard, premium, freemium), else its lookup key
 * when that begins with one (the plans are configured by lookup key); otherwise a price of 0 is the freemium plan
 * and any other price the standard plan.
 */
export function planTypeOf(price: Pick<Stripe.Price, 'metadata' | 'unit_amount'> & { readonly lookup_key?: string | null }): PlanType {
  return namedPlanType(price.metadata?.planType) ?? namedPlanType(price.lookup_key) ?? (price.unit_amount === 0 ? 'freemium' : 'standard');
}

export function isValidStatus(status: SubscriptionStatus): boolean {
  return VALID_SUBSCRIPTION_STATUSES.includes(status);
}

/** Stripe's status in the contract's terms; a status Stripe may add later counts as not letting the office work. */
export function statusOf(status: string): SubscriptionStatus {
  const parsed = SubscriptionStatus.safeParse(status);
  return parsed.success && parsed.data !== 'none' ? parsed.data : 'incomplete';
}

const isoOf = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

/** The subscription's first item's price (the service subscribes to one price per subscription). */
export function priceOf(subscription: Pick<Stripe.Subscription, 'items'>): Stripe.Price | null {
  return subscription.items.data[0]?.price ?? null;
}

/** The office's subscription state from a Stripe subscription (the current period lives on its items). */
export function stateOfSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const price = priceOf(subscription);
  const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  return {
    subscriptionId: subscription.id,
    status: statusOf(subscription.status),
    priceId: price?.id ?? null,
    planType: price ? planTypeOf(price) : null,
    currentPeriodEnd: isoOf(periodEnds.length > 0 ? Math.max(...periodEnds) : null),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

export function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  return (
    a.subscriptionId === b.subscriptionId &&
    a.status === b.status &&
    a.priceId === b.priceId &&
    a.planType === b.planType &&
    a.currentPeriodEnd === b.currentPeriodEnd &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd
  );
}

/** What may be kept of a card: brand, last 4 digits and expiry, nothing else. */
export function cardOf(paymentMethod: Pick<Stripe.PaymentMethod, 'id' | 'card'>): CardOnFile | null {
  const { card } = paymentMethod;
  if (!card) return null;
  return { paymentMethodId: paymentMethod.id, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

export function sameCard(a: CardOnFile | null, b: CardOnFile | null): boolean {
  return a?.paymentMethodId === b?.paymentMethodId && a?.brand === b?.brand && a?.last4 === b?.last4 && a?.expMonth === b?.expMonth && a?.expYear === b?.expYear;
}

/** An expandable field's id. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}
