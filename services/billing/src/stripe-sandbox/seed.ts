/**
 * Seed data, as plain data: plans (a product and a monthly price each, the features in the price's
 * `metadata.features` as a JSON list), coupons with their promotion codes, and customers with or without a
 * subscription. Applied at every start, each item only when missing (plans by lookup key, coupons by id, customers
 * by email), so a kept state is never reseeded twice. Seeding sends no webhooks: it is the world as it already was.
 */
import { newId } from './ids';
import { type OpContext } from './ops/context';
import { insertCustomer } from './ops/customers';
import { attachToCustomer, createCardPaymentMethod } from './ops/payment-methods';
import { startSubscription } from './ops/subscriptions';
import { type CouponDuration, type Metadata } from './wire-types';

export interface PlanSeed {
  readonly name: string;
  /** The price's lookup key: how the billing service finds the plan. */
  readonly lookupKey: string;
  /** Cents per month. */
  readonly unitAmount: number;
  readonly features: readonly string[];
  readonly description?: string;
}

export interface CouponSeed {
  readonly id: string;
  readonly name?: string;
  readonly percentOff?: number;
  /** Cents. */
  readonly amountOff?: number;
  readonly duration: CouponDuration;
  readonly durationInMonths?: number;
  /** A customer-facing code for this coupon (a promotion code). */
  readonly promotionCode?: string;
}

export interface CustomerSeed {
  readonly email: string;
  readonly name?: string;
  readonly metadata?: Metadata;
  /** An active subscription on the plan with this lookup key, paid with a test Visa. */
  readonly subscription?: { readonly plan: string; readonly coupon?: string };
}

export interface SandboxSeed {
  readonly plans: readonly PlanSeed[];
  readonly coupons: readonly CouponSeed[];
  readonly customers: readonly CustomerSeed[];
}

export const SANDBOX_PLANS: readonly PlanSeed[] = [
  {
    name: 'Freemium',
    lookupKey: 'freemium',
    unitAmount: 0,
    description: 'Start verifying at no cost',
    features: ['Insurance verification requests', 'Verification history', 'A limited number of users'],
  },
  {
    name: 'Standard',
    lookupKey: 'standard',
    unitAmount: 9900,
    description: 'For a dental office',
    features: ['Insurance verification requests', 'Verification history', 'Unlimited users', 'Appointment schedule', 'Email support'],
  },
  {
    name: 'Premium',
    lookupKey: 'premium',
    unitAmount: 19900,
    description: 'For busy offices and groups',
    features: ['Everything in Standard', 'Treatment plan estimates', 'Outsourced verifications', 'Priority support'],
  },
];

export const WELCOME_COUPON: CouponSeed = {
  id: 'WELCOME20',
  name: 'Welcome, 20% off',
  percentOff: 20,
  duration: 'forever',
  promotionCode: 'WELCOME20',
};

/** The standard seed: the three plans, WELCOME20, and the customers given. */
export function sandboxSeed(customers: readonly CustomerSeed[] = []): SandboxSeed {
  return { plans: SANDBOX_PLANS, coupons: [WELCOME_COUPON], customers };
}

function seedPlan(ctx: OpContext, plan: PlanSeed): void {
  if (ctx.state.prices.all().some((price) => price.lookup_key === plan.lookupKey)) return;
  const now = ctx.now();
  const productId = newId('product');
  const priceId = newId('price');
  ctx.state.products.set({
    id: productId,
    object: 'product',
    active: true,
    created: now,
    default_price: priceId,
    description: plan.description ?? null,
    images: [],
    livemode: false,
    marketing_features: plan.features.map((name) => ({ name })),
    metadata: {},
    name: plan.name,
    package_dimensions: null,
    shippable: null,
    type: 'service',
    updated: now,
    url: null,
  });
  ctx.state.prices.set({
    id: priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: now,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: plan.lookupKey,
    metadata: { features: JSON.stringify(plan.features) },
    nickname: plan.name,
    product: productId,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: plan.unitAmount,
    unit_amount_decimal: String(plan.unitAmount),
  });
}

function seedCoupon(ctx: OpContext, seed: CouponSeed): void {
  if (ctx.state.coupons.get(seed.id) === undefined) {
    ctx.state.coupons.set({
      id: seed.id,
      object: 'coupon',
      amount_off: seed.amountOff ?? null,
      created: ctx.now(),
      currency: seed.amountOff === undefined ? null : 'usd',
      duration: seed.duration,
      duration_in_months: seed.duration === 'repeating' ? (seed.durationInMonths ?? 1) : null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: seed.name ?? null,
      percent_off: seed.percentOff ?? null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    });
  }
  const code = seed.promotionCode;
  if (code === undefined || ctx.state.promotionCodes.all().some((promo) => promo.code === code)) return;
  ctx.state.promotionCodes.set({
    id: newId('promotionCode'),
    object: 'promotion_code',
    active: true,
    code,
    created: ctx.now(),
    customer: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { type: 'coupon', coupon: seed.id },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  });
}

function seedCustomer(ctx: OpContext, seed: CustomerSeed): void {
  if (ctx.state.customers.all().some((customer) => customer.email === seed.email)) return;
  const customer = insertCustomer(ctx, { email: seed.email, name: seed.name ?? null, metadata: seed.metadata ?? {} });
  const plan = seed.subscription;
  if (plan === undefined) return;
  const price = ctx.state.prices.all().find((candidate) => candidate.lookup_key === plan.plan);
  if (price === undefined) throw new Error(`Stripe sandbox seed: no plan with lookup key ${plan.plan}`);
  const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date(ctx.now() * 1000).getUTCFullYear() + 5 } as const;
  const method = createCardPaymentMethod(ctx, { ...card, name: seed.name ?? seed.email, fingerprint: 'seedvisa4242', behavior: { kind: 'succeeds' } }, seed.email);
  attachToCustomer(ctx, method, customer.id);
  ctx.state.customers.set({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: method.id } });
  const coupon = plan.coupon === undefined ? undefined : ctx.state.coupons.get(plan.coupon);
  startSubscription(ctx, {
    customer: customer.id,
    items: [{ price, quantity: 1, metadata: {} }],
    defaultPaymentMethod: null,
    discounts: coupon === undefined ? [] : [{ coupon, promotionCode: null }],
    metadata: seed.metadata ?? {},
    paymentBehavior: 'error_if_incomplete',
    description: null,
    cancelAtPeriodEnd: false,
    checkoutSession: null,
  });
}

/** Adds what the seed names and the state lacks. The caller does not commit the context: no events. */
export function applySeed(ctx: OpContext, seed: SandboxSeed): void {
  for (const plan of seed.plans) seedPlan(ctx, plan);
  for (const coupon of seed.coupons) seedCoupon(ctx, coupon);
  for (const customer of seed.customers) seedCustomer(ctx, customer);
}
