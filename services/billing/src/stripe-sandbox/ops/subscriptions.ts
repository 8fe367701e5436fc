/**
 * Subscriptions: started through the API, the checkout page or the seed (all through startSubscription), read,
 * listed and searched. Changes and cancellation: subscription-changes.ts; periods and retries:
 * subscription-billing.ts.
 */
import { intervalMonths, periodEnd } from '../billing-math';
import { badState, cardDeclined, invalidParam, type StripeApiError } from '../errors';
import { newId } from '../ids';
import { listPage, PAGE_PARAMS, SEARCH_PARAMS, searchPage } from '../pagination';
import { applyMetadata, type Params } from '../params';
import { assertSearchable, matchesQuery, metadataValue, parseQuery } from '../search-query';
import {
  type ListObject,
  type Metadata,
  type Price,
  type SearchResult,
  type Subscription,
  type SubscriptionItem,
  type SubscriptionStatus,
} from '../wire-types';
import { mustGet, type OpContext } from './context';
import { createDiscount, type DiscountRequest, previewDiscount, readDiscounts } from './discounts';
import { announceInvoice, chargeOutcome, type ChargeOutcome, issueInvoice } from './invoices';

export type PaymentBehavior = 'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

export interface ItemRequest {
  readonly price: Price;
  readonly quantity: number;
  readonly metadata: Metadata;
}

export interface SubscriptionRequest {
  readonly customer: string;
  readonly items: readonly ItemRequest[];
  readonly defaultPaymentMethod: string | null;
  readonly discounts: readonly DiscountRequest[];
  readonly metadata: Metadata;
  readonly paymentBehavior: PaymentBehavior;
  readonly description: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly checkoutSession: string | null;
}

/** A price a subscription can hold: active and recurring. */
export function recurringPrice(ctx: OpContext, id: string, param: string): Price {
  const price = mustGet(ctx.state.prices, id, 'price', param);
  if (!price.active) throw badState(`The price specified is inactive. This field only accepts active prices.`, param);
  if (price.recurring === null) {
    throw badState('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', param);
  }
  return price;
}

export function buildItem(price: Price, quantity: number, metadata: Metadata, subscription: string, period: { start: number; end: number }, created: number): SubscriptionItem {
  return {
    id: newId('subscriptionItem'),
    object: 'subscription_item',
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata,
    price,
    quantity,
    subscription,
  };
}

function noPaymentMethod(): StripeApiError {
  return badState(
    'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
  );
}

/** Decides the first invoice's payment before anything is stored, so a refused request leaves no trace. */
function firstCharge(ctx: OpContext, request: SubscriptionRequest, amount: number): ChargeOutcome {
  const customer = mustGet(ctx.state.customers, request.customer, 'customer', 'customer');
  const method = request.defaultPaymentMethod ?? customer.invoice_settings.default_payment_method;
  const outcome = chargeOutcome(ctx, amount, method);
  if (outcome.kind === 'free') return outcome;
  if (request.paymentBehavior === 'default_incomplete') return { kind: 'not_attempted' };
  if (outcome.kind === 'no_payment_method') throw noPaymentMethod();
  if (outcome.kind === 'declined' && request.paymentBehavior === 'error_if_incomplete') throw cardDeclined(outcome.decline);
  return outcome;
}

function statusAfter(outcome: ChargeOutcome): SubscriptionStatus {
  return outcome.kind === 'paid' || outcome.kind === 'free' ? 'active' : 'incomplete';
}

