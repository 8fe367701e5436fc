/**
 * GET /api/stripe/list and GET /api/stripe/coupon through the real SDK against the Stripe sandbox: the plans with
 * their features as Stripe keeps them (JSON text the contract parses), coupon codes by promotion code or coupon id,
 * and bad or unknown codes answered 400 / 404, never 500.
 */
import { BILLING_MESSAGES, CouponReply, PAYMENT_CODE_MAX_LENGTH, SubscriptionPlanList } from '@dv/contracts';
import { SANDBOX_PLANS } from '../stripe-sandbox';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/stripe/list', () => {
  it('lists the configured plans in order, features as JSON text that the contract parses into a list', async () => {
    const response = await h.call('GET', '/api/stripe/list');
    expect(response.statusCode).toBe(200);
    const wire = response.json<{ id: string; name: string; unitAmount: number; metadata: { features: string } }[]>();
    expect(wire.map((plan) => [plan.name, plan.unitAmount])).toEqual(SANDBOX_PLANS.map((plan) => [plan.name, plan.unitAmount]));
    expect(typeof wire[1]?.metadata.features).toBe('string');
    const parsed = SubscriptionPlanList.parse(wire);
    expect(parsed[1]).toMatchObject({ name: 'Standard', currency: 'usd', interval: 'month', metadata: { features: SANDBOX_PLANS[1]!.features } });
    expect(parsed.every((plan) => plan.id.startsWith('price_'))).toBe(true);
  });

  it('is for the roles of /payment only', async () => {
    expect((await h.call('GET', '/api/stripe/list', { as: 'staff' })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/stripe/list', { as: 'agent', office: null })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/stripe/list', { as: null })).statusCode).toBe(401);
  });
});

describe('GET /api/stripe/coupon', () => {
  it('finds a promotion code whatever its case', async () => {
    for (const code of ['WELCOME20', 'welcome20']) {
      const response = await h.call('GET', `/api/stripe/coupon?code=${code}`);
      expect(response.statusCode).toBe(200);
      expect(CouponReply.parse(response.json()).coupon).toMatchObject({ id: 'WELCOME20', percentOff: 20, amountOff: null, duration: 'forever', valid: true });
    }
  });

  it('answers an unknown code 404 with the message, and a missing or oversized code 400 naming the field', async () => {
    for (const code of ['NOPE', 'a%2Fb%3F', '%20x%20']) {
      const response = await h.call('GET', `/api/stripe/coupon?code=${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: BILLING_MESSAGES.unknownCoupon });
    }
    for (const query of ['', '?code=', '?code=%20%20', `?code=${'x'.repeat(PAYMENT_CODE_MAX_LENGTH + 1)}`]) {
      const response = await h.call('GET', `/api/stripe/coupon${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [expect.objectContaining({ location: 'querystring', path: 'code' })] });
    }
  });
});
