/**
 * POST /api/stripe/webhook over real HTTP: the signature (checked by the SDK: missing, forged, tampered, older than
 * 300 s are 400 and change nothing), deduplication by event id (a replay, concurrent redeliveries), and order per
 * subscription (an older event than the last applied changes nothing; one of the same second is read from Stripe
 * rather than trusted). Events are signed here with the endpoint's secret, as Stripe signs them.
 */
import type Stripe from 'stripe';
import { accountStore, WEBHOOK_EVENTS_COLLECTION } from '../accounts/accounts.store';
import { createHarness, TEST_WEBHOOK_SECRET, type Harness } from '../testing/harness';
import { BAD_SIGNATURE, MISSING_SIGNATURE } from './webhook.routes';

let h: Harness;
let customerId: string;
let standard: Stripe.Price;
beforeAll(async () => {
  h = await createHarness();
  customerId = (await h.call('POST', '/api/stripe/register', { as: 'groupmanager', office: 'office-a1' })).json<{ customerId: string }>().customerId;
  const plans = (await h.call('GET', '/api/stripe/list')).json<{ id: string; name: string }[]>();
  standard = await h.stripe.prices.retrieve(plans.find((plan) => plan.name === 'Standard')!.id);
});
afterAll(() => h.close());

let sequence = 0;
const nowSeconds = () => Math.floor(h.now() / 1000);

/** A subscription event as Stripe sends it, for office-a1's customer. */
function subscriptionEvent(subscriptionId: string, status: string, created: number, type = 'customer.subscription.updated'): string {
  sequence += 1;
  const object = {
    id: subscriptionId,
    object: 'subscription',
    customer: customerId,
    status,
    cancel_at: null,
    cancel_at_period_end: false,
    default_payment_method: null,
    discounts: [],
    latest_invoice: null,
    metadata: {},
    items: { object: 'list', data: [{ id: `si_${subscriptionId}`, object: 'subscription_item', current_period_end: created + 30 * 86_400, price: standard }] },
  };
  return JSON.stringify({ id: `evt_test_${sequence}_${created}`, object: 'event', type, created, api_version: '2026-10-28.endive', data: { object } });
}

function signature(body: string, { secret = TEST_WEBHOOK_SECRET, timestamp = nowSeconds() }: { secret?: string; timestamp?: number } = {}): string {
  return h.stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
}

