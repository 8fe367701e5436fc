/**
 * The billing service's own documents (the only place that names their collections):
 * - billing accounts, one per office (`_id` is the office id): the office's Stripe customer, its current
 *   subscription as last seen (status, price, plan type, period end, cancellation), and the card on file's brand
 *   and last 4 digits (never more of a card: the number is only ever entered on Stripe's own page);
 * - subscription clocks, one per Stripe subscription: the creation time of the last webhook event applied to it, so
 *   an older event that arrives late changes nothing;
 * - webhook events, one per Stripe event id: a redelivered event is recognised and acknowledged without effect.
 */
import { type OfficePlanType, type SubscriptionStatus } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

export const ACCOUNTS_COLLECTION = 'billingAccounts';
export const SUBSCRIPTION_CLOCKS_COLLECTION = 'billingSubscriptionClocks';
export const WEBHOOK_EVENTS_COLLECTION = 'billingWebhookEvents';

export interface CardOnFile {
  readonly paymentMethodId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/** What the office's subscription is, as the service last learnt it from Stripe. */
export interface SubscriptionState {
  readonly subscriptionId: string | null;
  readonly status: SubscriptionStatus;
  readonly priceId: string | null;
  readonly planType: OfficePlanType | null;
  /** ISO 8601. */
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

export interface BillingAccountDocument extends BaseDocument, SubscriptionState {
  readonly orgId: string;
  readonly customerId: string | null;
  readonly card: CardOnFile | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SubscriptionClockDocument extends BaseDocument {
  readonly officeId: string;
  /** Stripe's `created` (seconds) of the last event applied to this subscription. */
  readonly lastEventCreated: number;
  readonly lastEventId: string;
}

export type WebhookOutcome = 'applied' | 'stale' | 'ignored';

export interface WebhookEventDocument extends BaseDocument {
  readonly type: string;
  /** Stripe's `created`, seconds. */
  readonly created: number;
  readonly receivedAt: string;
  readonly outcome: WebhookOutcome;
}

export const NO_SUBSCRIPTION: SubscriptionState = {
  subscriptionId: null,
  status: 'none',
  priceId: null,
  planType: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

export type Scope = { readonly orgId: string; readonly officeId: string };

export async function ensureAccountIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(ACCOUNTS_COLLECTION, { fields: ['customerId'] });
  await store.ensureIndex(SUBSCRIPTION_CLOCKS_COLLECTION, { fields: ['officeId'] });
}

type Db = Pick<Store, 'collection'> | Transaction;

export function accountStore(store: Pick<Store, 'collection'>) {
  const within = (tx?: Transaction): Db => tx ?? store;
  const accounts = (tx?: Transaction) => within(tx).collection<BillingAccountDocument>(ACCOUNTS_COLLECTION);
  const clocks = (tx?: Transaction) => within(tx).collection<SubscriptionClockDocument>(SUBSCRIPTION_CLOCKS_COLLECTION);
  const events = (tx?: Transaction) => within(tx).collection<WebhookEventDocument>(WEBHOOK_EVENTS_COLLECTION);
  return {
    /** The office's account within its organization; another organization's office reads as none. */
    async accountOf(scope: Scope, tx?: Transaction): Promise<BillingAccountDocument | null> {
      return accounts(tx).findOne({ _id: scope.officeId, orgId: scope.orgId });
    },
    accountById(officeId: string, tx?: Transaction): Promise<BillingAccountDocument | null> {
      return accounts(tx).findById(officeId);
    },
    accountOfCustomer(customerId: string, tx?: Transaction): Promise<BillingAccountDocument | null> {
      return accounts(tx).findOne({ customerId });
    },
    allAccounts(): Promise<BillingAccountDocument[]> {
      return accounts().find({});
    },
    async insertAccount(tx: Transaction, doc: BillingAccountDocument): Promise<void> {
      await accounts(tx).insert(doc);
    },
    async updateAccount(tx: Transaction, officeId: string, change: Partial<Omit<BillingAccountDocument, '_id' | 'orgId' | 'createdAt'>>): Promise<void> {
      await accounts(tx).update({ _id: officeId }, { set: change });
    },
    clockOf(subscriptionId: string, tx?: Transaction): Promise<SubscriptionClockDocument | null> {
      return clocks(tx).findById(subscriptionId);
    },
    async saveClock(tx: Transaction, clock: SubscriptionClockDocument): Promise<void> {
      const { _id, ...rest } = clock;
      await clocks(tx).upsert({ _id }, { set: rest });
    },
    webhookEvent(eventId: string, tx?: Transaction): Promise<WebhookEventDocument | null> {
      return events(tx).findById(eventId);
    },
    /** Throws DuplicateKey when the event was recorded already (a redelivery racing this one). */
    async recordWebhookEvent(tx: Transaction, doc: WebhookEventDocument): Promise<void> {
      await events(tx).insert(doc);
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
