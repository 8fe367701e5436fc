/**
 * Webhooks as a receiver sees them: signed like Stripe's (checked with the SDK's own constructEvent), retried on
 * failure, and in order per subscription.
 */
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { stripeSignatureHeader } from './webhook-signature';
import { eventsOf, startTestSandbox, startWebhookReceiver, TEST_WEBHOOK_SECRET, type TestSandbox, type WebhookReceiver } from './testing/harness';

let t: TestSandbox;
let receiver: WebhookReceiver;
let standard: string;
const verify = (body: string, signature: string, secret = TEST_WEBHOOK_SECRET): Stripe.Event =>
  Stripe.webhooks.constructEvent(body, signature, secret);

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestSandbox({ webhooks: [{ url: receiver.url, secret: TEST_WEBHOOK_SECRET }] });
  standard = (await t.stripe.prices.list({ lookup_keys: ['standard'] })).data[0]?.id ?? '';
});
afterEach(async () => {
  await t.sandbox.close();
  await receiver.close();
});

async function paidCheckout(): Promise<{ customer: string; session: string }> {
  const customer = await t.stripe.customers.create({ email: 'hooks@example.test', metadata: { officeId: 'office-hooks' } });
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: standard, quantity: 1 }],
    discounts: [{ coupon: 'WELCOME20' }],
    success_url: 'http://localhost:5173/payment/verify',
  });
  await t.sandbox.completeCheckout(session.id);
  await t.sandbox.webhooksIdle();
  return { customer: customer.id, session: session.id };
}

