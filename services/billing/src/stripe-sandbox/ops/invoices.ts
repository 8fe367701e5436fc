/**
 * Invoices of subscriptions: one per period (and one at the start), paid by charging the subscription's (or the
 * customer's) default card. The hosted page and PDF are the sandbox's own (pages/invoice-pages.ts).
 */
import { formatAmount } from '../billing-math';
import { type DeclineCode } from '../errors';
import { newId } from '../ids';
import { listPage, PAGE_PARAMS } from '../pagination';
import { type Params } from '../params';
import {
  type Invoice,
  type InvoiceBillingReason,
  type InvoiceLineItem,
  type ListObject,
  type Subscription,
} from '../wire-types';
import { mustGet, type OpContext } from './context';
import { type AppliedDiscount, applyDiscounts } from './discounts';
import { chargeDecline } from './payment-methods';

/** What charging an amount gives: nothing to pay, paid, no card to charge, or declined. */
export type ChargeOutcome =
  | { readonly kind: 'free' }
  | { readonly kind: 'paid'; readonly paymentMethod: string }
  | { readonly kind: 'no_payment_method' }
  | { readonly kind: 'declined'; readonly decline: DeclineCode; readonly paymentMethod: string }
  | { readonly kind: 'not_attempted' };

export function chargeOutcome(ctx: OpContext, amount: number, paymentMethod: string | null): ChargeOutcome {
  if (amount <= 0) return { kind: 'free' };
  if (paymentMethod === null) return { kind: 'no_payment_method' };
  const decline = chargeDecline(ctx, paymentMethod);
  return decline === undefined ? { kind: 'paid', paymentMethod } : { kind: 'declined', decline, paymentMethod };
}

/** The card a subscription's invoices are charged to. */
export function paymentMethodOf(ctx: OpContext, subscription: Pick<Subscription, 'default_payment_method' | 'customer'>): string | null {
  return subscription.default_payment_method ?? ctx.state.customers.get(subscription.customer)?.invoice_settings.default_payment_method ?? null;
}

export function subtotalOf(subscription: Pick<Subscription, 'items'>): number {
  return subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
}

/** Spreads the discounts over the lines in proportion to their amounts; the last line takes the rounding. */
function lineDiscounts(amounts: readonly number[], applied: readonly AppliedDiscount[]): { amount: number; discount: string }[][] {
  const total = amounts.reduce((a, b) => a + b, 0);
  const perLine = amounts.map(() => [] as { amount: number; discount: string }[]);
  for (const { discount, amount } of applied) {
    let given = 0;
    amounts.forEach((lineAmount, index) => {
      const share = index === amounts.length - 1 ? amount - given : total === 0 ? 0 : Math.round((amount * lineAmount) / total);
      given += share;
      perLine[index]?.push({ amount: share, discount });
    });
  }
  return perLine;
}

export interface InvoiceRequest {
  readonly subscription: Subscription;
  readonly reason: InvoiceBillingReason;
  readonly period: { readonly start: number; readonly end: number };
  readonly outcome: ChargeOutcome;
}

function invoiceLines(ctx: OpContext, request: InvoiceRequest, invoiceId: string, applied: AppliedDiscount[]): InvoiceLineItem[] {
  const { subscription, period } = request;
  const amounts = subscription.items.data.map((item) => item.price.unit_amount * item.quantity);
  const discounts = lineDiscounts(amounts, applied);
  return subscription.items.data.map((item, index) => {
    const price = item.price;
    const product = ctx.state.products.get(price.product)?.name ?? price.product;
    const every = price.recurring === null ? '' : ` / ${price.recurring.interval}`;
    return {
      id: newId('invoiceLine'),
      object: 'line_item',
      amount: amounts[index] ?? 0,
      currency: price.currency,
      description: `${item.quantity} × ${product} (at ${formatAmount(price.unit_amount, price.currency)}${every})`,
      discount_amounts: discounts[index] ?? [],
      discountable: true,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      period: { start: period.start, end: period.end },
      pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: price.unit_amount_decimal },
      quantity: item.quantity,
      subscription: subscription.id,
      subtotal: amounts[index] ?? 0,
    };
  });
}

/** Stores the invoice of one period with its payment outcome; the caller announces it after the subscription. */
export function issueInvoice(ctx: OpContext, request: InvoiceRequest): Invoice {
  const { subscription, period, outcome } = request;
  const customer = mustGet(ctx.state.customers, subscription.customer, 'customer', 'customer');
  const subtotal = subtotalOf(subscription);
  const applied = applyDiscounts(ctx, subscription.discounts, subtotal, {
    periodStart: period.start,
    first: request.reason === 'subscription_create',
  });
  const total = subtotal - applied.reduce((sum, { amount }) => sum + amount, 0);
  const paid = outcome.kind === 'paid' || outcome.kind === 'free';
  const attempted = outcome.kind !== 'not_attempted';
  const now = ctx.now();
  const id = newId('invoice');
  ctx.state.customers.set({ ...customer, next_invoice_sequence: customer.next_invoice_sequence + 1 });
  return ctx.state.invoices.set({
    id,
    object: 'invoice',
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    attempt_count: attempted && total > 0 ? 1 : 0,
    attempted,
    billing_reason: request.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: applied.map(({ discount }) => discount),
    hosted_invoice_url: ctx.urls.invoice(id),
    invoice_pdf: ctx.urls.invoicePdf(id),
    lines: { object: 'list', data: invoiceLines(ctx, request, id, applied), has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    period_end: period.end,
    period_start: period.start,
    status: paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: paid ? now : null, voided_at: null },
    subtotal,
    total,
    total_discount_amounts: applied.map(({ discount, amount }) => ({ discount, amount })),
  });
}

/** invoice.paid, or invoice.payment_failed when a charge was tried and failed. */
export function announceInvoice(ctx: OpContext, invoice: Invoice): void {
  if (invoice.status === 'paid') ctx.emit('invoice.paid', invoice);
  else if (invoice.status === 'open' && invoice.attempted) ctx.emit('invoice.payment_failed', invoice);
}

export function retrieveInvoice(ctx: OpContext, params: Params, id: string): Invoice {
  params.only(['expand']);
  return mustGet(ctx.state.invoices, id, 'invoice');
}

export function listInvoices(ctx: OpContext, params: Params): ListObject<Invoice> {
  params.only([...PAGE_PARAMS, 'customer', 'subscription', 'status', 'collection_method', 'created']);
  const customer = params.str('customer');
  const subscription = params.str('subscription');
  const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const invoices = ctx.state.invoices
    .newestFirst()
    .filter((invoice) => customer === undefined || invoice.customer === customer)
    .filter((invoice) => subscription === undefined || invoice.parent.subscription_details.subscription === subscription)
    .filter((invoice) => status === undefined || invoice.status === status);
  return listPage(invoices, params, '/v1/invoices');
}
