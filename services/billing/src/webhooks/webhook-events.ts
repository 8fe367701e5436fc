/**
 * What each Stripe event does to the office's account. Events of one subscription apply in the order Stripe made
 * them: an event older than the last one applied to its subscription changes nothing ('stale'); one made in the
 * same second as the last applied may carry an older snapshot, so the subscription is read from Stripe instead of
 * the event (as are invoices' and checkout sessions' subscriptions, which the event does not carry). Every event is
 * recorded by id in the transaction of its change, so a redelivery is acknowledged without effect.
 *
 * - customer.subscription.* : the subscription's state; a new subscription that lets the office work replaces the
 *   one it had (which is then cancelled at Stripe, so the office is never billed twice);
 * - invoice.paid, invoice.payment_succeeded, invoice.payment_failed: the invoice's subscription, as it now is;
 * - checkout.session.completed: a setup session's card becomes the card on file; a subscription session's
 *   subscription is applied like the above, and its card kept;
 * - setup_intent.succeeded, customer.updated: the card on file, as Stripe now has it;
 * - anything else: recorded, ignored.
 */
import { DuplicateKey, type Logger, type Store, type Transaction } from '@dv/kit';
import type Stripe from 'stripe';
import { type AccountWriter } from '../accounts/account-writer';
import { WEBHOOK_EVENTS_COLLECTION, type AccountStore, type BillingAccountDocument, type CardOnFile, type WebhookOutcome } from '../accounts/accounts.store';
import { adoptCard, cardOnFile } from '../accounts/card-on-file';
import { idOf, isValidStatus, stateOfSubscription } from '../accounts/subscription-state';
import { type OfficeFinder } from './webhook-offices';

export type Handled = WebhookOutcome | 'duplicate';

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
] as const;
const INVOICE_EVENTS = ['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'] as const;

/** Narrows an event to the types named (Stripe's event union is keyed by `type`). */
function ofType<T extends Stripe.Event['type']>(event: Stripe.Event, types: readonly T[]): event is Extract<Stripe.Event, { type: T }> {
  return (types as readonly string[]).includes(event.type);
}

/** Statuses of a replaced subscription that would still bill the office. */
const BILLING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];

export interface WebhookEventDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly accounts: AccountStore;
  readonly writer: AccountWriter;
  readonly offices: OfficeFinder;
  readonly stripe: () => Stripe;
  readonly now: () => Date;
  readonly logger: Pick<Logger, 'warn' | 'info'>;
}

