/** The real SDK against the sandbox: customers, payment methods and setup intents, and the seeded customers. */
import type Stripe from 'stripe';
import { sandboxSeed } from './seed';
import { startTestSandbox, type TestSandbox } from './testing/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({
    seed: sandboxSeed([
      { email: 'office-demo-1@example.test', name: 'Demo office 1', metadata: { organizationId: 'org-demo', officeId: 'office-demo-1' }, subscription: { plan: 'standard' } },
      { email: 'office-demo-2@example.test', name: 'Demo office 2', metadata: { organizationId: 'org-demo', officeId: 'office-demo-2' } },
    ]),
  });
});
afterAll(() => t.sandbox.close());

async function newCustomer(officeId: string): Promise<Stripe.Customer> {
  return t.stripe.customers.create({ email: `${officeId}@example.test`, name: officeId, metadata: { organizationId: 'org-1', officeId } });
}

describe('customers', () => {
  it('creates, retrieves and updates a customer with office metadata', async () => {
    const created = await newCustomer('office-a');
    expect(created.id).toMatch(/^cus_/);
    expect(created.metadata).toEqual({ organizationId: 'org-1', officeId: 'office-a' });
    const retrieved = await t.stripe.customers.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, email: 'office-a@example.test' });
    const updated = await t.stripe.customers.update(created.id, { name: 'Renamed', metadata: { officeId: '' , extra: 'x' } });
    expect(updated.name).toBe('Renamed');
    expect(updated.metadata).toEqual({ organizationId: 'org-1', extra: 'x' });
  });

  it("searches by metadata['officeId'] and lists by email", async () => {
    const created = await newCustomer('office-search');
    const found = await t.stripe.customers.search({ query: "metadata['officeId']:'office-search'" });
    expect(found).toMatchObject({ object: 'search_result', has_more: false, next_page: null });
    expect(found.data.map((customer) => customer.id)).toEqual([created.id]);
    const listed = await t.stripe.customers.list({ email: 'office-search@example.test' });
    expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
    await expect(t.stripe.customers.search({ query: "balance>'x'" })).rejects.toMatchObject({ statusCode: 400 });
    // A key spelled like an Object.prototype member is missing, as any key the customer does not have.
    for (const key of ['constructor', 'toString', '__proto__']) {
      const missing = await t.stripe.customers.search({ query: `metadata['officeId']:'office-search' AND metadata['${key}']:null` });
      expect(missing.data.map((customer) => customer.id)).toEqual([created.id]);
    }
  });

  it('answers a missing customer with 404', async () => {
    await expect(t.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('payment methods', () => {
  it('attaches a test card, lists it by customer with brand, last 4 and expiry, and makes it the default', async () => {
    const customer = await newCustomer('office-pm');
    const attached = await t.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(attached.id).toMatch(/^pm_/);
    expect(attached.id).not.toBe('pm_card_visa');
    const methods = await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(methods.data).toHaveLength(1);
    expect(methods.data[0]?.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });
    const viaCustomer = await t.stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(viaCustomer.data.map((method) => method.id)).toEqual([attached.id]);
    const updated = await t.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: attached.id },
      expand: ['invoice_settings.default_payment_method'],
    });
    expect((updated.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
  });

  it("refuses a default payment method that is not the customer's", async () => {
    const customer = await newCustomer('office-pm-2');
    const other = await newCustomer('office-pm-3');
    const method = await t.stripe.paymentMethods.attach('pm_card_mastercard', { customer: other.id });
    expect(method.card?.brand).toBe('mastercard');
    await expect(
      t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
  });

  it('refuses a declining card at attach with a card error', async () => {
    const customer = await newCustomer('office-pm-4');
    await expect(t.stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: customer.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await t.stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  });

  it("answers a payment method id spelled like an Object.prototype member as missing, not as a test card", async () => {
    const customer = await newCustomer('office-pm-5');
    for (const id of ['__proto__', 'constructor', 'toString']) {
      await expect(t.stripe.paymentMethods.attach(id, { customer: customer.id })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    }
  });
});

describe('setup intents', () => {
  it('creates one for a customer, retrieves it, and confirms it with a card', async () => {
    const customer = await newCustomer('office-seti');
    const intent = await t.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', usage: 'off_session', customer: customer.id });
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect((await t.stripe.setupIntents.retrieve(intent.id)).id).toBe(intent.id);
    const confirmed = await t.stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    const methods = await t.stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(methods.data.map((method) => method.id)).toEqual([confirmed.payment_method]);
    await expect(t.stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the seeded customers', () => {
  it('office-demo-1 has an active Standard subscription and office-demo-2 none', async () => {
    const [demo1] = (await t.stripe.customers.search({ query: "metadata['officeId']:'office-demo-1'" })).data;
    const [demo2] = (await t.stripe.customers.search({ query: "metadata['officeId']:'office-demo-2'" })).data;
    const subs1 = await t.stripe.subscriptions.list({ customer: demo1?.id ?? '', status: 'active' });
    expect(subs1.data).toHaveLength(1);
    expect(subs1.data[0]?.items.data[0]?.price.lookup_key).toBe('standard');
    expect((await t.stripe.subscriptions.list({ customer: demo2?.id ?? '', status: 'all' })).data).toEqual([]);
    expect((await t.stripe.paymentMethods.list({ customer: demo1?.id ?? '' })).data[0]?.card?.last4).toBe('4242');
  });
});
