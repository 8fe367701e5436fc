/**
 * Checkout sessions (mode `subscription` or `setup`), hosted on the sandbox's own checkout page. Completing one
 * (from the page's form) saves the card, starts the subscription or succeeds the setup intent, completes the
 * session and answers where to send the browser.
 */
import { badState, cardDeclined, invalidParam } from '../errors';
import { newId } from '../ids';
import { listPage, PAGE_PARAMS } from '../pagination';
import { applyMetadata, type Params } from '../params';
import { type CheckoutDetails } from '../state';
import { type CardDetails } from '../test-cards';
import { type CheckoutSession, type ListObject } from '../wire-types';
import { mustGet, type OpContext } from './context';
import { insertCustomer } from './customers';
import { type DiscountRequest, previewDiscount, readDiscounts, usablePromotionCode } from './discounts';
import { attachToCustomer, createCardPaymentMethod } from './payment-methods';
import { insertSetupIntent, succeedSetupIntent } from './setup-intents';
import { readItems, startSubscription } from './subscriptions';

const SESSION_LIFETIME_SECONDS = 24 * 3600;

function absoluteUrl(params: Params, key: string): string | undefined {
  const value = params.str(key);
  if (value === undefined) return undefined;
  // `{CHECKOUT_SESSION_ID}` is a template Stripe fills in on redirect; it is not part of the URL's validity.
  // Control characters are refused outright: the URL ends up in a Location header.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const control = /[\u0000-\u001f\u007f]/.test(value);
  if (control || !URL.canParse(value.replace('{CHECKOUT_SESSION_ID}', 'x')) || !/^https?:/i.test(value)) {
    throw invalidParam(key, 'Not a valid URL');
  }
  return value;
}

function sessionDiscounts(ctx: OpContext, params: Params): DiscountRequest[] {
  const entries = params.hashList('discounts');
  if (entries.length > 1) throw invalidParam('discounts', 'You may only specify one discount for a Checkout Session.');
  if (entries.length > 0 && params.bool('allow_promotion_codes') === true) {
    throw invalidParam('discounts', 'You may only specify one of these parameters: allow_promotion_codes, discounts.');
  }
  return readDiscounts(ctx, entries);
}

/** The subscription's metadata and the setup intent's, from `subscription_data` / `setup_intent_data`. */
function dataMetadata(params: Params, key: 'subscription_data' | 'setup_intent_data'): CheckoutDetails['subscriptionMetadata'] {
  const data = params.hash(key)?.only(['metadata', 'description']);
  return applyMetadata({}, data?.metadata());
}

export function createCheckoutSession(ctx: OpContext, params: Params): CheckoutSession {
  params.only([
    'mode', 'customer', 'customer_email', 'line_items', 'discounts', 'allow_promotion_codes', 'success_url',
    'cancel_url', 'metadata', 'client_reference_id', 'subscription_data', 'setup_intent_data',
    'payment_method_types', 'currency', 'locale', 'billing_address_collection', 'ui_mode', 'expires_at', 'expand',
  ]);
  const mode = params.oneOf('mode', ['subscription', 'setup', 'payment'] as const);
  if (mode === undefined) throw invalidParam('mode', 'Missing required param: mode.', 'parameter_missing');
  if (mode === 'payment') throw invalidParam('mode', 'The sandbox serves Checkout in mode subscription and setup only.');
  if ((params.str('ui_mode') ?? 'hosted') !== 'hosted') throw invalidParam('ui_mode', 'The sandbox hosts its checkout page only.');
  const successUrl = absoluteUrl(params, 'success_url');
  if (successUrl === undefined) throw invalidParam('success_url', 'Missing required param: success_url.', 'parameter_missing');
  const customer = params.str('customer');
  if (customer !== undefined) mustGet(ctx.state.customers, customer, 'customer', 'customer');
  const items = mode === 'subscription' ? readItems(ctx, params.hashList('line_items')) : [];
  if (mode === 'setup' && params.has('line_items')) throw invalidParam('line_items', 'line_items cannot be used in setup mode.');
  const discounts = mode === 'subscription' ? sessionDiscounts(ctx, params) : [];
  const subtotal = items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  const off = previewDiscount(discounts, subtotal);
  const now = ctx.now();
  const id = newId('checkoutSession');
  const setupIntent =
    mode === 'setup'
      ? insertSetupIntent(ctx, { customer: customer ?? null, usage: 'off_session', metadata: dataMetadata(params, 'setup_intent_data') })
      : null;
  ctx.state.checkoutDetails.set(id, {
    lineItems: items.map((item) => ({ price: item.price.id, quantity: item.quantity })),
    subscriptionMetadata: dataMetadata(params, 'subscription_data'),
    setupMetadata: setupIntent?.metadata ?? {},
  });
  return ctx.state.checkoutSessions.set({
    id,
    object: 'checkout.session',
    amount_subtotal: mode === 'subscription' ? subtotal : null,
    amount_total: mode === 'subscription' ? subtotal - off : null,
    cancel_url: absoluteUrl(params, 'cancel_url') ?? null,
    client_reference_id: params.str('client_reference_id') ?? null,
    created: now,
    currency: items[0]?.price.currency ?? params.str('currency') ?? null,
    customer: customer ?? null,
    customer_email: params.str('customer_email') ?? null,
    discounts: discounts.map(({ coupon, promotionCode }) =>
      promotionCode === null ? { coupon: coupon.id, promotion_code: null } : { coupon: null, promotion_code: promotionCode.id },
    ),
    expires_at: params.int('expires_at', { min: now + 1800, max: now + SESSION_LIFETIME_SECONDS }) ?? now + SESSION_LIFETIME_SECONDS,
    invoice: null,
    livemode: false,
    metadata: applyMetadata({}, params.metadata()),
    mode,
    payment_method_types: ['card'],
    payment_status: mode === 'setup' || subtotal - off === 0 ? 'no_payment_required' : 'unpaid',
    setup_intent: setupIntent?.id ?? null,
    status: 'open',
    subscription: null,
    success_url: successUrl,
    total_details: mode === 'subscription' ? { amount_discount: off, amount_shipping: 0, amount_tax: 0 } : null,
    ui_mode: 'hosted',
    url: ctx.urls.checkout(id),
  });
}

