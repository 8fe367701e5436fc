/**
 * Compile-time checks (run by `tsc`): every field the sandbox sends exists on the SDK's type of the same object, and
 * every plain value has a type the SDK's field accepts. A Stripe rename or move breaks the build here, not in prod.
 */
import type Stripe from 'stripe';
import type * as Wire from './wire-types';

type Plain = string | number | boolean | null;
/** Our field names the SDK does not know. */
type Unknown<Ours, Theirs> = Exclude<keyof Ours, keyof Theirs>;
/** Our plain fields whose type the SDK's field does not accept. */
type Mismatched<Ours, Theirs> = {
  [K in keyof Ours & keyof Theirs]: Ours[K] extends Plain ? (Ours[K] extends Theirs[K] ? never : K) : never;
}[keyof Ours & keyof Theirs];
/** Compiles only when both sets are empty. */
type Same<Ours, Theirs> = Record<Unknown<Ours, Theirs> | Mismatched<Ours, Theirs>, never>;

// The decimal strings below are strings on the wire; the SDK turns them into its Decimal class as it reads them.
const checks: [
  Same<Wire.Product, Stripe.Product>,
  Same<Omit<Wire.Price, 'unit_amount_decimal'>, Stripe.Price>,
  Same<NonNullable<Wire.Price['recurring']>, Stripe.Price.Recurring>,
  Same<Wire.Coupon, Stripe.Coupon>,
  Same<Wire.PromotionCode, Stripe.PromotionCode>,
  Same<Wire.PromotionCode['promotion'], Stripe.PromotionCode.Promotion>,
  Same<Wire.Discount, Stripe.Discount>,
  Same<Wire.Discount['source'], Stripe.Discount.Source>,
  Same<Wire.Customer, Stripe.Customer>,
  Same<Wire.Customer['invoice_settings'], Stripe.Customer.InvoiceSettings>,
  Same<Wire.PaymentMethod, Stripe.PaymentMethod>,
  Same<Wire.PaymentMethod['card'], Stripe.PaymentMethod.Card>,
  Same<Wire.PaymentMethod['billing_details'], Stripe.PaymentMethod.BillingDetails>,
  Same<Wire.SetupIntent, Stripe.SetupIntent>,
  Same<Wire.Subscription, Stripe.Subscription>,
  Same<Wire.SubscriptionItem, Stripe.SubscriptionItem>,
  Same<Wire.Invoice, Stripe.Invoice>,
  Same<Wire.Invoice['parent'], Stripe.Invoice.Parent>,
  Same<Wire.Invoice['status_transitions'], Stripe.Invoice.StatusTransitions>,
  Same<Omit<Wire.InvoiceLineItem, 'pricing'>, Stripe.InvoiceLineItem>,
  Same<Omit<Wire.InvoiceLineItem['pricing'], 'unit_amount_decimal'>, NonNullable<Stripe.InvoiceLineItem['pricing']>>,
  Same<Wire.CheckoutSession, Stripe.Checkout.Session>,
  Same<Wire.CheckoutSession['discounts'][number], Stripe.Checkout.Session.Discount>,
  Same<Omit<Wire.StripeEvent, 'type' | 'data'>, Stripe.Event>,
] = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}];

// Event types are checked one way: every type the sandbox sends is one Stripe defines.
const eventTypes: Stripe.Event.Type[] = [] as Wire.WebhookEventType[];

test('the wire types match the SDK (checked by tsc)', () => {
  expect(checks).toHaveLength(24);
  expect(eventTypes).toEqual([]);
});
