/**
 * The sandbox's whole state: one collection per Stripe object type, plus what Stripe knows but never shows (how a
 * test card behaves when charged, a checkout session's line items). Serializable to one JSON document.
 */
import { type DeclineCode } from './errors';
import {
  type CheckoutSession,
  type Coupon,
  type Customer,
  type Discount,
  type Invoice,
  type Metadata,
  type PaymentMethod,
  type Price,
  type Product,
  type PromotionCode,
  type SetupIntent,
  type StripeEvent,
  type Subscription,
} from './wire-types';

/** Objects by id, in creation order (lists answer newest first, as Stripe's do). */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  constructor(initial: readonly T[] = []) {
    for (const item of initial) this.items.set(item.id, item);
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  /** Replacing keeps the object's place in the order. */
  set(item: T): T {
    this.items.set(item.id, item);
    return item;
  }

  delete(id: string): void {
    this.items.delete(id);
  }

  all(): T[] {
    return [...this.items.values()];
  }

  newestFirst(): T[] {
    return this.all().reverse();
  }

  get size(): number {
    return this.items.size;
  }
}

export interface CheckoutLineItem {
  readonly price: string;
  readonly quantity: number;
}

/** What a checkout session carries that Stripe does not show on the session object itself. */
export interface CheckoutDetails {
  readonly lineItems: readonly CheckoutLineItem[];
  readonly subscriptionMetadata: Metadata;
  readonly setupMetadata: Metadata;
}

export interface SandboxState {
  readonly products: Collection<Product>;
  readonly prices: Collection<Price>;
  readonly coupons: Collection<Coupon>;
  readonly promotionCodes: Collection<PromotionCode>;
  readonly discounts: Collection<Discount>;
  readonly customers: Collection<Customer>;
  readonly paymentMethods: Collection<PaymentMethod>;
  readonly setupIntents: Collection<SetupIntent>;
  readonly checkoutSessions: Collection<CheckoutSession>;
  readonly subscriptions: Collection<Subscription>;
  readonly invoices: Collection<Invoice>;
  readonly events: Collection<StripeEvent>;
  /** Payment methods whose charges fail, with the decline they fail with. */
  readonly chargeDeclines: Map<string, DeclineCode>;
  readonly checkoutDetails: Map<string, CheckoutDetails>;
}

export interface StateDocument {
  version: 1;
  products: Product[];
  prices: Price[];
  coupons: Coupon[];
  promotionCodes: PromotionCode[];
  discounts: Discount[];
  customers: Customer[];
  paymentMethods: PaymentMethod[];
  setupIntents: SetupIntent[];
  checkoutSessions: CheckoutSession[];
  subscriptions: Subscription[];
  invoices: Invoice[];
  events: StripeEvent[];
  chargeDeclines: Record<string, DeclineCode>;
  checkoutDetails: Record<string, CheckoutDetails>;
}

/** Events kept in the file: the newest ones (Stripe itself keeps events for 30 days). */
const EVENTS_KEPT = 5000;

export function emptyState(): SandboxState {
  return stateFrom(undefined);
}

export function stateFrom(doc: StateDocument | undefined): SandboxState {
  return {
    products: new Collection(doc?.products),
    prices: new Collection(doc?.prices),
    coupons: new Collection(doc?.coupons),
    promotionCodes: new Collection(doc?.promotionCodes),
    discounts: new Collection(doc?.discounts),
    customers: new Collection(doc?.customers),
    paymentMethods: new Collection(doc?.paymentMethods),
    setupIntents: new Collection(doc?.setupIntents),
    checkoutSessions: new Collection(doc?.checkoutSessions),
    subscriptions: new Collection(doc?.subscriptions),
    invoices: new Collection(doc?.invoices),
    events: new Collection(doc?.events),
    chargeDeclines: new Map(Object.entries(doc?.chargeDeclines ?? {})),
    checkoutDetails: new Map(Object.entries(doc?.checkoutDetails ?? {})),
  };
}

export function stateDocument(state: SandboxState): StateDocument {
  return {
    version: 1,
    products: state.products.all(),
    prices: state.prices.all(),
    coupons: state.coupons.all(),
    promotionCodes: state.promotionCodes.all(),
    discounts: state.discounts.all(),
    customers: state.customers.all(),
    paymentMethods: state.paymentMethods.all(),
    setupIntents: state.setupIntents.all(),
    checkoutSessions: state.checkoutSessions.all(),
    subscriptions: state.subscriptions.all(),
    invoices: state.invoices.all(),
    events: state.events.all().slice(-EVENTS_KEPT),
    chargeDeclines: Object.fromEntries(state.chargeDeclines),
    checkoutDetails: Object.fromEntries(state.checkoutDetails),
  };
}
