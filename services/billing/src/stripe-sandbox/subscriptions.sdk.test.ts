/** The real SDK against the sandbox: subscriptions, their invoices, and what happens as periods end. */
import type Stripe from 'stripe';
import { startTestSandbox, type TestSandbox } from './testing/harness';

const DAY_MS = 86_400_000;
let t: TestSandbox;
let prices: Record<string, Stripe.Price>;
let welcome: Stripe.PromotionCode;

beforeAll(async () => {
  t = await startTestSandbox();
  const list = await t.stripe.prices.list({ lookup_keys: ['freemium', 'standard', 'premium'] });
  prices = Object.fromEntries(list.data.map((price) => [price.lookup_key ?? '', price]));
  [welcome] = (await t.stripe.promotionCodes.list({ code: 'WELCOME20' })).data as [Stripe.PromotionCode];
});
afterAll(() => t.sandbox.close());

function price(key: string): string {
  return prices[key]?.id ?? '';
}

/** A customer with a card on file as its default (the test Stripe id given). */
async function customerWithCard(card = 'pm_card_visa'): Promise<{ customer: Stripe.Customer; method: Stripe.PaymentMethod }> {
  const customer = await t.stripe.customers.create({ email: 'sub@example.test', metadata: { officeId: 'office-sub' } });
  const method = await t.stripe.paymentMethods.attach(card, { customer: customer.id });
  await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  return { customer, method };
}

describe('creating subscriptions', () => {
  it('starts an active subscription on Standard with a promotion code, its period on the item, paid 20% off', async () => {
    const { customer } = await customerWithCard();
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price('standard') }],
      discounts: [{ promotion_code: welcome.id }],
      metadata: { officeId: 'office-sub' },
      expand: ['latest_invoice', 'discounts.source.coupon'],
    });
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false, cancel_at: null, metadata: { officeId: 'office-sub' } });
    const item = sub.items.data[0];
    expect(item?.price.id).toBe(price('standard'));
    expect(item?.current_period_end).toBeGreaterThan(item?.current_period_start ?? Infinity);
    const discount = sub.discounts[0] as Stripe.Discount;
    expect(discount.promotion_code).toBe(welcome.id);
    expect((discount.source.coupon as Stripe.Coupon).id).toBe('WELCOME20');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 9900, total: 7920, amount_paid: 7920, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('starts a freemium subscription without any card', async () => {
    const customer = await t.stripe.customers.create({ email: 'free@example.test' });
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('freemium') }] });
    expect(sub.status).toBe('active');
    const [invoice] = (await t.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', total: 0 });
  });

  it('refuses a paid plan for a customer with no card, creating nothing', async () => {
    const customer = await t.stripe.customers.create({ email: 'nocard@example.test' });
    await expect(t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('no attached payment source or default payment method'),
    });
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('with a card whose charges fail: incomplete and an open invoice (allow_incomplete), or a 402 and nothing (error_if_incomplete)', async () => {
    const { customer } = await customerWithCard('pm_card_chargeCustomerFail');
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }], expand: ['latest_invoice'] });
    expect(sub.status).toBe('incomplete');
    expect(sub.latest_invoice).toMatchObject({ status: 'open', amount_paid: 0, attempted: true });
    await expect(
      t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('premium') }], payment_behavior: 'error_if_incomplete' }),
    ).rejects.toMatchObject({ statusCode: 402, decline_code: 'generic_decline' });
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('refuses an unknown price, a removed `coupon` parameter, and a card that is not the customer’s', async () => {
    const { customer } = await customerWithCard();
    const other = await customerWithCard();
    await expect(t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_nope' }] })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'items[0][price]',
    });
    const withCoupon = { customer: customer.id, items: [{ price: price('standard') }], coupon: 'WELCOME20' } as Stripe.SubscriptionCreateParams;
    await expect(t.stripe.subscriptions.create(withCoupon)).rejects.toMatchObject({ code: 'parameter_unknown', param: 'coupon' });
    await expect(
      t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }], default_payment_method: other.method.id }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'default_payment_method' });
  });
});

describe('changing and canceling', () => {
  it('cancels at period end, takes it back, changes the price, and cancels now', async () => {
    const { customer } = await customerWithCard();
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] });
    const end = sub.items.data[0]?.current_period_end;
    const ending = await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: 'active' });
    const kept = await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    const item = sub.items.data[0]?.id ?? '';
    const upgraded = await t.stripe.subscriptions.update(sub.id, { items: [{ id: item, price: price('premium') }], proration_behavior: 'none' });
    expect(upgraded.items.data.map((i) => [i.id, i.price.id])).toEqual([[item, price('premium')]]);
    const canceled = await t.stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await expect(t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
    expect((await t.stripe.subscriptions.update(sub.id, { metadata: { note: 'kept' } })).metadata.note).toBe('kept');
    await expect(t.stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists by customer (canceled ones only when asked) and by status', async () => {
    const { customer } = await customerWithCard();
    const live = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] });
    const gone = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('premium') }] });
    await t.stripe.subscriptions.cancel(gone.id);
    const ids = async (params: Stripe.SubscriptionListParams): Promise<string[]> =>
      (await t.stripe.subscriptions.list({ customer: customer.id, ...params })).data.map((sub) => sub.id);
    expect(await ids({})).toEqual([live.id]);
    expect(await ids({ status: 'canceled' })).toEqual([gone.id]);
    expect(await ids({ status: 'all' })).toEqual([gone.id, live.id]);
    const found = await t.stripe.subscriptions.search({ query: `status:'canceled' AND metadata['officeId']:'none'` });
    expect(found.data).toEqual([]);
  });
});

describe('invoices', () => {
  it('lists a customer’s invoices with working hosted page and PDF links', async () => {
    const { customer } = await customerWithCard();
    await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('premium') }] });
    const [invoice] = (await t.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 19900, currency: 'usd' });
    const page = await fetch(invoice?.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain(invoice?.number ?? 'no number');
    const pdf = await fetch(invoice?.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain('$199.00');
  });
});

describe('as time passes (the sandbox clock)', () => {
  it('renews a period: a new paid invoice, the period moved on', async () => {
    const { customer } = await customerWithCard();
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] });
    const end = sub.items.data[0]?.current_period_end ?? 0;
    t.clock.advance(32 * DAY_MS);
    t.sandbox.runBilling();
    const renewed = await t.stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(end);
    const invoices = (await t.stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
  });

  it('ends a subscription set to cancel at period end', async () => {
    const { customer } = await customerWithCard();
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }], cancel_at_period_end: true });
    t.clock.advance(32 * DAY_MS);
    t.sandbox.runBilling();
    expect(await t.stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled', ended_at: sub.cancel_at });
  });

  it('goes past_due when the renewal is declined, and active again once the invoice is paid with a good card', async () => {
    const { customer, method } = await customerWithCard();
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] });
    const failing = await t.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    await t.stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    t.clock.advance(32 * DAY_MS);
    t.sandbox.runBilling();
    const pastDue = await t.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    await expect(t.stripe.invoices.pay(invoice.id)).rejects.toMatchObject({ statusCode: 402 });
    const paid = await t.stripe.invoices.pay(invoice.id, { payment_method: method.id });
    expect(paid.status).toBe('paid');
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('expires a subscription whose first invoice stays unpaid for 23 hours', async () => {
    const { customer } = await customerWithCard('pm_card_chargeCustomerFail');
    const sub = await t.stripe.subscriptions.create({ customer: customer.id, items: [{ price: price('standard') }] });
    t.clock.advance(24 * 3600 * 1000);
    t.sandbox.runBilling();
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete_expired');
  });
});
