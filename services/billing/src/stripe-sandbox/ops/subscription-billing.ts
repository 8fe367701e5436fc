/**
 * Time passing for subscriptions, run by the sandbox's clock: a period that ends is renewed and invoiced (paid:
 * active; declined: past_due), a subscription set to cancel ends at its date, and a first invoice left unpaid for
 * 23 hours expires its subscription (incomplete_expired). Also paying an open invoice through the API.
 */
import { intervalMonths, periodEnd } from '../billing-math';
import { badState, cardDeclined } from '../errors';
import { type Params } from '../params';
import { previousAttributes } from '../previous-attributes';
import { type Invoice, type Subscription } from '../wire-types';
import { mustGet, type OpContext } from './context';
import { applyDiscounts, discountsStillRunning } from './discounts';
import { announceInvoice, chargeOutcome, issueInvoice, paymentMethodOf, subtotalOf } from './invoices';
import { paymentMethodFor } from './payment-methods';
import { currentPeriod, endSubscription } from './subscription-changes';

const INCOMPLETE_LIFETIME_SECONDS = 23 * 3600;
/** Periods caught up in one run at most (a sandbox left off for years does not loop for long). */
const MAX_PERIODS_PER_RUN = 36;

function setStatus(ctx: OpContext, before: Subscription, changes: Partial<Subscription>): Subscription {
  const after = ctx.state.subscriptions.set({ ...before, ...changes });
  const previous = previousAttributes(before, after);
  if (Object.keys(previous).length > 0) ctx.emit('customer.subscription.updated', after, previous);
  return after;
}

function renew(ctx: OpContext, subscription: Subscription): Subscription {
  const period = currentPeriod(subscription);
  const recurring = subscription.items.data[0]?.price.recurring;
  const months = recurring ? intervalMonths(recurring.interval, recurring.interval_count) : 1;
  const next = { start: period.end, end: periodEnd(subscription.billing_cycle_anchor, period.end, months) };
  const draft: Subscription = {
    ...subscription,
    discounts: discountsStillRunning(ctx, subscription.discounts, next.start),
    items: {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({ ...item, current_period_start: next.start, current_period_end: next.end })),
    },
  };
  const subtotal = subtotalOf(draft);
  const discount = applyDiscounts(ctx, draft.discounts, subtotal, { periodStart: next.start, first: false });
  const amount = subtotal - discount.reduce((sum, { amount: off }) => sum + off, 0);
  const outcome = chargeOutcome(ctx, amount, paymentMethodOf(ctx, draft));
  const invoice = issueInvoice(ctx, { subscription: draft, reason: 'subscription_cycle', period: next, outcome });
  const paid = invoice.status === 'paid';
  const renewed = setStatus(ctx, subscription, { ...draft, status: paid ? 'active' : 'past_due', latest_invoice: invoice.id });
  announceInvoice(ctx, invoice);
  return renewed;
}

function expireIncomplete(ctx: OpContext, subscription: Subscription): void {
  const invoice = subscription.latest_invoice === null ? undefined : ctx.state.invoices.get(subscription.latest_invoice);
  if (invoice?.status === 'open') {
    ctx.state.invoices.set({ ...invoice, status: 'void', amount_remaining: 0, status_transitions: { ...invoice.status_transitions } });
  }
  setStatus(ctx, subscription, { status: 'incomplete_expired', ended_at: ctx.now() });
}

function advance(ctx: OpContext, subscription: Subscription): void {
  const now = ctx.now();
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
  if (subscription.status === 'incomplete') {
    if (now >= subscription.created + INCOMPLETE_LIFETIME_SECONDS) expireIncomplete(ctx, subscription);
    return;
  }
  let current = subscription;
  for (let n = 0; n < MAX_PERIODS_PER_RUN; n += 1) {
    const { end } = currentPeriod(current);
    const cancelAt = current.cancel_at;
    if (cancelAt !== null && cancelAt <= now && cancelAt <= end) {
      endSubscription(ctx, current, cancelAt);
      return;
    }
    if (end > now) return;
    current = renew(ctx, current);
  }
}

/** Brings every subscription up to the sandbox's current time. */
export function runDueBilling(ctx: OpContext): void {
  for (const subscription of ctx.state.subscriptions.all()) advance(ctx, subscription);
}

/** Charges an open invoice again; a paid invoice makes its incomplete or past_due subscription active. */
export function payInvoice(ctx: OpContext, params: Params, id: string): Invoice {
  params.only(['payment_method', 'off_session', 'expand']);
  const invoice = mustGet(ctx.state.invoices, id, 'invoice');
  if (invoice.status !== 'open') throw badState(`Invoice is already ${invoice.status}`);
  const subscription = mustGet(ctx.state.subscriptions, invoice.parent.subscription_details.subscription, 'subscription');
  const methodId = params.str('payment_method');
  const method = methodId === undefined ? paymentMethodOf(ctx, subscription) : paymentMethodFor(ctx, methodId, 'payment_method').id;
  const outcome = chargeOutcome(ctx, invoice.amount_remaining, method);
  const now = ctx.now();
  if (outcome.kind === 'declined' || outcome.kind === 'no_payment_method') {
    const failed = ctx.state.invoices.set({ ...invoice, attempted: true, attempt_count: invoice.attempt_count + 1 });
    announceInvoice(ctx, failed);
    // The failed attempt is real: its event is sent although the call answers with an error.
    const error = outcome.kind === 'declined' ? cardDeclined(outcome.decline) : badState('There is no payment method to charge for this invoice.');
    error.keepChanges = true;
    throw error;
  }
  const paid = ctx.state.invoices.set({
    ...invoice,
    status: 'paid',
    attempted: true,
    attempt_count: invoice.attempt_count + 1,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    status_transitions: { ...invoice.status_transitions, paid_at: now },
  });
  if (subscription.status === 'incomplete' || subscription.status === 'past_due') setStatus(ctx, subscription, { status: 'active' });
  announceInvoice(ctx, paid);
  return paid;
}
