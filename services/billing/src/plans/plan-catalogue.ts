/**
 * The plans offered: Stripe prices chosen by lookup key (STRIPE_PLAN_LOOKUP_KEYS) or every active recurring price
 * of the named products (STRIPE_PLAN_PRODUCTS), each with its product's name and the metadata of both (the price's
 * wins; `metadata.features` is the JSON text of the plan's feature list, SPEC section 3). Read from Stripe and kept
 * a minute: plans change rarely, and the payment page lists them on every visit.
 */
import { type OfficePlanType } from '@dv/contracts';
import type Stripe from 'stripe';
import { planTypeOf } from '../accounts/subscription-state';
import { type PlanSelection } from '../config';
import { viaStripe } from '../stripe/stripe-errors';

/** A plan as GET /api/stripe/list sends it: `metadata` as Stripe keeps it (text values, features unparsed). */
export type PlanListEntry = {
  readonly id: string;
  readonly name: string;
  readonly unitAmount: number | null;
  readonly currency: string;
  readonly interval: string | null;
  readonly metadata: Readonly<Record<string, string>>;
};

export interface Plan {
  readonly price: Stripe.Price;
  readonly planType: OfficePlanType;
  readonly entry: PlanListEntry;
}

export interface PlanCatalogue {
  list(): Promise<readonly Plan[]>;
  /** The plan of a price id, or null when it is not one of the plans offered. */
  find(priceId: string): Promise<Plan | null>;
  /** The free plan (plan type freemium), or null when none is offered. */
  freemium(): Promise<Plan | null>;
}

const CACHE_MS = 60_000;

function productOf(price: Stripe.Price): Stripe.Product | null {
  const { product } = price;
  if (typeof product !== 'object' || product === null || product.deleted === true) return null;
  return product;
}

export function planOf(price: Stripe.Price): Plan {
  const product = productOf(price);
  const metadata = { ...(product?.metadata ?? {}), ...(price.metadata ?? {}) };
  return {
    price,
    planType: planTypeOf({ metadata, unit_amount: price.unit_amount, lookup_key: price.lookup_key }),
    entry: {
      id: price.id,
      name: product?.name ?? price.nickname ?? price.lookup_key ?? price.id,
      unitAmount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring?.interval ?? null,
      metadata,
    },
  };
}

async function fetchPrices(stripe: Stripe, selection: PlanSelection): Promise<Stripe.Price[]> {
  if ('lookupKeys' in selection) {
    const page = await stripe.prices.list({ lookup_keys: [...selection.lookupKeys], active: true, expand: ['data.product'], limit: 100 });
    // Listed in the order the configuration names them.
    return [...page.data].sort((a, b) => selection.lookupKeys.indexOf(a.lookup_key ?? '') - selection.lookupKeys.indexOf(b.lookup_key ?? ''));
  }
  const prices: Stripe.Price[] = [];
  for (const product of selection.products) {
    const page = await stripe.prices.list({ product, active: true, type: 'recurring', expand: ['data.product'], limit: 100 });
    prices.push(...[...page.data].sort((a, b) => (a.unit_amount ?? 0) - (b.unit_amount ?? 0)));
  }
  return prices;
}

export function planCatalogue(deps: { readonly stripe: () => Stripe; readonly selection: PlanSelection; readonly now: () => Date }): PlanCatalogue {
  let cached: { plans: readonly Plan[]; until: number } | undefined;
  let inFlight: Promise<readonly Plan[]> | undefined;

  async function load(): Promise<readonly Plan[]> {
    const prices = await viaStripe(() => fetchPrices(deps.stripe(), deps.selection));
    const plans = prices.filter((price) => price.active && price.recurring !== null).map(planOf);
    cached = { plans, until: deps.now().getTime() + CACHE_MS };
    return plans;
  }

  async function list(): Promise<readonly Plan[]> {
    if (cached && cached.until > deps.now().getTime()) return cached.plans;
    inFlight ??= load().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    list,
    async find(priceId) {
      return (await list()).find((plan) => plan.price.id === priceId) ?? null;
    },
    async freemium() {
      return (await list()).find((plan) => plan.planType === 'freemium') ?? null;
    },
  };
}
