/**
 * The office's way to a subscription, through the real SDK against the Stripe sandbox, its checkout page posted as
 * a browser would, and its signed webhooks delivered over HTTP:
 * - register (one customer per office, its metadata naming the office), the checks (no card, no subscription);
 * - subscribing without a card: Stripe Checkout with the coupon, back to /payment/verify at the office's host, the
 *   webhook making the subscription valid (and billing.status-changed published);
 * - a declined card on Stripe's page: nothing valid; a card set up in setup mode, then subscribing at once;
 * - a card that saves but whose charges fail: Stripe's reason;
 * - bad input: 400 naming the field; no body: communication_error.
 */
import { BILLING_MESSAGES, BillingSettingsReply, RegisterReply, SetupIntentReply, SubscriptionCheckoutReply } from '@dv/contracts';
import { CARDS, createHarness, sessionIdOf, type Harness } from '../testing/harness';
import { CHECKOUT_REQUIRED } from './subscriptions.service';

let h: Harness;
let prices: Record<string, string>;
beforeAll(async () => {
  h = await createHarness();
  const list = (await h.call('GET', '/api/stripe/list')).json<{ id: string; name: string }[]>();
  prices = Object.fromEntries(list.map((plan) => [plan.name.toLowerCase(), plan.id]));
});
afterAll(() => h.close());

const valid = async (office: string) => ({
  billing: (await h.call('GET', '/api/stripe', { as: 'groupmanager', office })).json<{ valid: boolean }>().valid,
  subscription: (await h.call('GET', '/api/stripe/subscription/valid', { as: 'groupmanager', office })).json<{ valid: boolean }>().valid,
});
const settingsOf = async (office: string) => BillingSettingsReply.parse((await h.call('GET', '/api/stripe/settings', { as: 'groupmanager', office })).json());
const create = (office: string, body: unknown, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/stripe/subscription/create', { as: 'groupmanager', office, body, headers });

describe('register and the checks', () => {
  it('an office never registered is valid for nothing; register makes one customer, with the office in its metadata', async () => {
    expect(await valid('office-a2')).toEqual({ billing: false, subscription: false });
    expect(await settingsOf('office-a2')).toMatchObject({ status: 'none', plan: null, card: null, invoices: [] });
    const first = RegisterReply.parse((await h.call('POST', '/api/stripe/register', { as: 'groupmanager', office: 'office-a2' })).json());
    const again = RegisterReply.parse((await h.call('POST', '/api/stripe/register', { as: 'groupmanager', office: 'office-a2', body: {} })).json());
    expect(again.customerId).toBe(first.customerId);
    const customer = await h.stripe.customers.retrieve(first.customerId);
    expect(customer).toMatchObject({ metadata: { organizationId: 'org-a', officeId: 'office-a2' } });
    expect(await valid('office-a2')).toEqual({ billing: false, subscription: false });
  });
});

describe('subscribing without a card on file', () => {
  it('answers checkout_required with Stripe Checkout, returning to /payment/verify at the office host; the webhook makes it valid', async () => {
    const response = await create('office-a1', { priceId: prices.standard, couponCode: 'welcome20' }, { 'x-forwarded-host': 'demo.localhost:8080', 'x-forwarded-proto': 'http' });
    expect(response.statusCode).toBe(200);
    const reply = SubscriptionCheckoutReply.parse(response.json());
    expect(reply).toMatchObject({ valid: false, error: CHECKOUT_REQUIRED });
    const session = await h.stripe.checkout.sessions.retrieve(sessionIdOf(reply.checkoutUrl!));
    expect(session).toMatchObject({ mode: 'subscription', success_url: 'http://demo.localhost:8080/payment/verify?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://demo.localhost:8080/payment' });
    expect(session.discounts).toHaveLength(1);

    const paid = await h.checkout(reply.checkoutUrl!, { cardNumber: CARDS.success });
    expect(paid.location).toBe(`http://demo.localhost:8080/payment/verify?session_id=${session.id}`);
    expect(await h.waitForStatus('office-a1', (status) => status.valid)).toMatchObject({ orgId: 'org-a', status: 'active', planType: 'standard' });
    expect(await valid('office-a1')).toEqual({ billing: true, subscription: true });
    const settings = await settingsOf('office-a1');
    expect(settings).toMatchObject({ status: 'active', plan: { name: 'Standard', unitAmount: 9900 }, discount: { percentOff: 20 }, card: { brand: 'visa', last4: '4242' }, cancelAtPeriodEnd: false });
    expect(settings.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 7920 });
    expect(settings.currentPeriodEnd).not.toBeNull();

    // The same plan again: valid at once, nothing charged twice.
    expect((await create('office-a1', { priceId: prices.standard })).json()).toEqual({ valid: true });
    expect((await settingsOf('office-a1')).invoices).toHaveLength(settings.invoices.length);
  });

  it("a declined card on Stripe's page makes nothing valid; the page says Stripe's reason", async () => {
    const reply = SubscriptionCheckoutReply.parse((await create('office-a2', { priceId: prices.premium })).json());
    const declined = await h.checkout(reply.checkoutUrl!, { cardNumber: CARDS.declined });
    expect(declined.status).toBe(402);
    expect(declined.html).toMatch(/declined/i);
    expect(await valid('office-a2')).toEqual({ billing: false, subscription: false });
  });
});

