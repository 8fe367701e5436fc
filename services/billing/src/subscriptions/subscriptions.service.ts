/**
 * Subscribing, changing plan, cancelling, the free plan (SPEC section 7 and issue 17). Every call acts for the office
 * of the Connected-Dental-Office header, through that office's own Stripe customer.
 *
 * POST /api/stripe/subscription/create { priceId?, couponCode?, unlock? }:
 * - a card on file: the subscription starts now (the card is charged; Stripe's reason when it is refused);
 * - no card: a Stripe Checkout session in subscription mode with the coupon, answered `checkout_required` with its
 *   address; the subscription's state then arrives by webhook;
 * - `unlock: true` without a plan: pays the open invoice of a past-due (or unpaid, incomplete) subscription;
 * - the plan the office already has: valid at once, nothing charged twice. A paid plan while another one runs
 *   changes the running subscription's price.
 * Two requests at once carry one idempotency key (office and the account's version), so they make one subscription.
 */
import { BILLING_MESSAGES, type SubscriptionCheckoutReply, type SubscriptionCreateInput } from '@dv/contracts';
import { Conflict, HttpError, invalidField, type Logger, type Store } from '@dv/kit';
import type Stripe from 'stripe';
import { type AccountWriter } from '../accounts/account-writer';
import { type AccountStore, type CardOnFile, type Scope } from '../accounts/accounts.store';
import { cardOnFile } from '../accounts/card-on-file';
import { type CustomerAccounts, type RegisteredAccount } from '../accounts/customers';
import { isValidStatus, stateOfSubscription } from '../accounts/subscription-state';
import { discountOf, resolveCoupon, type ResolvedCoupon } from '../plans/coupons';
import { type Plan, type PlanCatalogue } from '../plans/plan-catalogue';
import { cardDeclineOf, providerUnavailable, viaStripe } from '../stripe/stripe-errors';
import { subscriptionSession, setupSession } from './checkout';

export const CHECKOUT_REQUIRED = 'checkout_required';
export const PAYMENT_INCOMPLETE = 'payment_incomplete';
export const NO_FREE_PLAN = 'No free plan is offered';
export const NO_CARD_ON_FILE = 'This office has no card on file: choose the plan on the Payment page';
export const CHOOSE_A_PLAN = 'Choose a plan (GET /api/stripe/list)';

/** Statuses of a subscription that still holds the office (and would bill it): replaced, it is cancelled. */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];
/** Statuses whose open invoice `unlock` pays. */
const UNLOCKABLE: readonly string[] = ['past_due', 'unpaid', 'incomplete'];

export interface SubscriptionDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly accounts: AccountStore;
  readonly writer: AccountWriter;
  readonly customers: CustomerAccounts;
  readonly plans: PlanCatalogue;
  readonly stripe: () => Stripe;
  readonly logger: Pick<Logger, 'warn'>;
}

const metadataOf = (scope: Scope) => ({ organizationId: scope.orgId, officeId: scope.officeId });
const hasLiveSubscription = (account: RegisteredAccount): account is RegisteredAccount & { subscriptionId: string } =>
  account.subscriptionId !== null && isValidStatus(account.status);

