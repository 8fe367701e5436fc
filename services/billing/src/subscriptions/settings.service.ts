/**
 * What the payment pages and the payment gate read about the office's billing:
 * - GET /api/stripe: the billing integration is valid when the office has a card on file, or is on the free plan;
 * - GET /api/stripe/subscription/valid: its subscription's status lets it work (VALID_SUBSCRIPTION_STATUSES);
 * - GET /api/stripe/settings: the plan, its discount, the cancellation, the card on file (brand, last 4, expiry)
 *   and the latest invoices with Stripe's links.
 * Status, plan and card are this service's own record (kept by webhooks); discount and invoices are read from
 * Stripe when asked.
 */
import { type BillingInvoice, type BillingSettingsReply } from '@dv/contracts';
import type Stripe from 'stripe';
import { type AccountStore, type BillingAccountDocument, type Scope } from '../accounts/accounts.store';
import { isValidStatus } from '../accounts/subscription-state';
import { planOf, type PlanCatalogue } from '../plans/plan-catalogue';
import { viaStripe } from '../stripe/stripe-errors';

const INVOICES_SHOWN = 12;

export function billingValid(account: BillingAccountDocument | null): boolean {
  if (account === null) return false;
  return account.card !== null || (account.planType === 'freemium' && isValidStatus(account.status));
}

export function subscriptionValid(account: BillingAccountDocument | null): boolean {
  return account !== null && isValidStatus(account.status);
}

const EMPTY_SETTINGS: BillingSettingsReply = {
  status: 'none',
  plan: null,
  discount: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  card: null,
  invoices: [],
};

function invoiceView(invoice: Stripe.Invoice): BillingInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status,
    created: new Date(invoice.created * 1000).toISOString(),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
  };
}

async function planView(stripe: Stripe, plans: PlanCatalogue, priceId: string): Promise<BillingSettingsReply['plan']> {
  // A price no longer offered (a retired plan) is still the office's: read it from Stripe.
  const plan = (await plans.find(priceId)) ?? planOf(await stripe.prices.retrieve(priceId, { expand: ['product'] }));
  const { entry } = plan;
  return { priceId: entry.id, name: entry.name, unitAmount: entry.unitAmount, currency: entry.currency, interval: entry.interval };
}

async function discountView(stripe: Stripe, subscriptionId: string): Promise<BillingSettingsReply['discount']> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['discounts'] });
  const first = subscription.discounts[0];
  const discount = typeof first === 'string' ? null : first;
  const couponRef = discount?.source.coupon ?? null;
  if (couponRef === null) return null;
  const coupon = typeof couponRef === 'string' ? await stripe.coupons.retrieve(couponRef) : couponRef;
  return { name: coupon.name, percentOff: coupon.percent_off, amountOff: coupon.amount_off };
}

export function settingsService(deps: { readonly accounts: AccountStore; readonly plans: PlanCatalogue; readonly stripe: () => Stripe }) {
  const { accounts, plans } = deps;
  return {
    async billingValid(scope: Scope): Promise<boolean> {
      return billingValid(await accounts.accountOf(scope));
    },

    async subscriptionValid(scope: Scope): Promise<boolean> {
      return subscriptionValid(await accounts.accountOf(scope));
    },

    async settings(scope: Scope): Promise<BillingSettingsReply> {
      const account = await accounts.accountOf(scope);
      if (account === null) return EMPTY_SETTINGS;
      const stripe = deps.stripe();
      const { priceId, subscriptionId, customerId } = account;
      const [plan, discount, invoices] = await viaStripe(() =>
        Promise.all([
          priceId === null ? null : planView(stripe, plans, priceId),
          subscriptionId === null ? null : discountView(stripe, subscriptionId),
          customerId === null ? [] : stripe.invoices.list({ customer: customerId, limit: INVOICES_SHOWN }).then((page) => page.data.map(invoiceView)),
        ]),
      );
      const { card } = account;
      return {
        status: account.status,
        plan,
        discount,
        cancelAtPeriodEnd: account.cancelAtPeriodEnd,
        currentPeriodEnd: account.currentPeriodEnd,
        card: card === null ? null : { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
        invoices,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