async function deliver(body: string, stripeSignature?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(h.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(stripeSignature === undefined ? {} : { 'stripe-signature': stripeSignature }) },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const account = () => accountStore(h.store).accountById('office-a1');
const recorded = () => h.store.collection(WEBHOOK_EVENTS_COLLECTION).count();

describe('the signature', () => {
  it('refuses a delivery without a signature, with a forged or tampered one, or one older than 300 s: 400, nothing changes', async () => {
    const body = subscriptionEvent('sub_sig_1', 'active', nowSeconds());
    const before = { account: await account(), recorded: await recorded(), statuses: h.statusEvents().length };
    const tampered = body.replace('"active"', '"canceled"');
    const attempts: [string, string | undefined, string][] = [
      [body, undefined, MISSING_SIGNATURE],
      [body, '', MISSING_SIGNATURE],
      [body, 'garbage', BAD_SIGNATURE],
      [body, signature(body, { secret: 'whsec_someone_else_entirely' }), BAD_SIGNATURE],
      [tampered, signature(body), BAD_SIGNATURE],
      [body, signature(body, { timestamp: nowSeconds() - 301 }), BAD_SIGNATURE],
      [body, signature(body).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`), BAD_SIGNATURE],
    ];
    for (const [payload, header, message] of attempts) {
      const answer = await deliver(payload, header);
      expect(answer).toEqual({ status: 400, json: expect.objectContaining({ statusCode: 400, message }) });
    }
    await h.settled();
    expect({ account: await account(), recorded: await recorded(), statuses: h.statusEvents().length }).toEqual(before);
  });

  it('takes a signed delivery (within 300 s), and a JSON body of another content type too', async () => {
    const body = subscriptionEvent('sub_sig_2', 'active', nowSeconds());
    expect(await deliver(body, signature(body, { timestamp: nowSeconds() - 299 }))).toEqual({ status: 200, json: { received: true } });
    expect(await account()).toMatchObject({ subscriptionId: 'sub_sig_2', status: 'active', planType: 'standard' });
    const other = subscriptionEvent('sub_sig_2', 'past_due', nowSeconds() + 1);
    const response = await fetch(h.webhookUrl, { method: 'POST', headers: { 'content-type': 'text/plain', 'stripe-signature': signature(other) }, body: other });
    expect(response.status).toBe(200);
    expect(await account()).toMatchObject({ status: 'past_due' });
  });
});

describe('redelivery', () => {
  it('a replayed event is acknowledged as a duplicate and changes nothing more', async () => {
    await h.settled();
    const body = subscriptionEvent('sub_sig_2', 'active', nowSeconds() + 2);
    const header = signature(body);
    const statuses = h.statusEvents('office-a1').length;
    expect(await deliver(body, header)).toEqual({ status: 200, json: { received: true } });
    expect(await deliver(body, header)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    await h.settled();
    expect(h.statusEvents('office-a1')).toHaveLength(statuses + 1);
  });

  it('deliveries of one event at once apply it once', async () => {
    await h.settled();
    const body = subscriptionEvent('sub_sig_2', 'unpaid', nowSeconds() + 3);
    const header = signature(body);
    const statuses = h.statusEvents('office-a1').length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(body, header)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json.duplicate === undefined)).toHaveLength(1);
    await h.settled();
    expect(h.statusEvents('office-a1')).toHaveLength(statuses + 1);
    expect(await account()).toMatchObject({ status: 'unpaid' });
  });
});

describe('order per subscription', () => {
  it('an older event than the last applied changes nothing', async () => {
    const t = nowSeconds() + 100;
    const newer = subscriptionEvent('sub_order_1', 'canceled', t + 10, 'customer.subscription.deleted');
    const older = subscriptionEvent('sub_order_1', 'active', t);
    expect((await deliver(newer, signature(newer))).status).toBe(200);
    expect(await account()).toMatchObject({ subscriptionId: 'sub_order_1', status: 'canceled' });
    expect((await deliver(older, signature(older))).status).toBe(200);
    expect(await account()).toMatchObject({ subscriptionId: 'sub_order_1', status: 'canceled' });
    const olderId = (JSON.parse(older) as { id: string }).id;
    expect(await h.store.collection(WEBHOOK_EVENTS_COLLECTION).findById(olderId)).toMatchObject({ outcome: 'stale' });
  });

  it("an event of the same second as the last applied is read from Stripe instead of trusted", async () => {
    const created = await h.call('POST', '/api/stripe/subscription/freemium', { as: 'groupmanager', office: 'office-a1' });
    expect(created.statusCode).toBe(201);
    await h.settled();
    const live = (await account())!;
    expect(live).toMatchObject({ status: 'active', planType: 'freemium' });
    const at = nowSeconds() + 200;
    const first = subscriptionEvent(live.subscriptionId!, 'active', at);
    await deliver(first, signature(first));
    // Same second, an older snapshot saying past_due: Stripe says active.
    const sameSecond = subscriptionEvent(live.subscriptionId!, 'past_due', at);
    expect((await deliver(sameSecond, signature(sameSecond))).status).toBe(200);
    expect(await account()).toMatchObject({ subscriptionId: live.subscriptionId, status: 'active', planType: 'freemium' });
  });
});

describe('events that are not about an office', () => {
  it('are acknowledged and change nothing: an unknown customer, a type the service does not use', async () => {
    const stranger = await h.stripe.customers.create({ email: 'someone@else.test' });
    const body = JSON.stringify({
      id: 'evt_stranger',
      object: 'event',
      type: 'customer.subscription.updated',
      created: nowSeconds(),
      data: { object: { ...JSON.parse(subscriptionEvent('sub_stranger', 'active', nowSeconds())).data.object, customer: stranger.id } },
    });
    expect(await deliver(body, signature(body))).toEqual({ status: 200, json: { received: true } });
    const unknownType = JSON.stringify({ id: 'evt_product', object: 'event', type: 'product.updated', created: nowSeconds(), data: { object: { id: 'prod_1', object: 'product' } } });
    expect(await deliver(unknownType, signature(unknownType))).toEqual({ status: 200, json: { received: true } });
    expect(await h.store.collection(WEBHOOK_EVENTS_COLLECTION).findById('evt_stranger')).toMatchObject({ outcome: 'ignored' });
  });

  it('a body that is not JSON, though signed, is a 400', async () => {
    const body = '{"id": "evt_broken", ';
    expect((await deliver(body, signature(body))).status).toBe(400);
  });
});