export function subscriptionService(deps: SubscriptionDeps) {
  const { store, accounts, writer, customers, plans, logger } = deps;

  /** Keeps what Stripe answered as the office's subscription (and the card it charges). */
  async function record(scope: Scope, subscription: Stripe.Subscription, card?: CardOnFile | null): Promise<void> {
    await store.transaction(async (tx) => {
      const account = await writer.ensure(tx, scope);
      await writer.apply(tx, account, { state: stateOfSubscription(subscription), ...(card === undefined ? {} : { card }) });
    });
  }

  /** Best effort: a subscription replaced by another one stops billing the office. */
  async function cancelReplaced(stripe: Stripe, account: RegisteredAccount, replacedBy: string): Promise<void> {
    if (account.subscriptionId === null || account.subscriptionId === replacedBy || !LIVE_STATUSES.includes(account.status)) return;
    try {
      await stripe.subscriptions.cancel(account.subscriptionId);
    } catch (error) {
      logger.warn({ err: error, officeId: account._id, subscriptionId: account.subscriptionId }, 'a replaced subscription could not be cancelled');
    }
  }

  /**
   * The account, with a valid subscription Stripe has and no webhook told of yet taken in (the office came back from
   * Checkout before its webhook): a second request then finds it instead of subscribing the office twice.
   */
  async function withStripeState(scope: Scope, account: RegisteredAccount): Promise<RegisteredAccount> {
    if (hasLiveSubscription(account)) return account;
    const stripe = deps.stripe();
    const listed = await viaStripe(() => stripe.subscriptions.list({ customer: account.customerId, status: 'all', limit: 20 }));
    const live = [...listed.data].sort((a, b) => b.created - a.created).find((candidate) => isValidStatus(stateOfSubscription(candidate).status));
    if (live === undefined) return account;
    await record(scope, live);
    return ((await accounts.accountOf(scope)) as RegisteredAccount | null) ?? account;
  }

  async function planFor(account: RegisteredAccount, priceId: string | undefined): Promise<Plan> {
    const wanted = priceId ?? account.priceId;
    const plan = wanted === null ? null : await plans.find(wanted);
    if (plan === null) throw invalidField('priceId', priceId === undefined ? CHOOSE_A_PLAN : BILLING_MESSAGES.unknownPrice);
    return plan;
  }

  async function usableCoupon(code: string | undefined): Promise<ResolvedCoupon | null> {
    if (code === undefined) return null;
    const coupon = await resolveCoupon(deps.stripe(), code);
    if (coupon === null || !coupon.usable) throw invalidField('couponCode', BILLING_MESSAGES.unknownCoupon);
    return coupon;
  }

  /** The running subscription moved to another price (prorated), charged to the card when one is given. */
  async function switchPlan(scope: Scope, subscriptionId: string, plan: Plan, card: CardOnFile | null, coupon: ResolvedCoupon | null): Promise<string | null> {
    const stripe = deps.stripe();
    try {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: item === undefined ? [{ price: plan.price.id }] : [{ id: item.id, price: plan.price.id }],
        proration_behavior: 'create_prorations',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        ...(card === null ? {} : { default_payment_method: card.paymentMethodId }),
        ...(coupon === null ? {} : { discounts: [discountOf(coupon)] }),
      });
      await record(scope, updated, card ?? undefined);
      return null;
    } catch (error) {
      const decline = cardDeclineOf(error);
      if (decline !== null) return decline;
      throw error;
    }
  }

  /** A new subscription charged to the card on file now. */
  async function subscribeWithCard(account: RegisteredAccount, scope: Scope, plan: Plan, card: CardOnFile, coupon: ResolvedCoupon | null): Promise<SubscriptionCheckoutReply> {
    const stripe = deps.stripe();
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.create(
        {
          customer: account.customerId,
          items: [{ price: plan.price.id }],
          default_payment_method: card.paymentMethodId,
          payment_behavior: 'error_if_incomplete',
          metadata: metadataOf(scope),
          ...(coupon === null ? {} : { discounts: [discountOf(coupon)] }),
        },
        { idempotencyKey: `subscribe:${scope.officeId}:${account.updatedAt}` },
      );
    } catch (error) {
      const decline = cardDeclineOf(error);
      if (decline !== null) return { valid: false, error: decline };
      throw providerUnavailable(error);
    }
    await record(scope, subscription, card);
    await cancelReplaced(stripe, account, subscription.id);
    const state = stateOfSubscription(subscription);
    return isValidStatus(state.status) ? { valid: true } : { valid: false, error: PAYMENT_INCOMPLETE };
  }

  /** `unlock`: pays the open invoice of a subscription that stopped the office; null when there is nothing to pay. */
  async function unlock(account: RegisteredAccount, scope: Scope, origin: string): Promise<SubscriptionCheckoutReply | null> {
    if (account.subscriptionId === null || !UNLOCKABLE.includes(account.status)) return null;
    const stripe = deps.stripe();
    const subscription = await viaStripe(() => stripe.subscriptions.retrieve(account.subscriptionId as string));
    const invoiceId = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : (subscription.latest_invoice?.id ?? null);
    if (invoiceId === null) return null;
    const card = await viaStripe(() => cardOnFile(stripe, account.customerId));
    if (card === null) {
      const link = await setupSession(stripe, scope, account.customerId, origin);
      return { valid: false, error: CHECKOUT_REQUIRED, checkoutUrl: link.url };
    }
    try {
      await stripe.invoices.pay(invoiceId, { payment_method: card.paymentMethodId });
    } catch (error) {
      const decline = cardDeclineOf(error);
      if (decline !== null) return { valid: false, error: decline };
      throw providerUnavailable(error);
    }
    const paid = await viaStripe(() => stripe.subscriptions.retrieve(subscription.id));
    await record(scope, paid, card);
    return isValidStatus(stateOfSubscription(paid).status) ? { valid: true } : { valid: false, error: PAYMENT_INCOMPLETE };
  }

  async function freemium(scope: Scope): Promise<void> {
    const plan = await plans.freemium();
    if (plan === null) throw new Conflict(NO_FREE_PLAN);
    const account = await customers.ensureCustomer(scope);
    if (hasLiveSubscription(account)) {
      if (account.priceId === plan.price.id) return;
      await viaStripe(() => switchPlan(scope, account.subscriptionId, plan, null, null));
      return;
    }
    const stripe = deps.stripe();
    const subscription = await viaStripe(() =>
      stripe.subscriptions.create(
        { customer: account.customerId, items: [{ price: plan.price.id }], metadata: metadataOf(scope) },
        { idempotencyKey: `freemium:${scope.officeId}:${account.updatedAt}` },
      ),
    );
    await record(scope, subscription);
    await cancelReplaced(stripe, account, subscription.id);
  }

  return {
    async create(scope: Scope, input: SubscriptionCreateInput, origin: string): Promise<SubscriptionCheckoutReply> {
      const registered = await customers.ensureCustomer(scope);
      if (input.unlock === true && input.priceId === undefined) {
        const unlocked = await unlock(registered, scope, origin);
        if (unlocked !== null) return unlocked;
      }
      const account = await withStripeState(scope, registered);
      const plan = await planFor(account, input.priceId);
      if (plan.planType === 'freemium') {
        await freemium(scope);
        return { valid: true };
      }
      const coupon = await usableCoupon(input.couponCode);
      if (hasLiveSubscription(account) && account.priceId === plan.price.id) return { valid: true };
      const stripe = deps.stripe();
      const card = await viaStripe(() => cardOnFile(stripe, account.customerId));
      if (card === null) {
        const link = await subscriptionSession(stripe, scope, account.customerId, origin, { priceId: plan.price.id, discount: coupon === null ? null : discountOf(coupon) });
        return { valid: false, error: CHECKOUT_REQUIRED, checkoutUrl: link.url };
      }
      if (hasLiveSubscription(account)) {
        const decline = await viaStripe(() => switchPlan(scope, account.subscriptionId, plan, card, coupon));
        return decline === null ? { valid: true } : { valid: false, error: decline };
      }
      return subscribeWithCard(account, scope, plan, card, coupon);
    },

    freemium,

    /** Another plan for the running subscription (prorated); a paid plan needs a card on file. */
    async change(scope: Scope, priceId: string): Promise<void> {
      const account = await accounts.accountOf(scope);
      if (account === null || account.customerId === null || !hasLiveSubscription(account as RegisteredAccount)) throw new Conflict(BILLING_MESSAGES.noSubscription);
      const registered = account as RegisteredAccount & { subscriptionId: string };
      const plan = await plans.find(priceId);
      if (plan === null) throw invalidField('priceId', BILLING_MESSAGES.unknownPrice);
      if (plan.price.id === registered.priceId) return;
      let card: CardOnFile | null = null;
      if (plan.planType !== 'freemium') {
        card = await viaStripe(() => cardOnFile(deps.stripe(), registered.customerId));
        if (card === null) throw new Conflict(NO_CARD_ON_FILE);
      }
      const decline = await viaStripe(() => switchPlan(scope, registered.subscriptionId, plan, card, null));
      if (decline !== null) throw new HttpError(402, decline);
    },

    /** Cancels at the end of the paid period, or (`resume`) takes the cancellation back. */
    async cancel(scope: Scope, resume: boolean): Promise<void> {
      const account = await accounts.accountOf(scope);
      const subscriptionId = account?.subscriptionId ?? null;
      if (account === null || subscriptionId === null || !LIVE_STATUSES.includes(account.status)) throw new Conflict(BILLING_MESSAGES.noSubscription);
      const stripe = deps.stripe();
      const updated = await viaStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !resume }));
      await record(scope, updated);
    },
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