/** Starts a subscription: its first period, its first invoice (paid or not), its events. */
export function startSubscription(ctx: OpContext, request: SubscriptionRequest): Subscription {
  const [first] = request.items;
  if (first?.price.recurring == null) throw invalidParam('items', 'A subscription needs at least one recurring price.');
  const now = ctx.now();
  const months = intervalMonths(first.price.recurring.interval, first.price.recurring.interval_count);
  const period = { start: now, end: periodEnd(now, now, months) };
  const subtotal = request.items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  const outcome = firstCharge(ctx, request, subtotal - previewDiscount(request.discounts, subtotal));
  const id = newId('subscription');
  const owner = { customer: request.customer, subscription: id, checkoutSession: request.checkoutSession };
  const draft: Subscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: now,
    cancel_at: request.cancelAtPeriodEnd ? period.end : null,
    cancel_at_period_end: request.cancelAtPeriodEnd,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: first.price.currency,
    customer: request.customer,
    default_payment_method: request.defaultPaymentMethod,
    description: request.description,
    discounts: request.discounts.map((discount) => createDiscount(ctx, discount, owner).id),
    ended_at: null,
    items: {
      object: 'list',
      data: request.items.map((item) => buildItem(item.price, item.quantity, item.metadata, id, period, now)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: request.metadata,
    pause_collection: null,
    pending_setup_intent: null,
    start_date: now,
    status: statusAfter(outcome),
    trial_end: null,
    trial_start: null,
  };
  const invoice = issueInvoice(ctx, { subscription: draft, reason: 'subscription_create', period, outcome });
  const subscription = ctx.state.subscriptions.set({ ...draft, latest_invoice: invoice.id });
  ctx.emit('customer.subscription.created', subscription);
  announceInvoice(ctx, invoice);
  return subscription;
}

export function readItems(ctx: OpContext, entries: readonly Params[]): ItemRequest[] {
  if (entries.length === 0) throw invalidParam('items', 'Missing required param: items.', 'parameter_missing');
  return entries.map((entry) => {
    entry.only(['price', 'quantity', 'metadata']);
    return {
      price: recurringPrice(ctx, entry.requiredStr('price'), entry.name('price')),
      quantity: entry.int('quantity', { min: 1 }) ?? 1,
      metadata: applyMetadata({}, entry.metadata()),
    };
  });
}

/** The default payment method must be the customer's own. */
export function customersPaymentMethod(ctx: OpContext, customer: string, id: string | null | undefined): string | null | undefined {
  if (id === undefined || id === null) return id;
  if (ctx.state.paymentMethods.get(id)?.customer !== customer) {
    throw badState(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'default_payment_method',
    );
  }
  return id;
}

export function createSubscription(ctx: OpContext, params: Params): Subscription {
  params.only([
    'customer', 'items', 'default_payment_method', 'discounts', 'metadata', 'payment_behavior', 'proration_behavior',
    'payment_settings', 'off_session', 'description', 'cancel_at_period_end', 'collection_method', 'expand',
  ]);
  const customer = mustGet(ctx.state.customers, params.requiredStr('customer'), 'customer', 'customer').id;
  if ((params.oneOf('collection_method', ['charge_automatically', 'send_invoice'] as const) ?? 'charge_automatically') !== 'charge_automatically') {
    throw invalidParam('collection_method', 'The sandbox bills subscriptions with charge_automatically only.');
  }
  return startSubscription(ctx, {
    customer,
    items: readItems(ctx, params.hashList('items')),
    defaultPaymentMethod: customersPaymentMethod(ctx, customer, params.nullableStr('default_payment_method')) ?? null,
    discounts: readDiscounts(ctx, params.hashList('discounts')),
    metadata: applyMetadata({}, params.metadata()),
    paymentBehavior:
      params.oneOf('payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ??
      'allow_incomplete',
    description: params.nullableStr('description') ?? null,
    cancelAtPeriodEnd: params.bool('cancel_at_period_end') ?? false,
    checkoutSession: null,
  });
}

export function retrieveSubscription(ctx: OpContext, params: Params, id: string): Subscription {
  params.only(['expand']);
  return mustGet(ctx.state.subscriptions, id, 'subscription');
}

const LIST_STATUSES = ['active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'paused', 'all', 'ended'] as const;

/** Without a status, Stripe lists the subscriptions that are not canceled. */
export function listSubscriptions(ctx: OpContext, params: Params): ListObject<Subscription> {
  params.only([...PAGE_PARAMS, 'customer', 'price', 'status', 'created', 'collection_method']);
  const customer = params.str('customer');
  const price = params.str('price');
  const status = params.oneOf('status', LIST_STATUSES);
  const subscriptions = ctx.state.subscriptions
    .newestFirst()
    .filter((sub) => customer === undefined || sub.customer === customer)
    .filter((sub) => price === undefined || sub.items.data.some((item) => item.price.id === price))
    .filter((sub) => {
      if (status === 'all') return true;
      if (status === 'ended') return sub.status === 'canceled' || sub.status === 'incomplete_expired';
      return status === undefined ? sub.status !== 'canceled' : sub.status === status;
    });
  return listPage(subscriptions, params, '/v1/subscriptions');
}

export function searchSubscriptions(ctx: OpContext, params: Params): SearchResult<Subscription> {
  params.only([...SEARCH_PARAMS]);
  const query = parseQuery(params.requiredStr('query'));
  assertSearchable(query, 'subscriptions', ['status', 'created', 'canceled_at', 'metadata']);
  const found = ctx.state.subscriptions.newestFirst().filter((sub) =>
    matchesQuery(query, (field, key) => {
      if (field === 'metadata') return metadataValue(sub.metadata, key);
      if (field === 'status') return sub.status;
      if (field === 'created') return sub.created;
      return field === 'canceled_at' ? sub.canceled_at : undefined;
    }),
  );
  return searchPage(found, params, '/v1/subscriptions/search');
}
