import { ROLES } from '../enums';
import { paymentGateRedirect, type PaymentGateProbe } from './payment-gate';

const gated: PaymentGateProbe = {
  paymentFlagActive: true,
  path: '/verification',
  roles: ['staff'],
  paymentType: 'auto',
  billingValid: false,
  subscriptionValid: true,
};

describe('payment gate (SPEC section 6)', () => {
  it('sends an office user with an invalid billing integration to /payment', () => {
    expect(paymentGateRedirect(gated)).toBe('/payment');
  });

  it('also when only the subscription is invalid', () => {
    expect(paymentGateRedirect({ ...gated, billingValid: true, subscriptionValid: false })).toBe('/payment');
  });

  it('not when both are valid, or not known yet', () => {
    expect(paymentGateRedirect({ ...gated, billingValid: true, subscriptionValid: true })).toBeNull();
    expect(paymentGateRedirect({ ...gated, billingValid: undefined, subscriptionValid: undefined })).toBeNull();
  });

  it('only while the payment flag is active', () => {
    expect(paymentGateRedirect({ ...gated, paymentFlagActive: false })).toBeNull();
  });

  it.each(['/schedule', '/schedule/2024-06-15', '/verification', '/verification/abc', '/verification/abc/source', '/schedule?d=1'])(
    'gates %s',
    (path) => {
      expect(paymentGateRedirect({ ...gated, path })).toBe('/payment');
    },
  );

  it.each(['/plan', '/reverification', '/verifications', '/payment', '/dental-office-settings', '/management/verification'])(
    'does not gate %s',
    (path) => {
      expect(paymentGateRedirect({ ...gated, path })).toBeNull();
    },
  );

  it.each([
    ['auto', '/payment'],
    ['locked', '/payment'],
    [null, '/payment'],
    [undefined, '/payment'],
    ['manual', null],
    ['invoice', null],
  ] as const)('payment type %p -> %p', (paymentType, expected) => {
    expect(paymentGateRedirect({ ...gated, paymentType })).toBe(expected);
  });

  it.each(ROLES.map((role) => [role, role === 'staff' || role === 'staffmanager'] as const))(
    'applies to %s: %p',
    (role, applies) => {
      expect(paymentGateRedirect({ ...gated, roles: [role] })).toBe(applies ? '/payment' : null);
    },
  );
});
