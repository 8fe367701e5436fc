/**
 * /payment in the app's routes over the fake billing gateway: the plans with their features (metadata.features
 * parsed) and prices (SPEC section 5's formatting), the coupon checked with its code in the query string, a paid
 * plan stored with its coupon and subscribed on /payment/verify, the free plan started here (201), staff who see
 * the plans but whom to ask, and an office whose subscription is already valid.
 */
import { BILLING_MESSAGES, STORAGE_KEYS } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { CHECKOUT_URL, fakeBillingGateway } from './fake-billing-gateway';
import { leaveAppFor } from './leave-app';

jest.mock('./leave-app', () => ({ ...jest.requireActual<object>('./leave-app'), leaveAppFor: jest.fn(() => true) }));

type Gateway = ReturnType<typeof fakeBillingGateway>;

function open(role = 'staffmanager', options: Parameters<typeof fakeBillingGateway>[0] = {}, prepare?: (gateway: Gateway) => void) {
  const gateway = fakeBillingGateway(options);
  prepare?.(gateway);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), '/payment', gateway.fetch, fakeSockets().create);
  return { ...view, gateway, user: userEvent.setup() };
}

const plan = (name: string) => screen.getByRole('listitem', { name });
const stored = (key: string) => localStorage.getItem(key);

beforeEach(() => {
  localStorage.clear();
  jest.mocked(leaveAppFor).mockClear();
});

describe('/payment', () => {
  it('lists the plans cheapest first, with their features and formatted prices', async () => {
    open();
    const plans = await screen.findByRole('list', { name: 'Plans' });
    const names = within(plans)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Freemium', 'Standard', 'Premium']);
    expect(within(plan('Freemium')).getByText('Free')).toBeInTheDocument();
    expect(within(plan('Standard')).getByText('$49.00 / month')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('$1,299.00 / month')).toBeInTheDocument();
    const features = within(plan('Standard')).getByRole('list', { name: 'Standard features' });
    expect(within(features).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Unlimited verifications', 'Plan search', 'Re-verification']);
    expect(screen.getByText('Your office has no active subscription')).toBeInTheDocument();
  });

  it('checks a coupon with its code as a query parameter and shows the prices with it', async () => {
    const { user, gateway } = open();
    await user.type(await screen.findByLabelText('Coupon code'), ' WELCOME20 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME20: 20% off applied')).toBeInTheDocument();
    const calls = gateway.calls('GET', '/api/stripe/coupon');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ query: { code: 'WELCOME20' }, body: undefined });
    expect(within(plan('Standard')).getByTestId('plan-price-price_standard')).toHaveTextContent('Was $49.00 / month Now $39.20 / month');
    expect(within(plan('Freemium')).getByText('Free')).toBeInTheDocument();
  });

  it('refuses an unknown coupon under the field, and chooses no plan with it', async () => {
    const { user, location } = open();
    const field = await screen.findByLabelText('Coupon code');
    await user.type(field, 'NOPE');
    await user.click(await screen.findByRole('button', { name: 'Choose Standard' }));
    expect(await screen.findByText(BILLING_MESSAGES.unknownCoupon)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(BILLING_MESSAGES.unknownCoupon);
    expect(location()).toBe('/payment');
    expect(stored(STORAGE_KEYS.selectedPlan)).toBeNull();
  });

  it('stores the plan and the coupon, then subscribes on /payment/verify and goes to the checkout page', async () => {
    const { user, location, gateway } = open();
    await user.type(await screen.findByLabelText('Coupon code'), 'WELCOME20');
    await user.click(await screen.findByRole('button', { name: 'Choose Standard' }));
    await waitFor(() => expect(location()).toBe('/payment/verify'));
    // The coupon typed was checked first, with its code in the query string.
    expect(gateway.calls('GET', '/api/stripe/coupon')[0]?.query).toEqual({ code: 'WELCOME20' });
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(gateway.calls('POST', '/api/stripe/subscription/create').map((call) => call.body)).toEqual([{ priceId: 'price_standard', couponCode: 'WELCOME20' }]);
    // Not valid yet: the choice stays stored for the way back from the checkout page.
    expect(stored(STORAGE_KEYS.selectedPlan)).toBe('price_standard');
    expect(stored(STORAGE_KEYS.coupon)).toBe('WELCOME20');
    expect(await screen.findByText('Taking you to the secure payment page...')).toBeInTheDocument();
  });

  it('stores no coupon when none is typed', async () => {
    localStorage.setItem(STORAGE_KEYS.coupon, 'OLD');
    const { user, location } = open();
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await waitFor(() => expect(location()).toBe('/payment/verify'));
    expect(stored(STORAGE_KEYS.selectedPlan)).toBe('price_premium');
    expect(stored(STORAGE_KEYS.coupon)).toBeNull();
  });

  it('starts the free plan here (201)', async () => {
    const { user, gateway } = open('staff');
    await user.click(await screen.findByRole('button', { name: 'Start the free plan' }));
    expect(await screen.findByText('Your office is on the free plan now')).toBeInTheDocument();
    expect(gateway.calls('POST', '/api/stripe/subscription/freemium')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Verify a patient' })).toHaveAttribute('href', '/verification');
    expect(screen.queryByRole('button', { name: 'Start the free plan' })).not.toBeInTheDocument();
  });

  it('says when the free plan could not start', async () => {
    const { user } = open('staff', {}, (gateway) => gateway.refuse('/api/stripe/subscription/freemium', BILLING_MESSAGES.freemiumUsersFull, 409));
    await user.click(await screen.findByRole('button', { name: 'Start the free plan' }));
    expect(await screen.findByText(BILLING_MESSAGES.freemiumUsersFull)).toBeInTheDocument();
  });

  it('shows staff the plans and whom to ask: no coupon, no paid plan to choose', async () => {
    open('staff');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose / })).not.toBeInTheDocument();
    expect(within(plan('Standard')).getByText('An office manager subscribes the office to this plan.')).toBeInTheDocument();
  });

  it('tells an office whose subscription is valid where to change it, and offers no plan', async () => {
    open('staffmanager', { subscriptionValid: true });
    expect(await screen.findByText("Your office's subscription is active")).toBeInTheDocument();
    const page = screen.getByRole('region', { name: 'Choose a plan' });
    expect(within(page).getByRole('link', { name: 'Billing Settings' })).toHaveAttribute('href', '/payment/settings');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByRole('button', { name: /^Choose |free plan/ })).not.toBeInTheDocument();
  });

  it('shows a failed read of the plans with a way to try again', async () => {
    const { user } = open('staffmanager', {}, (gateway) => gateway.refuse('/api/stripe/list', 'down', 503));
    expect(await screen.findByText('The plans could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Standard' })).toBeInTheDocument();
  });
});