/** The session as it stands now: an open session past its expiry is expired. */
export function currentSession(ctx: OpContext, id: string, param = 'id'): CheckoutSession {
  const session = mustGet(ctx.state.checkoutSessions, id, 'checkout.session', param);
  if (session.status !== 'open' || ctx.now() < session.expires_at) return session;
  return ctx.state.checkoutSessions.set({ ...session, status: 'expired', url: null });
}

export function retrieveCheckoutSession(ctx: OpContext, params: Params, id: string): CheckoutSession {
  params.only(['expand']);
  return currentSession(ctx, id);
}

export function expireCheckoutSession(ctx: OpContext, params: Params, id: string): CheckoutSession {
  params.only(['expand']);
  const session = currentSession(ctx, id);
  if (session.status !== 'open') throw badState(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
  return ctx.state.checkoutSessions.set({ ...session, status: 'expired', url: null });
}

export function listCheckoutSessions(ctx: OpContext, params: Params): ListObject<CheckoutSession> {
  params.only([...PAGE_PARAMS, 'customer', 'subscription', 'status', 'created', 'payment_intent', 'customer_details']);
  const customer = params.str('customer');
  const subscription = params.str('subscription');
  const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
  const sessions = ctx.state.checkoutSessions
    .newestFirst()
    .filter((session) => customer === undefined || session.customer === customer)
    .filter((session) => subscription === undefined || session.subscription === subscription)
    .filter((session) => status === undefined || session.status === status);
  return listPage(sessions, params, '/v1/checkout/sessions');
}

/** The discounts asked for at creation, checked again: a code may have been used up since. */
function discountsAtCompletion(ctx: OpContext, session: CheckoutSession): DiscountRequest[] {
  return session.discounts.map((entry) =>
    entry.promotion_code !== null
      ? usablePromotionCode(ctx, entry.promotion_code, 'discounts')
      : { coupon: mustGet(ctx.state.coupons, entry.coupon ?? '', 'coupon', 'discounts'), promotionCode: null },
  );
}

/** Pays (or saves the card of) an open session; answers the URL the browser goes to next. */
export function completeCheckoutSession(ctx: OpContext, sessionId: string, card: CardDetails): CheckoutSession {
  const session = currentSession(ctx, sessionId);
  if (session.status !== 'open') throw badState(`This Checkout Session is ${session.status}.`);
  const details = ctx.state.checkoutDetails.get(session.id);
  const charged = session.mode === 'subscription' && (session.amount_total ?? 0) > 0;
  // A card that saves but fails its charges is declined here: the first payment is taken now.
  if (card.behavior.kind === 'charges_fail' && charged) throw cardDeclined(card.behavior.decline);
  const discounts = session.mode === 'subscription' ? discountsAtCompletion(ctx, session) : [];
  const method = createCardPaymentMethod(ctx, card, session.customer_email);
  if (session.mode === 'setup') {
    const intent = mustGet(ctx.state.setupIntents, session.setup_intent ?? '', 'setupintent');
    succeedSetupIntent(ctx, intent, method);
    return finish(ctx, { ...session, customer: intent.customer });
  }
  const customer = session.customer ?? insertCustomer(ctx, { email: session.customer_email, name: card.name }).id;
  const attached = attachToCustomer(ctx, method, customer);
  const subscription = startSubscription(ctx, {
    customer,
    items: (details?.lineItems ?? []).map((line) => ({
      price: mustGet(ctx.state.prices, line.price, 'price', 'line_items'),
      quantity: line.quantity,
      metadata: {},
    })),
    defaultPaymentMethod: attached.id,
    discounts,
    metadata: details?.subscriptionMetadata ?? {},
    paymentBehavior: 'error_if_incomplete',
    description: null,
    cancelAtPeriodEnd: false,
    checkoutSession: session.id,
  });
  return finish(ctx, { ...session, customer, subscription: subscription.id, invoice: subscription.latest_invoice });
}

function finish(ctx: OpContext, session: CheckoutSession): CheckoutSession {
  const completed = ctx.state.checkoutSessions.set({
    ...session,
    status: 'complete',
    payment_status: session.payment_status === 'unpaid' ? 'paid' : session.payment_status,
    url: null,
  });
  ctx.emit('checkout.session.completed', completed);
  return completed;
}

/** Where the browser goes after paying: the success URL with `{CHECKOUT_SESSION_ID}` filled in. */
export function successRedirect(session: CheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}
