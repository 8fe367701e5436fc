/**
 * The office's card on file, read from Stripe: the customer's default payment method, or else its newest card
 * (one set up on Stripe Checkout whose webhook has not come yet), which is then made the default so the next
 * invoice uses it. Only brand, last 4 digits and expiry are ever kept.
 */
import type Stripe from 'stripe';
import { type CardOnFile } from './accounts.store';
import { cardOf } from './subscription-state';

export async function makeDefaultCard(stripe: Stripe, customerId: string, paymentMethodId: string): Promise<void> {
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
}

export async function cardOnFile(stripe: Stripe, customerId: string): Promise<CardOnFile | null> {
  const customer = await stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] });
  if ('deleted' in customer && customer.deleted) return null;
  const preferred = (customer as Stripe.Customer).invoice_settings.default_payment_method;
  if (preferred !== null && typeof preferred === 'object') return cardOf(preferred);
  if (typeof preferred === 'string') return cardOf(await stripe.paymentMethods.retrieve(preferred));
  const cards = await stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
  const newest = cards.data[0];
  if (newest === undefined) return null;
  await makeDefaultCard(stripe, customerId, newest.id);
  return cardOf(newest);
}

/** The card of a payment method Stripe names (a setup's or a subscription's), made the customer's default. */
export async function adoptCard(stripe: Stripe, customerId: string, paymentMethod: string | Stripe.PaymentMethod): Promise<CardOnFile | null> {
  const method = typeof paymentMethod === 'string' ? await stripe.paymentMethods.retrieve(paymentMethod) : paymentMethod;
  await makeDefaultCard(stripe, customerId, method.id);
  return cardOf(method);
}