describe('a card set up first (Stripe Checkout in setup mode)', () => {
  it('keeps the card (brand and last 4 only), then subscribes at once with it', async () => {
    const setup = SetupIntentReply.parse((await h.call('GET', '/api/stripe/setupintent', { as: 'groupmanager', office: 'office-a2' })).json());
    const session = await h.stripe.checkout.sessions.retrieve(setup.sessionId);
    expect(session).toMatchObject({ mode: 'setup', success_url: 'http://localhost:8080/payment/verify?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:8080/payment/setup' });
    await h.checkout(setup.url, { cardNumber: '5555 5555 5555 4444' });
    await h.waitForStatus('office-a2', () => true);
    expect(await valid('office-a2')).toEqual({ billing: true, subscription: false });
    expect((await settingsOf('office-a2')).card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    const subscribed = await create('office-a2', { priceId: prices.premium });
    expect(subscribed.json()).toEqual({ valid: true });
    expect(await valid('office-a2')).toEqual({ billing: true, subscription: true });
    expect(await settingsOf('office-a2')).toMatchObject({ status: 'active', plan: { name: 'Premium' } });
  });

  it("a card whose charges fail: the subscription answers Stripe's reason and nothing becomes valid", async () => {
    const office = 'office-b1';
    // office-b1 has the sandbox's Premium subscription; cancel it at Stripe to start over.
    const { data } = await h.stripe.subscriptions.list({ customer: (await h.stripe.customers.search({ query: "metadata['officeId']:'office-b1'" })).data[0]!.id });
    for (const subscription of data) await h.stripe.subscriptions.cancel(subscription.id);
    await h.sandbox.webhooksIdle();
    await h.waitForStatus(office, (status) => status.status === 'canceled');
    const setup = SetupIntentReply.parse((await h.call('GET', '/api/stripe/setupintent', { as: 'managerB', office })).json());
    await h.checkout(setup.url, { cardNumber: CARDS.chargesFail });
    const reply = (await h.call('POST', '/api/stripe/subscription/create', { as: 'managerB', office, body: { priceId: prices.standard } })).json<{ valid: boolean; error: string }>();
    expect(reply.valid).toBe(false);
    expect(reply.error).toMatch(/declined/i);
    expect((await h.call('GET', '/api/stripe/subscription/valid', { as: 'managerB', office })).json()).toEqual({ valid: false });
  });
});

describe('bad input', () => {
  it('no body is the communication error of SPEC section 7', async () => {
    const response = await h.call('POST', '/api/stripe/subscription/create', { as: 'groupmanager', office: 'office-a2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, error: 'communication_error' });
  });

  it('an unknown plan, an unknown coupon or a wrong type is a 400 naming the field', async () => {
    const cases: [unknown, string, string?][] = [
      [{ priceId: 'price_nope' }, 'priceId', BILLING_MESSAGES.unknownPrice],
      [{ priceId: prices.standard, couponCode: 'NOPE' }, 'couponCode', BILLING_MESSAGES.unknownCoupon],
      [{ priceId: 42 }, 'priceId'],
      [{ priceId: prices.standard, unlock: false }, 'unlock'],
      [{ priceId: '' }, 'priceId'],
    ];
    for (const [body, path, message] of cases) {
      const response = await create('office-a1', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [expect.objectContaining({ path, ...(message === undefined ? {} : { message }) })] });
    }
  });

  it('a call without the office header is a 400 naming the header', async () => {
    const response = await h.call('GET', '/api/stripe', { as: 'groupmanager', office: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [expect.objectContaining({ location: 'headers', path: 'connected-dental-office' })] });
  });
});
