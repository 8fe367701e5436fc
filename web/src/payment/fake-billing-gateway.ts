/**
 * Test support: the gateway as the payment pages and the payment gate see it, in memory, until the billing service
 * runs. It answers exactly the contracts' shapes: requests are read with the contracts' input schemas (a page that
 * sent a coupon in a body, or an unknown field, gets the 400 the service would give) and replies are built with
 * their reply schemas. Every call is recorded. The shell's calls (flags with PAYMENTS_CONTINUOUS on, the offices)
 * are answered here too; anything else goes to `fallback`.
 */
import {
  BillingSettingsReply,
  BILLING_MESSAGES,
  CouponQuery,
  CouponReply,
  FEATURE_FLAGS,
  SetupIntentReply,
  SubscriptionCancelInput,
  SubscriptionChangeInput,
  SubscriptionCheckoutReply,
  SubscriptionCreateInput,
  type SubscriptionStatus,
} from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { DEMO_FEATURE_FLAGS } from '../test-support/demo-flags';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway } from '../test-support/render-app';

export type BillingCall = { method: string; path: string; query: Record<string, string>; body: unknown };

/** GET /api/stripe/list as the service sends it: `metadata.features` is the JSON text of a list. */
export const PLANS = [
  { id: 'price_freemium', name: 'Freemium', unitAmount: 0, currency: 'usd', interval: 'month', metadata: { features: '["5 verifications a month","1 user"]' } },
  { id: 'price_standard', name: 'Standard', unitAmount: 4900, currency: 'usd', interval: 'month', metadata: { features: '["Unlimited verifications","Plan search","Re-verification"]' } },
  { id: 'price_premium', name: 'Premium', unitAmount: 129900, currency: 'usd', interval: 'month', metadata: { features: '["Everything in Standard","Appointment Schedule"]' } },
];

export const WELCOME20 = { id: 'WELCOME20', name: 'Welcome 20%', percentOff: 20, amountOff: null, currency: null, duration: 'once', valid: true };

export const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_123';
export const SETUP_URL = 'https://checkout.stripe.test/c/setup/cs_test_setup';

const PERIOD_END = '2026-07-31T12:00:00.000Z';

export type FakeBillingState = {
  calls: BillingCall[];
  /** GET /api/stripe */
  integrationValid: boolean;
  /** GET /api/stripe/subscription/valid */
  subscriptionValid: boolean;
  /** With a card on file, create subscribes at once; without, it answers checkout_required. */
  cardOnFile: boolean;
  /** The flag of the payment gate. */
  paymentsActive: boolean;
  /** The next create answers this instead (a status and a body; null body: an empty reply). */
  createReply: { status: number; body: unknown } | null;
  /** A refusal for the next call to this path. */
  refusals: Map<string, { status: number; message: string }>;
  settings: BillingSettingsReply;
};

export function activeSettings(overrides: Partial<BillingSettingsReply> = {}): BillingSettingsReply {
  return BillingSettingsReply.parse({
    status: 'active',
    plan: { priceId: 'price_standard', name: 'Standard', unitAmount: 4900, currency: 'usd', interval: 'month' },
    discount: { name: 'WELCOME20', percentOff: 20, amountOff: null },
    cancelAtPeriodEnd: false,
    currentPeriodEnd: PERIOD_END,
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    invoices: [
      {
        id: 'in_1',
        number: 'INV-0001',
        amountPaid: 3920,
        amountDue: 3920,
        currency: 'usd',
        status: 'paid',
        created: '2026-06-30T12:00:00.000Z',
        hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
        invoicePdf: 'https://invoice.stripe.test/i/in_1/pdf',
      },
    ],
    ...overrides,
  });
}

export const NO_SUBSCRIPTION = BillingSettingsReply.parse({
  status: 'none',
  plan: null,
  discount: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  card: null,
  invoices: [],
});

const badRequest = (message: string) => jsonReply({ statusCode: 400, error: 'Bad Request', message }, 400);

function subscribe(state: FakeBillingState, status: SubscriptionStatus = 'active') {
  state.subscriptionValid = true;
  state.integrationValid = true;
  state.settings = activeSettings({ status });
}