describe('signatures', () => {
  it('signs every event so that stripe.webhooks.constructEvent accepts it', async () => {
    const { session } = await paidCheckout();
    expect(receiver.received.length).toBeGreaterThan(0);
    const events = receiver.received.map((hook) => verify(hook.body, String(hook.headers['stripe-signature'])));
    expect(events.map((event) => event.type)).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = events.at(-1) as Stripe.CheckoutSessionCompletedEvent;
    expect(completed.data.object.id).toBe(session);
    expect(completed).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(receiver.received[0]?.headers['stripe-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('fails verification for a tampered body, a wrong secret, or a timestamp older than 300 s', async () => {
    await paidCheckout();
    const hook = receiver.received[0];
    const signature = String(hook?.headers['stripe-signature']);
    const body = hook?.body ?? '';
    expect(() => verify(body.replace('hooks@example.test', 'evil@example.test'), signature)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => verify(body, signature, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const old = stripeSignatureHeader(body, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => verify(body, old)).toThrow(/Timestamp outside the tolerance zone/);
  });

  it('makes every sent event retrievable by id through the API', async () => {
    await paidCheckout();
    const [first] = eventsOf(receiver);
    const event = await t.stripe.events.retrieve(first?.id ?? '');
    expect(event).toMatchObject({ id: first?.id, type: first?.type, pending_webhooks: 0 });
  });
});

describe('delivery', () => {
  it('retries an event answered with 500 (same event, signed again), then goes on', async () => {
    receiver.failNext([500, 500]);
    const customer = await t.stripe.customers.create({ email: 'retry@example.test' });
    await t.sandbox.webhooksIdle();
    const ids = eventsOf(receiver).map((event) => event.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(eventsOf(receiver)[0]?.data.object.id).toBe(customer.id);
    for (const hook of receiver.received) expect(() => verify(hook.body, String(hook.headers['stripe-signature']))).not.toThrow();
  });

  it('gives up after the bounded number of attempts, and the next event of the same customer is still sent', async () => {
    receiver.failNext([500, 503, 502]);
    const customer = await t.stripe.customers.create({ email: 'given-up@example.test' });
    await t.stripe.customers.update(customer.id, { name: 'Next' });
    await t.sandbox.webhooksIdle();
    expect(eventsOf(receiver).map((event) => event.type)).toEqual([
      'customer.created',
      'customer.created',
      'customer.created',
      'customer.updated',
    ]);
    const given = await t.stripe.events.retrieve(eventsOf(receiver)[0]?.id ?? '');
    expect(given.pending_webhooks).toBe(0);
  });

  it('delivers the events of different customers independently: one failing endpoint queue does not hold another', async () => {
    receiver.failNext([500, 500]);
    await t.stripe.customers.create({ email: 'slow@example.test' });
    await t.stripe.customers.create({ email: 'fast@example.test' });
    await t.sandbox.webhooksIdle();
    const emails = receiver.received.map((hook) => (JSON.parse(hook.body) as { data: { object: { email: string } } }).data.object.email);
    expect(emails.indexOf('fast@example.test')).toBeLessThan(emails.lastIndexOf('slow@example.test'));
  });

  it('retries when the endpoint does not answer at all (the connection drops), a bounded number of times', async () => {
    let attempts = 0;
    const dropping = createServer((request) => {
      attempts += 1;
      request.socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const extra = t.sandbox.addWebhookEndpoint(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}/`, TEST_WEBHOOK_SECRET);
    await t.stripe.customers.create({ email: 'unanswered@example.test' });
    await t.sandbox.webhooksIdle();
    extra.remove();
    await new Promise<void>((resolve) => dropping.close(() => resolve()));
    expect(attempts).toBe(3);
    expect(receiver.received).toHaveLength(1);
  });

});

describe('order', () => {
  it('keeps the order of one subscription’s events even when answers are slow and some fail', async () => {
    receiver.delay(() => Math.floor(Math.random() * 15));
    const customer = await t.stripe.customers.create({ email: 'order@example.test' });
    await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }).then((method) =>
      t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } }),
    );
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: standard }] });
    receiver.failNext([500]);
    for (const cancel of [true, false, true, false]) await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel });
    await t.stripe.subscriptions.cancel(sub.id);
    await t.sandbox.webhooksIdle();
    const delivered = eventsOf(receiver).filter((event, index, all) => all.findIndex((e) => e.id === event.id) === index);
    const stored = (await t.stripe.events.list({ limit: 100 })).data.reverse().filter((event) => delivered.some((d) => d.id === event.id));
    expect(delivered.map((event) => event.id)).toEqual(stored.map((event) => event.id));
    const subscriptionEvents = delivered.filter((event) => event.type.startsWith('customer.subscription.'));
    expect(subscriptionEvents.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      ...Array<string>(4).fill('customer.subscription.updated'),
      'customer.subscription.deleted',
    ]);
    const flags = subscriptionEvents.slice(1, 5).map((event) => (event.data.object as unknown as Stripe.Subscription).cancel_at_period_end);
    expect(flags).toEqual([true, false, true, false]);
  });

  it('sends an update event with the previous attributes', async () => {
    const { customer } = await paidCheckout();
    const [sub] = (await t.stripe.subscriptions.list({ customer })).data;
    receiver.received.length = 0;
    await t.stripe.subscriptions.update(sub?.id ?? '', { cancel_at_period_end: true });
    await t.sandbox.webhooksIdle();
    const [event] = receiver.received.map((hook) => verify(hook.body, String(hook.headers['stripe-signature'])));
    expect(event?.type).toBe('customer.subscription.updated');
    expect((event as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });
});

describe('event types', () => {
  it('sends setup_intent.succeeded for a card saved in setup mode', async () => {
    const customer = await t.stripe.customers.create({ email: 'setup-hooks@example.test' });
    const session = await t.stripe.checkout.sessions.create({ mode: 'setup', customer: customer.id, currency: 'usd', success_url: 'http://localhost:5173/done' });
    await t.sandbox.completeCheckout(session.id);
    await t.sandbox.webhooksIdle();
    expect(eventsOf(receiver).map((event) => event.type)).toEqual([
      'customer.created',
      'payment_method.attached',
      'setup_intent.succeeded',
      'checkout.session.completed',
    ]);
  });

  it('sends invoice.payment_failed and a past_due update when a renewal is declined, and deleted on cancel', async () => {
    const customer = await t.stripe.customers.create({ email: 'failing@example.test' });
    const method = await t.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    const free = (await t.stripe.prices.list({ lookup_keys: ['freemium'] })).data[0]?.id ?? '';
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: free }], default_payment_method: method.id });
    await t.stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]?.id ?? '', price: standard }] });
    t.clock.advance(32 * 86_400_000);
    t.sandbox.runBilling();
    await t.stripe.subscriptions.cancel(sub.id);
    await t.sandbox.webhooksIdle();
    const events = eventsOf(receiver).filter((event) => event.type !== 'customer.created' && event.type !== 'payment_method.attached');
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
    expect((events[3]?.data.object as unknown as Stripe.Subscription).status).toBe('past_due');
  });
});