export function webhookEvents(deps: WebhookEventDeps) {
  const { store, accounts, writer, offices, logger } = deps;

  /** Runs `work` and records the event in one transaction; a delivery recorded meanwhile is a duplicate. */
  async function commit(event: Stripe.Event, work: (tx: Transaction) => Promise<WebhookOutcome>): Promise<Handled> {
    try {
      return await store.transaction(async (tx) => {
        const outcome = await work(tx);
        await accounts.recordWebhookEvent(tx, { _id: event.id, type: event.type, created: event.created, receivedAt: deps.now().toISOString(), outcome });
        return outcome;
      });
    } catch (error) {
      if (error instanceof DuplicateKey && error.collection === WEBHOOK_EVENTS_COLLECTION) return 'duplicate';
      throw error;
    }
  }

  const ignore = (event: Stripe.Event) => commit(event, () => Promise.resolve('ignored'));

  /** The card on file changed: as Stripe now has it. */
  async function cardChanged(event: Stripe.Event, account: BillingAccountDocument, card: CardOnFile | null): Promise<Handled> {
    return commit(event, async (tx) => {
      const current = await accounts.accountById(account._id, tx);
      if (current === null) return 'ignored';
      await writer.apply(tx, current, { card });
      return 'applied';
    });
  }

  /** Best effort, after the commit: a replaced subscription stops billing the office. */
  async function cancelReplaced(subscriptionId: string | null): Promise<void> {
    if (subscriptionId === null) return;
    try {
      await deps.stripe().subscriptions.cancel(subscriptionId);
    } catch (error) {
      logger.warn({ err: error, subscriptionId }, 'a replaced subscription could not be cancelled');
    }
  }

  /** A subscription's state, in order; `live` says the object was just read from Stripe. */
  async function subscriptionChanged(event: Stripe.Event, given: Stripe.Subscription, live: boolean): Promise<Handled> {
    const account = await offices.officeOfCustomer(idOf(given.customer));
    if (account === null) return ignore(event);
    const clock = await accounts.clockOf(given.id);
    if (clock !== null && event.created < clock.lastEventCreated) return commit(event, () => Promise.resolve('stale'));
    const stripe = deps.stripe();
    const subscription = live || clock === null || event.created > clock.lastEventCreated ? given : await stripe.subscriptions.retrieve(given.id);
    const paymentMethod = subscription.default_payment_method;
    const customerId = account.customerId as string;
    const card = paymentMethod !== null && idOf(paymentMethod) !== account.card?.paymentMethodId ? await adoptCard(stripe, customerId, paymentMethod) : undefined;
    let replaced: string | null = null;
    const handled = await commit(event, async (tx) => {
      const latest = await accounts.clockOf(subscription.id, tx);
      if (latest !== null && event.created < latest.lastEventCreated) return 'stale';
      const current = await accounts.accountById(account._id, tx);
      if (current === null) return 'ignored';
      const state = stateOfSubscription(subscription);
      const adopt = current.subscriptionId === null || current.subscriptionId === subscription.id || !isValidStatus(current.status) || isValidStatus(state.status);
      if (adopt && current.subscriptionId !== null && current.subscriptionId !== subscription.id && BILLING_STATUSES.includes(current.status)) replaced = current.subscriptionId;
      if (adopt || card !== undefined) await writer.apply(tx, current, { ...(adopt ? { state } : {}), ...(card === undefined ? {} : { card }) });
      await accounts.saveClock(tx, {
        _id: subscription.id,
        officeId: current._id,
        lastEventCreated: Math.max(event.created, latest?.lastEventCreated ?? 0),
        lastEventId: event.id,
      });
      return 'applied';
    });
    if (handled === 'applied') await cancelReplaced(replaced);
    return handled;
  }

  async function subscriptionById(event: Stripe.Event, subscription: string | Stripe.Subscription | null | undefined): Promise<Handled> {
    const id = idOf(subscription ?? null);
    if (id === null) return ignore(event);
    return subscriptionChanged(event, await deps.stripe().subscriptions.retrieve(id), true);
  }

  async function setupCompleted(event: Stripe.Event, customer: string | { id: string } | null, paymentMethod: string | Stripe.PaymentMethod | null): Promise<Handled> {
    const account = await offices.officeOfCustomer(idOf(customer));
    if (account === null || paymentMethod === null) return ignore(event);
    return cardChanged(event, account, await adoptCard(deps.stripe(), account.customerId as string, paymentMethod));
  }

  async function checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<Handled> {
    if (session.mode === 'subscription') return subscriptionById(event, session.subscription);
    if (session.mode !== 'setup') return ignore(event);
    const setupIntentId = idOf(session.setup_intent);
    if (setupIntentId === null) return ignore(event);
    const setupIntent = await deps.stripe().setupIntents.retrieve(setupIntentId);
    return setupCompleted(event, session.customer, setupIntent.payment_method);
  }

  async function customerUpdated(event: Stripe.Event, customer: Stripe.Customer): Promise<Handled> {
    const account = await offices.officeOfCustomer(customer.id);
    if (account === null) return ignore(event);
    return cardChanged(event, account, await cardOnFile(deps.stripe(), customer.id));
  }

  return {
    async handle(event: Stripe.Event): Promise<Handled> {
      if ((await accounts.webhookEvent(event.id)) !== null) return 'duplicate';
      if (ofType(event, SUBSCRIPTION_EVENTS)) return subscriptionChanged(event, event.data.object, false);
      if (ofType(event, INVOICE_EVENTS)) return subscriptionById(event, event.data.object.parent?.subscription_details?.subscription);
      if (ofType(event, ['checkout.session.completed'])) return checkoutCompleted(event, event.data.object);
      if (ofType(event, ['setup_intent.succeeded'])) return setupCompleted(event, event.data.object.customer, event.data.object.payment_method);
      if (ofType(event, ['customer.updated'])) return customerUpdated(event, event.data.object);
      return ignore(event);
    },
  };
}

export type WebhookEvents = ReturnType<typeof webhookEvents>;
