/**
 * Changing a subscription: cancel at period end (or at a date), a new price for an item, items added or removed,
 * the card, discounts, metadata; and canceling it now. Prorations are not computed: a new price is billed from the
 * next period on.
 */
import { badState, invalidParam, noSuchResource } from '../errors';
import { applyMetadata, type Params } from '../params';
import { previousAttributes } from '../previous-attributes';
import { type Subscription, type SubscriptionItem } from '../wire-types';
import { mustGet, type OpContext } from './context';
import { createDiscount, readDiscounts } from './discounts';
import { buildItem, customersPaymentMethod, recurringPrice } from './subscriptions';

const CANCELED_MESSAGE = 'A canceled subscription can only update its cancellation_details and metadata.';

export function currentPeriod(subscription: Subscription): { start: number; end: number } {
  const [item] = subscription.items.data;
  return { start: item?.current_period_start ?? subscription.start_date, end: item?.current_period_end ?? subscription.start_date };
}

/** `items[n]`: with an id it changes (or, with `deleted`, removes) that item; without, it adds one. */
function changedItems(ctx: OpContext, subscription: Subscription, entries: readonly Params[]): SubscriptionItem[] {
  let items = [...subscription.items.data];
  const period = currentPeriod(subscription);
  for (const entry of entries) {
    entry.only(['id', 'price', 'quantity', 'deleted', 'metadata', 'clear_usage']);
    const id = entry.str('id');
    const price = entry.str('price');
    const quantity = entry.int('quantity', { min: 1 });
    if (id === undefined) {
      if (price === undefined) throw invalidParam(entry.name('price'), `Missing required param: ${entry.name('price')}.`, 'parameter_missing');
      const added = recurringPrice(ctx, price, entry.name('price'));
      items.push(buildItem(added, quantity ?? 1, applyMetadata({}, entry.metadata()), subscription.id, period, ctx.now()));
      continue;
    }
    const existing = items.find((item) => item.id === id);
    if (existing === undefined) throw noSuchResource('subscription item', id, entry.name('id'));
    if (entry.bool('deleted') === true) {
      items = items.filter((item) => item.id !== id);
      continue;
    }
    const replaced: SubscriptionItem = {
      ...existing,
      price: price === undefined ? existing.price : recurringPrice(ctx, price, entry.name('price')),
      quantity: quantity ?? existing.quantity,
      metadata: applyMetadata(existing.metadata, entry.metadata()),
    };
    items = items.map((item) => (item.id === id ? replaced : item));
  }
  if (items.length === 0) throw invalidParam('items', 'A subscription must keep at least one item.');
  return items;
}

/**
 * Stripe sets `canceled_at` to the time the cancellation was asked for (also when it takes effect at period end),
 * and clears it when the request is withdrawn.
 */
function cancellationOf(
  params: Params,
  subscription: Subscription,
  now: number,
): Pick<Subscription, 'cancel_at' | 'cancel_at_period_end' | 'canceled_at'> {
  const atPeriodEnd = params.bool('cancel_at_period_end');
  const periodEnd = currentPeriod(subscription).end;
  if (atPeriodEnd !== undefined) {
    return { cancel_at_period_end: atPeriodEnd, cancel_at: atPeriodEnd ? periodEnd : null, canceled_at: atPeriodEnd ? now : null };
  }
  if (params.isEmpty('cancel_at')) return { cancel_at_period_end: false, cancel_at: null, canceled_at: null };
  const at = params.int('cancel_at');
  if (at === undefined) {
    return { cancel_at: subscription.cancel_at, cancel_at_period_end: subscription.cancel_at_period_end, canceled_at: subscription.canceled_at };
  }
  return { cancel_at: at, cancel_at_period_end: at === periodEnd, canceled_at: now };
}

function discountsOf(ctx: OpContext, params: Params, subscription: Subscription): string[] {
  if (!params.has('discounts')) return subscription.discounts;
  const owner = { customer: subscription.customer, subscription: subscription.id, checkoutSession: null };
  return readDiscounts(ctx, params.hashList('discounts')).map((request) => createDiscount(ctx, request, owner).id);
}

export function updateSubscription(ctx: OpContext, params: Params, id: string): Subscription {
  params.only([
    'cancel_at_period_end', 'cancel_at', 'items', 'default_payment_method', 'discounts', 'metadata', 'description',
    'proration_behavior', 'proration_date', 'payment_behavior', 'payment_settings', 'off_session', 'cancellation_details',
    'expand',
  ]);
  const before = mustGet(ctx.state.subscriptions, id, 'subscription');
  const onlyNotes = params.keys().every((key) => ['metadata', 'cancellation_details', 'expand'].includes(key));
  if (before.status === 'canceled' && !onlyNotes) throw badState(CANCELED_MESSAGE);
  const defaultMethod = customersPaymentMethod(ctx, before.customer, params.nullableStr('default_payment_method'));
  const items = params.has('items') ? changedItems(ctx, before, params.hashList('items')) : before.items.data;
  const description = params.nullableStr('description');
  const after = ctx.state.subscriptions.set({
    ...before,
    ...(before.status === 'canceled' ? {} : cancellationOf(params, before, ctx.now())),
    ...(defaultMethod === undefined ? {} : { default_payment_method: defaultMethod }),
    ...(description === undefined ? {} : { description }),
    discounts: discountsOf(ctx, params, before),
    metadata: applyMetadata(before.metadata, params.metadata()),
    items: { ...before.items, data: items },
  });
  const previous = previousAttributes(before, after);
  if (Object.keys(previous).length > 0) ctx.emit('customer.subscription.updated', after, previous);
  return after;
}

/** Ends the subscription now (the API's cancel, or its cancel_at date reached). */
export function endSubscription(ctx: OpContext, subscription: Subscription, at: number): Subscription {
  const ended = ctx.state.subscriptions.set({
    ...subscription,
    status: 'canceled',
    canceled_at: subscription.canceled_at ?? at,
    ended_at: at,
    cancellation_details: { ...subscription.cancellation_details, reason: 'cancellation_requested' },
  });
  ctx.emit('customer.subscription.deleted', ended);
  return ended;
}

export function cancelSubscription(ctx: OpContext, params: Params, id: string): Subscription {
  params.only(['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  const subscription = mustGet(ctx.state.subscriptions, id, 'subscription');
  // A canceled subscription is gone for this call, as on Stripe.
  if (subscription.status === 'canceled') throw noSuchResource('subscription', id);
  return endSubscription(ctx, subscription, ctx.now());
}
