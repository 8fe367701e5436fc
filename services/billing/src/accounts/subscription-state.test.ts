import type Stripe from 'stripe';
import { planTypeOf, stateOfSubscription, statusOf } from './subscription-state';

describe("a price's plan type", () => {
  it('is its metadata.planType, else its lookup key, else free at 0 and standard otherwise', () => {
    expect(planTypeOf({ metadata: { planType: 'Premium' }, unit_amount: 100 })).toBe('premium');
    expect(planTypeOf({ metadata: {}, unit_amount: 19900, lookup_key: 'premium_monthly' })).toBe('premium');
    expect(planTypeOf({ metadata: { planType: 'gold' }, unit_amount: 0 })).toBe('freemium');
    expect(planTypeOf({ metadata: {}, unit_amount: 4900, lookup_key: 'basic' })).toBe('standard');
  });
});

describe("a subscription's state", () => {
  it('reads the period end from its items and knows a cancellation at period end', () => {
    const subscription = {
      id: 'sub_1',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: 1_900_000_000,
      items: { data: [{ current_period_end: 1_900_000_000, price: { id: 'price_1', metadata: {}, unit_amount: 9900, lookup_key: 'standard' } }] },
    } as unknown as Stripe.Subscription;
    expect(stateOfSubscription(subscription)).toEqual({
      subscriptionId: 'sub_1',
      status: 'active',
      priceId: 'price_1',
      planType: 'standard',
      currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });

  it("counts a status it does not know as one that does not let the office work", () => {
    expect(statusOf('active')).toBe('active');
    expect(statusOf('some_new_status')).toBe('incomplete');
    expect(statusOf('none')).toBe('incomplete');
  });
});
