/**
 * Stripe Checkout sessions: where the office's card is entered (never on our pages, never through our servers).
 * Setup mode keeps a card on file for later; subscription mode takes the card and starts the subscription at once,
 * with the coupon applied. Both come back to /payment/verify with the session's id; the subscription's state
 * arrives by webhook.
 */
import type Stripe from 'stripe';
import { type Scope } from '../accounts/accounts.store';
import { viaStripe } from '../stripe/stripe-errors';
import { checkoutReturnUrls } from './return-urls';

export interface CheckoutSessionLink {
  readonly url: string;
  readonly sessionId: string;
}

const metadataOf = (scope: Scope) => ({ organizationId: scope.orgId, officeId: scope.officeId });

function linkOf(session: Stripe.Checkout.Session): CheckoutSessionLink {
  if (session.url === null) throw new Error(`checkout session ${session.id} has no url`);
  return { url: session.url, sessionId: session.id };
}

/** Setup mode asks for the currency of the payments the card is kept for: the plans'. */
export const SETUP_CURRENCY = 'usd';

export async function setupSession(stripe: Stripe, scope: Scope, customerId: string, origin: string): Promise<CheckoutSessionLink> {
  const urls = checkoutReturnUrls(origin, 'setup');
  const session = await viaStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customerId,
      currency: SETUP_CURRENCY,
      client_reference_id: scope.officeId,
      metadata: metadataOf(scope),
      setup_intent_data: { metadata: metadataOf(scope) },
      success_url: urls.success,
      cancel_url: urls.cancel,
    }),
  );
  return linkOf(session);
}

export interface SubscriptionCheckout {
  readonly priceId: string;
  readonly discount: { promotion_code: string } | { coupon: string } | null;
}

export async function subscriptionSession(
  stripe: Stripe,
  scope: Scope,
  customerId: string,
  origin: string,
  { priceId, discount }: SubscriptionCheckout,
): Promise<CheckoutSessionLink> {
  const urls = checkoutReturnUrls(origin, 'subscription');
  const session = await viaStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: priceId, quantity: 1 }],
      // A code chosen on our page is applied; otherwise the office may type one on Stripe's page.
      ...(discount === null ? { allow_promotion_codes: true } : { discounts: [discount] }),
      client_reference_id: scope.officeId,
      metadata: metadataOf(scope),
      subscription_data: { metadata: metadataOf(scope) },
      success_url: urls.success,
      cancel_url: urls.cancel,
    }),
  );
  return linkOf(session);
}
