/** The real SDK against the sandbox: authentication, errors, the catalog, coupons and codes, idempotency. */
import Stripe from 'stripe';
import { sdkFor, startTestSandbox, type TestSandbox } from './testing/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

describe('authentication and errors in Stripe format', () => {
  it('refuses a wrong key with 401 (StripeAuthenticationError), masking the key', async () => {
    const error = await sdkFor(t.sandbox, 'sk_test_wrongkey1234').products.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Invalid API Key provided: sk_test_********1234' });
  });

  it('refuses a request without a key with 401 over plain HTTP', async () => {
    const response = await fetch(`${t.sandbox.url}/v1/products`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.objectContaining({ type: 'invalid_request_error' }) });
  });

  it('accepts the key as Basic auth, as curl sends it', async () => {
    const basic = Buffer.from(`${t.sandbox.secretKey}:`).toString('base64');
    const response = await fetch(`${t.sandbox.url}/v1/products`, { headers: { authorization: `Basic ${basic}` } });
    expect(response.status).toBe(200);
  });

  it('answers an unknown URL with 404 invalid_request_error', async () => {
    const error = await t.stripe.rawRequest('GET', '/v1/charges').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, message: expect.stringContaining('Unrecognized request URL (GET: /v1/charges)') });
  });

  it('answers an unknown id with 404 resource_missing', async () => {
    const error = await t.stripe.prices.retrieve('price_missing').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such price: 'price_missing'" });
  });

  it('refuses a parameter the operation does not know (a removed Stripe field fails as on Stripe)', async () => {
    const params = { limit: 1, colour: 'blue' } as Stripe.ProductListParams;
    const error = await t.stripe.products.list(params).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
  });

  it('refuses a bad integer with 400', async () => {
    const error = await t.stripe.products.list({ limit: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, param: 'limit' });
  });
});

describe('products and prices', () => {
  it('lists the three plans by lookup key with their products expanded and features as a JSON list', async () => {
    const prices = await t.stripe.prices.list({ active: true, lookup_keys: ['freemium', 'standard', 'premium'], expand: ['data.product'] });
    expect(prices).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    const byKey = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(byKey.freemium?.unit_amount).toBe(0);
    expect(byKey.standard?.unit_amount).toBe(9900);
    expect(byKey.premium?.unit_amount).toBe(19900);
    expect(byKey.standard?.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect((byKey.standard?.product as Stripe.Product).name).toBe('Standard');
    const features: unknown = JSON.parse(byKey.premium?.metadata.features ?? 'null');
    expect(Array.isArray(features) && features.length > 0).toBe(true);
    expect(byKey.standard?.unit_amount_decimal?.toString()).toBe('9900');
  });

  it('filters by lookup key and pages with starting_after', async () => {
    const standard = await t.stripe.prices.list({ lookup_keys: ['standard'] });
    expect(standard.data.map((price) => price.lookup_key)).toEqual(['standard']);
    const first = await t.stripe.prices.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    const rest = await t.stripe.prices.list({ limit: 2, starting_after: first.data[1]?.id });
    expect(rest.data).toHaveLength(1);
    expect(rest.has_more).toBe(false);
    const all = await t.stripe.prices.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all).toHaveLength(3);
  });

  it('retrieves a product and a price', async () => {
    const [price] = (await t.stripe.prices.list({ lookup_keys: ['premium'] })).data;
    const retrieved = await t.stripe.prices.retrieve(price?.id ?? '', { expand: ['product'] });
    expect((retrieved.product as Stripe.Product).default_price).toBe(price?.id);
    const product = await t.stripe.products.retrieve((retrieved.product as Stripe.Product).id);
    expect(product.marketing_features.length).toBeGreaterThan(0);
    expect((await t.stripe.products.list({ active: true })).data).toHaveLength(3);
  });
});

describe('coupons and promotion codes', () => {
  it('retrieves WELCOME20: 20% off, forever, valid', async () => {
    const coupon = await t.stripe.coupons.retrieve('WELCOME20');
    expect(coupon).toMatchObject({ object: 'coupon', percent_off: 20, amount_off: null, duration: 'forever', valid: true });
  });

  it('answers a missing coupon with 404', async () => {
    await expect(t.stripe.coupons.retrieve('NOPE')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('lists a promotion code by its code, whatever the case, with its coupon expandable', async () => {
    const codes = await t.stripe.promotionCodes.list({ code: 'welcome20', active: true, expand: ['data.promotion.coupon'] });
    expect(codes.data).toHaveLength(1);
    expect(codes.data[0]).toMatchObject({ code: 'WELCOME20', active: true });
    expect(codes.data[0]?.id).toMatch(/^promo_/);
    expect((codes.data[0]?.promotion.coupon as Stripe.Coupon).percent_off).toBe(20);
    expect((await t.stripe.promotionCodes.list({ code: 'NOTHING' })).data).toEqual([]);
  });
});

describe('idempotency', () => {
  it('replays a POST sent again with the same key, creating nothing twice', async () => {
    const first = await t.stripe.customers.create({ email: 'idem@example.test' }, { idempotencyKey: 'key-1' });
    const again = await t.stripe.customers.create({ email: 'idem@example.test' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await t.stripe.customers.list({ email: 'idem@example.test' })).data).toHaveLength(1);
  });

  it('refuses the same key with other parameters (StripeIdempotencyError)', async () => {
    await t.stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: 'key-2' });
    const error = await t.stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: 'key-2' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('sends the Stripe-Version and a request id back', async () => {
    const list = await t.stripe.products.list();
    expect(list.lastResponse.requestId).toMatch(/^req_/);
    expect(list.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
  });
});
