/**
 * The free plan, changing plan and cancelling at the period's end, through the real SDK against the Stripe sandbox
 * (its clock moved to reach the period's end, its webhooks delivered over HTTP), and the taking over of what the
 * sandbox held before this service knew it (the demo data).
 */
import { BILLING_MESSAGES, BillingSettingsReply } from '@dv/contracts';
import { createLogger } from '@dv/kit';
import { accountWriter } from '../accounts/account-writer';
import { accountStore } from '../accounts/accounts.store';
import { CARDS, createHarness, type Harness } from '../testing/harness';
import { reconcileCustomers } from '../webhooks/reconcile';
import { NO_CARD_ON_FILE } from './subscriptions.service';

let h: Harness;
let prices: Record<string, string>;
beforeAll(async () => {
  h = await createHarness();
  const list = (await h.call('GET', '/api/stripe/list')).json<{ id: string; name: string }[]>();
  prices = Object.fromEntries(list.map((plan) => [plan.name.toLowerCase(), plan.id]));
});
afterAll(() => h.close());

const settingsOf = async (office: string) => BillingSettingsReply.parse((await h.call('GET', '/api/stripe/settings', { as: 'groupmanager', office })).json());
const post = (path: string, office: string, body?: unknown) => h.call('POST', path, { as: 'groupmanager', office, ...(body === undefined ? {} : { body }) });
const checks = async (office: string) => ({
  billing: (await h.call('GET', '/api/stripe', { as: 'groupmanager', office })).json<{ valid: boolean }>().valid,
  subscription: (await h.call('GET', '/api/stripe/subscription/valid', { as: 'groupmanager', office })).json<{ valid: boolean }>().valid,
});

describe('the free plan', () => {
  it('POST /api/stripe/subscription/freemium answers 201: a $0 subscription with no card, valid; again changes nothing', async () => {
    const first = await post('/api/stripe/subscription/freemium', 'office-a2');
    expect(first.statusCode).toBe(201);
    expect(await checks('office-a2')).toEqual({ billing: true, subscription: true });
    expect(await settingsOf('office-a2')).toMatchObject({ status: 'active', plan: { name: 'Freemium', unitAmount: 0 }, card: null });
    expect(await h.waitForStatus('office-a2', (status) => status.valid)).toMatchObject({ planType: 'freemium' });
    const events = h.statusEvents('office-a2').length;
    expect((await post('/api/stripe/subscription/freemium', 'office-a2')).statusCode).toBe(201);
    const subscriptions = await h.stripe.subscriptions.list({ customer: (await post('/api/stripe/register', 'office-a2')).json<{ customerId: string }>().customerId });
    expect(subscriptions.data).toHaveLength(1);
    expect(h.statusEvents('office-a2')).toHaveLength(events);
  });

  it('a paid plan needs a card: change answers 409; subscribing sends to Checkout, and the paid plan replaces the free one', async () => {
    const change = await post('/api/stripe/subscription/change', 'office-a2', { priceId: prices.standard });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ message: NO_CARD_ON_FILE });
    const reply = (await post('/api/stripe/subscription/create', 'office-a2', { priceId: prices.standard })).json<{ checkoutUrl: string }>();
    await h.checkout(reply.checkoutUrl, { cardNumber: CARDS.success });
    await h.waitForStatus('office-a2', (status) => status.planType === 'standard' && status.valid);
    await h.sandbox.webhooksIdle();
    expect(await settingsOf('office-a2')).toMatchObject({ status: 'active', plan: { name: 'Standard' }, card: { last4: '4242' } });
    const { customerId } = (await post('/api/stripe/register', 'office-a2')).json<{ customerId: string }>();
    const live = await h.stripe.subscriptions.list({ customer: customerId });
    expect(live.data.map((subscription) => subscription.items.data[0]?.price.unit_amount)).toEqual([9900]);
  });
});