export function fakeBillingGateway(options: Partial<Omit<FakeBillingState, 'calls' | 'refusals'>> = {}, fallback: FetchFn = fakeGateway) {
  const state: FakeBillingState = {
    calls: [],
    integrationValid: true,
    subscriptionValid: false,
    cardOnFile: false,
    paymentsActive: true,
    createReply: null,
    refusals: new Map(),
    settings: NO_SUBSCRIPTION,
    ...options,
  };

  function answer(method: string, path: string, query: Record<string, string>, body: unknown): Response {
    const refusal = state.refusals.get(path);
    if (refusal) {
      state.refusals.delete(path);
      return jsonReply({ statusCode: refusal.status, error: 'Refused', message: refusal.message }, refusal.status);
    }
    const key = `${method} ${path}`;
    switch (key) {
      case 'GET /api/stripe':
        return jsonReply({ valid: state.integrationValid });
      case 'GET /api/stripe/subscription/valid':
        return jsonReply({ valid: state.subscriptionValid });
      case 'GET /api/stripe/list':
        return jsonReply(PLANS);
      case 'GET /api/stripe/coupon': {
        const parsed = CouponQuery.safeParse(query);
        if (!parsed.success) return badRequest('code is required');
        if (parsed.data.code !== WELCOME20.id) return jsonReply({ statusCode: 404, error: 'Not Found', message: BILLING_MESSAGES.unknownCoupon }, 404);
        return jsonReply(CouponReply.parse({ coupon: WELCOME20 }));
      }
      case 'POST /api/stripe/subscription/create': {
        if (state.createReply) {
          const { status, body: replyBody } = state.createReply;
          state.createReply = null;
          return jsonReply(replyBody === null ? undefined : replyBody, status);
        }
        const parsed = SubscriptionCreateInput.strict().safeParse(body ?? {});
        if (!parsed.success) return badRequest('Invalid subscription request');
        if (parsed.data.priceId && !PLANS.some((plan) => plan.id === parsed.data.priceId)) return badRequest(BILLING_MESSAGES.unknownPrice);
        if (parsed.data.couponCode && parsed.data.couponCode !== WELCOME20.id) return badRequest(BILLING_MESSAGES.unknownCoupon);
        // The plan the office already has (or Stripe made it, back from its checkout page): valid, nothing charged twice.
        if (state.subscriptionValid) return jsonReply(SubscriptionCheckoutReply.parse({ valid: true }));
        if (!state.cardOnFile) return jsonReply(SubscriptionCheckoutReply.parse({ valid: false, error: 'checkout_required', checkoutUrl: CHECKOUT_URL }));
        subscribe(state);
        return jsonReply(SubscriptionCheckoutReply.parse({ valid: true }));
      }
      case 'POST /api/stripe/subscription/freemium':
        state.subscriptionValid = true;
        return jsonReply({ valid: true }, 201);
      case 'POST /api/stripe/register':
        return jsonReply({ customerId: 'cus_test_1' }, 201);
      case 'GET /api/stripe/setupintent':
        return jsonReply(SetupIntentReply.parse({ url: SETUP_URL, sessionId: 'cs_test_setup' }));
      case 'GET /api/stripe/settings':
        return jsonReply(BillingSettingsReply.parse(state.settings));
      case 'POST /api/stripe/subscription/change': {
        const parsed = SubscriptionChangeInput.safeParse(body);
        const plan = PLANS.find((candidate) => candidate.id === (parsed.success ? parsed.data.priceId : ''));
        if (!plan) return badRequest(BILLING_MESSAGES.unknownPrice);
        state.settings = { ...state.settings, plan: { priceId: plan.id, name: plan.name, unitAmount: plan.unitAmount, currency: plan.currency, interval: plan.interval } };
        return jsonReply(state.settings);
      }
      case 'POST /api/stripe/subscription/cancel': {
        const parsed = SubscriptionCancelInput.safeParse(body);
        if (!parsed.success) return badRequest('Invalid cancel request');
        state.settings = { ...state.settings, cancelAtPeriodEnd: parsed.data.resume !== true };
        return jsonReply(state.settings);
      }
      default:
        return jsonReply({ statusCode: 404, error: 'Not Found', message: `Route ${key} not found` }, 404);
    }
  }

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    if (path === '/api/features') {
      const payments = { name: FEATURE_FLAGS.PAYMENTS_CONTINUOUS.name, type: 'none', value: null, isActive: state.paymentsActive };
      return Promise.resolve(jsonReply([...DEMO_FEATURE_FLAGS, payments]));
    }
    if (!path.startsWith('/api/stripe')) return fallback(url, init);
    const query = Object.fromEntries(new URLSearchParams(search));
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    state.calls.push({ method, path, query, body });
    return Promise.resolve(answer(method, path, query, body));
  };

  return {
    fetch,
    state,
    calls: (method: string, path: string) => state.calls.filter((call) => call.method === method && call.path === path),
    refuse: (path: string, message: string, status = 400) => state.refusals.set(path, { status, message }),
    /** What the webhook does: the office is subscribed now (the test then plays the socket's event). */
    subscribe: (status: SubscriptionStatus = 'active') => subscribe(state, status),
  };
}
