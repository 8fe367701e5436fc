import {
  CouponReply,
  PaymentCheckReply,
  SubscriptionCreateInput,
  SubscriptionPlanList,
  SubscriptionPlanListItem,
  parsePlanFeatures,
} from './billing';

describe('subscription plan list item', () => {
  it('parses metadata.features from JSON text into a list', () => {
    const item = SubscriptionPlanListItem.parse({
      id: 'price_1',
      name: 'Standard',
      metadata: { features: '["Unlimited verifications","Schedule"]', tier: 'b' },
    });
    expect(item.metadata.features).toEqual(['Unlimited verifications', 'Schedule']);
    expect(item.metadata.tier).toBe('b');
  });

  it('reads missing or malformed features as none', () => {
    expect(SubscriptionPlanListItem.parse({ id: 'p' }).metadata.features).toEqual([]);
    expect(SubscriptionPlanListItem.parse({ id: 'p', metadata: {} }).metadata.features).toEqual([]);
    expect(parsePlanFeatures('{not json')).toEqual([]);
    expect(parsePlanFeatures('{"a":1}')).toEqual([]);
    expect(parsePlanFeatures('["a",2,"b"]')).toEqual(['a', 'b']);
    expect(parsePlanFeatures(['x'])).toEqual(['x']);
    expect(SubscriptionPlanList.parse([{ id: 'a' }, { id: 'b' }])).toHaveLength(2);
  });
});

describe('coupons and payment checks', () => {
  it('returns the coupon under coupon', () => {
    expect(CouponReply.parse({ coupon: { id: 'SPRING', percentOff: 20, valid: true } }).coupon.percentOff).toBe(20);
    expect(CouponReply.safeParse({ id: 'SPRING', valid: true }).success).toBe(false);
  });

  it('payment check replies carry valid', () => {
    expect(PaymentCheckReply.parse({ valid: true })).toEqual({ valid: true });
    expect(PaymentCheckReply.safeParse({}).success).toBe(false);
  });

  it('subscription create takes optional priceId, couponCode and unlock true', () => {
    expect(SubscriptionCreateInput.parse({})).toEqual({});
    expect(SubscriptionCreateInput.parse({ priceId: 'price_1', couponCode: 'SPRING', unlock: true })).toEqual({
      priceId: 'price_1',
      couponCode: 'SPRING',
      unlock: true,
    });
    expect(SubscriptionCreateInput.safeParse({ unlock: false }).success).toBe(false);
  });
});