describe('changing plan and cancelling', () => {
  it('change moves the running subscription to another plan; an unknown plan is 400, no subscription 409', async () => {
    const changed = await post('/api/stripe/subscription/change', 'office-a2', { priceId: prices.premium });
    expect(changed.statusCode).toBe(200);
    expect(BillingSettingsReply.parse(changed.json())).toMatchObject({ status: 'active', plan: { name: 'Premium', unitAmount: 19900 } });
    expect(await h.waitForStatus('office-a2', (status) => status.planType === 'premium')).toMatchObject({ valid: true });
    expect((await post('/api/stripe/subscription/change', 'office-a2', { priceId: 'price_nope' })).json()).toMatchObject({ details: [{ path: 'priceId', message: BILLING_MESSAGES.unknownPrice }] });
    expect((await post('/api/stripe/subscription/change', 'office-a2', { priceId: prices.standard, extra: 1 })).statusCode).toBe(400);
    const none = await post('/api/stripe/subscription/change', 'office-a1', { priceId: prices.standard });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: BILLING_MESSAGES.noSubscription });
    expect((await post('/api/stripe/subscription/cancel', 'office-a1')).statusCode).toBe(409);
  });

  it('cancel keeps the subscription to the period end, resume takes it back, and the period end ends it', async () => {
    const cancelled = BillingSettingsReply.parse((await post('/api/stripe/subscription/cancel', 'office-a2', {})).json());
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(cancelled.currentPeriodEnd).not.toBeNull();
    expect(await checks('office-a2')).toEqual({ billing: true, subscription: true });
    expect(BillingSettingsReply.parse((await post('/api/stripe/subscription/cancel', 'office-a2', { resume: true })).json())).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await post('/api/stripe/subscription/cancel', 'office-a2', { resume: 'yes' })).json()).toMatchObject({ details: [{ path: 'resume' }] });
    await post('/api/stripe/subscription/cancel', 'office-a2');

    h.advance(Date.parse(cancelled.currentPeriodEnd!) - h.now() + 60_000);
    h.sandbox.runBilling();
    await h.sandbox.webhooksIdle();
    expect(await h.waitForStatus('office-a2', (status) => status.status === 'canceled')).toMatchObject({ valid: false });
    expect((await checks('office-a2')).subscription).toBe(false);
  });

  it('only managers change or cancel; staff read the settings', async () => {
    const read = await h.call('GET', '/api/stripe/settings', { as: 'staff' });
    expect(read.statusCode).toBe(200);
    // The harness's Stripe is the sandbox: the replies say so, for the pages' badge.
    expect(read.json()).toMatchObject({ sandbox: true });
    expect((await h.call('GET', '/api/stripe', { as: 'staff' })).json()).toMatchObject({ sandbox: true });
    expect((await h.call('POST', '/api/stripe/subscription/cancel', { as: 'staff', body: {} })).statusCode).toBe(403);
    expect((await h.call('POST', '/api/stripe/subscription/change', { as: 'staff', body: { priceId: prices.standard } })).statusCode).toBe(403);
  });
});

describe('what the sandbox held before this service knew it', () => {
  it("is taken over: office-b1's customer, card and Premium subscription, published once", async () => {
    const accounts = accountStore(h.store);
    const writer = accountWriter({ accounts, outbox: h.service.context.outbox, now: () => new Date(h.now()) });
    const deps = { store: h.store, accounts, writer, stripe: h.stripe, logger: createLogger({ name: 'reconcile', level: 'silent' }) };
    expect(await reconcileCustomers(deps)).toBeGreaterThanOrEqual(1);
    expect(await h.waitForStatus('office-b1', (status) => status.valid)).toMatchObject({ orgId: 'org-b', planType: 'premium', status: 'active' });
    expect(BillingSettingsReply.parse((await h.call('GET', '/api/stripe/settings', { as: 'managerB' })).json())).toMatchObject({ plan: { name: 'Premium' }, card: { last4: '4242' } });
    await h.settled();
    const events = h.statusEvents('office-b1').length;
    expect(await reconcileCustomers(deps)).toBe(0);
    await h.settled();
    expect(h.statusEvents('office-b1')).toHaveLength(events);
  });
});

describe('back from Checkout before its webhook', () => {
  it('subscribing again finds the subscription at Stripe: valid, and nothing charged twice', async () => {
    const create = () => h.call('POST', '/api/stripe/subscription/create', { as: 'staffmanager', office: 'office-a1', body: { priceId: prices.standard } });
    await h.withoutWebhooks(async () => {
      const reply = (await create()).json<{ checkoutUrl: string }>();
      expect((await h.sandbox.completeCheckout(new URL(reply.checkoutUrl).pathname.split('/').pop()!)).status).toBe(303);
      expect((await create()).json()).toEqual({ valid: true });
      expect((await create()).json()).toEqual({ valid: true });
    });
    const { customerId } = (await h.call('POST', '/api/stripe/register', { as: 'staffmanager', office: 'office-a1' })).json<{ customerId: string }>();
    expect((await h.stripe.subscriptions.list({ customer: customerId })).data).toHaveLength(1);
    expect((await h.call('GET', '/api/stripe/subscription/valid', { as: 'staffmanager', office: 'office-a1' })).json()).toEqual({ valid: true });
  });
});
