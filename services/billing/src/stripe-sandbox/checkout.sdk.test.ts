/** Checkout sessions through the SDK, paid on the sandbox's checkout page over HTTP as a browser would. */
import type Stripe from 'stripe';
import { startTestSandbox, type TestSandbox } from './testing/harness';

let t: TestSandbox;
let standard: Stripe.Price;
const APP = 'http://localhost:5173';

beforeAll(async () => {
  t = await startTestSandbox();
  [standard] = (await t.stripe.prices.list({ lookup_keys: ['standard'] })).data as [Stripe.Price];
});
afterAll(() => t.sandbox.close());

async function subscriptionSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<{ session: Stripe.Checkout.Session; customer: Stripe.Customer }> {
  const customer = await t.stripe.customers.create({ email: 'checkout@example.test', metadata: { officeId: 'office-co' } });
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: standard.id, quantity: 1 }],
    discounts: [{ coupon: 'WELCOME20' }],
    success_url: `${APP}/payment/verify?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}/payment`,
    metadata: { officeId: 'office-co' },
    subscription_data: { metadata: { officeId: 'office-co' } },
    ...extra,
  });
  return { session, customer };
}

describe('creating a session', () => {
  it('answers an open session whose url is the sandbox checkout page, with the discounted total', async () => {
    const { session } = await subscriptionSession();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', amount_subtotal: 9900, amount_total: 7920 });
    expect(session.url).toBe(t.sandbox.checkoutUrl(session.id));
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });

  it('refuses a session without success_url, with a bad URL, or with two discounts', async () => {
    const base = { mode: 'subscription' as const, line_items: [{ price: standard.id, quantity: 1 }] };
    await expect(t.stripe.checkout.sessions.create(base)).rejects.toMatchObject({ statusCode: 400, param: 'success_url' });
    await expect(t.stripe.checkout.sessions.create({ ...base, success_url: 'not a url' })).rejects.toMatchObject({ param: 'success_url' });
    await expect(t.stripe.checkout.sessions.create({ ...base, success_url: 'javascript:alert(1)' })).rejects.toMatchObject({ param: 'success_url' });
    // It ends up in a Location header: a line break must not get that far.
    await expect(t.stripe.checkout.sessions.create({ ...base, success_url: `${APP}/\r\nSet-Cookie: x=1` })).rejects.toMatchObject({ param: 'success_url' });
    await expect(
      t.stripe.checkout.sessions.create({ ...base, success_url: APP, discounts: [{ coupon: 'WELCOME20' }, { coupon: 'WELCOME20' }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'discounts' });
  });
});

describe('the checkout page', () => {
  it('is a labelled form with the total, a cancel link and a CSP that allows only itself', async () => {
    const { session } = await subscriptionSession();
    const response = await fetch(session.url ?? '');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${APP}; base-uri 'none'; frame-ancestors 'none'`,
    );
    for (const [id, label] of [['card-number', 'Card number'], ['card-expiry', 'Expiration date (MM/YY)'], ['card-cvc', 'Security code (CVC)'], ['card-name', 'Name on card']]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*autocomplete="cc-`));
    }
    expect(html).toContain('$79.20');
    expect(html).toContain(`href="${APP}/payment"`);
    expect(html).not.toMatch(/<script/i);
    const css = await fetch(`${t.sandbox.url}/checkout/assets/checkout.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('pays with 4242 4242 4242 4242: card saved, subscription active with the discount, redirect to success_url', async () => {
    const { session, customer } = await subscriptionSession();
    const result = await t.sandbox.completeCheckout(session.id, { cardNumber: '4242 4242 4242 4242', name: 'Ada Lovelace' });
    expect(result.status).toBe(303);
    expect(result.location).toBe(`${APP}/payment/verify?session_id=${session.id}`);
    const done = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({ status: 'active', metadata: { officeId: 'office-co' } });
    expect(sub.discounts).toHaveLength(1);
    const [method] = (await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data;
    expect(method?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(sub.default_payment_method).toBe(method?.id);
    const [invoice] = (await t.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ amount_paid: 7920, status: 'paid' });
    // Paid: the page now sends the browser on to the success URL.
    const again = await fetch(session.url ?? '', { redirect: 'manual' });
    expect(again.status).toBe(303);
  });

});

describe('paying on the checkout page', () => {
  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('declines %s with Stripe’s message, creating nothing', async (cardNumber, message) => {
    const { session, customer } = await subscriptionSession();
    const result = await t.sandbox.completeCheckout(session.id, { cardNumber });
    expect(result.status).toBe(402);
    expect(result.location).toBeNull();
    expect(result.html).toContain(message);
    expect(result.html).toMatch(/role="alert"/);
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await t.stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('shows each field error next to its field, linked from the summary, and keeps what was typed but the CVC', async () => {
    const { session } = await subscriptionSession();
    const result = await t.sandbox.completeCheckout(session.id, { cardNumber: '4242', expiry: '13/40', cvc: '1', name: '<b>Ada</b>' });
    expect(result.status).toBe(400);
    expect(result.html).toContain('<a href="#card-number">Your card number is incomplete.</a>');
    expect(result.html).toMatch(/<input id="card-number"[^>]*value="4242"[^>]*aria-invalid="true" aria-describedby="card-number-error"/);
    expect(result.html).toContain('<p class="field-error" id="card-expiry-error">');
    expect(result.html).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
    expect(result.html).not.toContain('value="1"');
  });

  it('in setup mode saves the card: the setup intent succeeds and the card is the customer’s', async () => {
    const customer = await t.stripe.customers.create({ email: 'setup@example.test' });
    const session = await t.stripe.checkout.sessions.create({ mode: 'setup', customer: customer.id, currency: 'usd', success_url: `${APP}/payment/setup?done=1`, cancel_url: `${APP}/payment/setup` });
    expect(session.setup_intent).toMatch(/^seti_/);
    const result = await t.sandbox.completeCheckout(session.id, { cardNumber: '5555 5555 5555 4444' });
    expect(result).toMatchObject({ status: 303, location: `${APP}/payment/setup?done=1` });
    const intent = await t.stripe.setupIntents.retrieve(session.setup_intent as string, { expand: ['payment_method'] });
    expect(intent.status).toBe('succeeded');
    expect((intent.payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('no_payment_required');
  });

  it('creates the customer when the session has none', async () => {
    const session = await t.stripe.checkout.sessions.create({ mode: 'subscription', customer_email: 'new@example.test', line_items: [{ price: standard.id, quantity: 1 }], success_url: APP });
    await t.sandbox.completeCheckout(session.id);
    const done = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect((done.customer as Stripe.Customer).email).toBe('new@example.test');
  });

  it('refuses to pay an expired session, and answers 404 for one that does not exist', async () => {
    const { session } = await subscriptionSession();
    await t.stripe.checkout.sessions.expire(session.id);
    expect((await t.sandbox.completeCheckout(session.id)).status).toBe(410);
    expect((await fetch(t.sandbox.checkoutUrl('cs_test_nothing'))).status).toBe(404);
  });
});
