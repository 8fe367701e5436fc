/**
 * /payment/verify in the app's routes over the fake billing gateway: subscribing with the stored plan and coupon
 * (valid at once with a card on file, or on to Stripe's checkout page), the stored keys cleared only on a valid
 * result (SPEC section 5), and the way back from the checkout page: it waits for the webhook's effect over the
 * socket (no polling), shows the plan active live, and says so after a minute without Stripe's word, with the way on.
 */
import { SOCKET_EVENTS, STORAGE_KEYS } from '@dv/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { activeSettings, CHECKOUT_URL, fakeBillingGateway } from './fake-billing-gateway';
import { leaveAppFor } from './leave-app';
import { CONFIRMATION_TIMEOUT_MS } from './use-payment-confirmation';

jest.mock('./leave-app', () => ({ ...jest.requireActual<object>('./leave-app'), leaveAppFor: jest.fn(() => true) }));

type Gateway = ReturnType<typeof fakeBillingGateway>;

function open(path: string, options: Parameters<typeof fakeBillingGateway>[0] = {}, prepare?: (gateway: Gateway) => void) {
  const gateway = fakeBillingGateway(options);
  prepare?.(gateway);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), path, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets, user: userEvent.setup() };
}

const RETURN_PATH = '/payment/verify?session_id=cs_test_123';
const stored = () => [localStorage.getItem(STORAGE_KEYS.selectedPlan), localStorage.getItem(STORAGE_KEYS.coupon)];
const creates = (gateway: Gateway) => gateway.calls('POST', '/api/stripe/subscription/create');
const validReads = (gateway: Gateway) => gateway.calls('GET', '/api/stripe/subscription/valid').length;

function choose(priceId = 'price_standard', coupon: string | null = 'WELCOME20') {
  localStorage.setItem(STORAGE_KEYS.selectedPlan, priceId);
  if (coupon) localStorage.setItem(STORAGE_KEYS.coupon, coupon);
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(leaveAppFor).mockClear();
});

describe('/payment/verify subscribing with the stored choice', () => {
  it('subscribes with the stored plan and coupon; valid at once with a card on file, the keys cleared', async () => {
    choose();
    const { gateway } = open('/payment/verify', { cardOnFile: true });
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
    expect(creates(gateway).map((call) => call.body)).toEqual([{ priceId: 'price_standard', couponCode: 'WELCOME20' }]);
    expect(screen.getByText('$49.00 / month')).toBeInTheDocument();
    expect(screen.getByText('20% off')).toBeInTheDocument();
    expect(screen.getByText('Renews on 07/31/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify a patient' })).toHaveAttribute('href', '/verification');
    expect(stored()).toEqual([null, null]);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('goes to the checkout page without a card on file, and keeps the keys', async () => {
    choose('price_premium', null);
    const { gateway } = open('/payment/verify');
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(creates(gateway).map((call) => call.body)).toEqual([{ priceId: 'price_premium' }]);
    expect(screen.getByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute('href', CHECKOUT_URL);
    expect(stored()).toEqual(['price_premium', null]);
  });

  it('shows a refusal, keeps the keys, and tries again on request', async () => {
    choose();
    const { gateway, user } = open('/payment/verify', { cardOnFile: true }, (fake) =>
      fake.refuse('/api/stripe/subscription/create', 'Unknown plan: pick one of the list (GET /api/stripe/list)'),
    );
    expect(await screen.findByText('Unknown plan: pick one of the list (GET /api/stripe/list)')).toBeInTheDocument();
    expect(screen.getByText('Your choice of plan is kept: try again, or choose another plan.')).toBeInTheDocument();
    expect(stored()).toEqual(['price_standard', 'WELCOME20']);
    expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/payment');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
    expect(creates(gateway)).toHaveLength(2);
    expect(stored()).toEqual([null, null]);
  });

  it.each([
    ['no reply body', { status: 200, body: null }, 'The payment service did not answer.'],
    ['a 502', { status: 502, body: { message: 'Bad gateway' } }, 'The payment service did not answer.'],
    ['a declined card on file', { status: 200, body: { valid: false, error: 'card_declined' } }, 'Your card was declined.'],
    ['checkout without an address', { status: 200, body: { valid: false, error: 'checkout_required' } }, 'The payment service gave no payment page.'],
    ['an error code named like an Object.prototype member', { status: 200, body: { valid: false, error: 'constructor' } }, 'The subscription was not made (constructor).'],
    ['an error code named __proto__', { status: 200, body: { valid: false, error: '__proto__' } }, 'The subscription was not made (__proto__).'],
  ])('reads %s as not valid: the keys stay', async (_case, createReply, text) => {
    choose();
    open('/payment/verify', { createReply });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(stored()).toEqual(['price_standard', 'WELCOME20']);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('follows no checkout address that is not a web page', async () => {
    jest.mocked(leaveAppFor).mockImplementationOnce(jest.requireActual<{ leaveAppFor: typeof leaveAppFor }>('./leave-app').leaveAppFor);
    choose();
    open('/payment/verify', { createReply: { status: 200, body: { valid: false, error: 'checkout_required', checkoutUrl: 'javascript:alert(1)' } } });
    expect(await screen.findByText('The payment service gave no payment page.')).toBeInTheDocument();
  });

  it('says when no plan was chosen', async () => {
    const { gateway } = open('/payment/verify');
    expect(await screen.findByText('No plan chosen yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/payment');
    expect(creates(gateway)).toHaveLength(0);
  });
});

describe('/payment/verify back from the checkout page', () => {
  it('waits for the webhook over the socket, polls nothing, then shows the plan active live and clears the keys', async () => {
    choose();
    const { gateway, sockets } = open(RETURN_PATH);
    expect(await screen.findByText('Waiting for Stripe to confirm the payment...')).toBeInTheDocument();
    connectLatestInAct(sockets);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const reads = validReads(gateway);
    // Nothing reads again by itself while it waits.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(validReads(gateway)).toBe(reads);
    // The stored choice was asked for once; Stripe not done yet, the page did not go back to Stripe.
    expect(creates(gateway).map((call) => call.body)).toEqual([{ priceId: 'price_standard', couponCode: 'WELCOME20' }]);
    expect(leaveAppFor).not.toHaveBeenCalled();
    expect(stored()).toEqual(['price_standard', 'WELCOME20']);

    // An event whose read is still not valid: the page goes on waiting, the keys stay.
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.billingStatus, { status: 'incomplete', planType: null }));
    await waitFor(() => expect(validReads(gateway)).toBe(reads + 1));
    expect(screen.getByText('Waiting for Stripe to confirm the payment...')).toBeInTheDocument();
    expect(stored()).toEqual(['price_standard', 'WELCOME20']);

    gateway.subscribe();
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.billingStatus, { status: 'active', planType: 'standard' }));
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
    expect(validReads(gateway)).toBe(reads + 2);
  });

  it('shows the plan at once when the service finds the subscription Stripe just made', async () => {
    choose();
    // What the service answers once Stripe has the subscription: valid, nothing charged twice.
    const { gateway } = open(RETURN_PATH, { createReply: { status: 200, body: { valid: true } }, settings: activeSettings() });
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
    expect(creates(gateway)).toHaveLength(1);
    expect(stored()).toEqual([null, null]);
  });

  it('waits without a stored plan too (a card saved from Billing Settings), and polls nothing', async () => {
    const { gateway, sockets } = open(RETURN_PATH);
    expect(await screen.findByText('Waiting for Stripe to confirm the payment...')).toBeInTheDocument();
    expect(creates(gateway)).toHaveLength(0);
    connectLatestInAct(sockets);
    gateway.state.settings = activeSettings();
    gateway.subscribe();
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.billingStatus, { status: 'active', planType: 'standard' }));
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
  });

  it('shows the plan at once when the webhook came first', async () => {
    choose();
    open(RETURN_PATH, { subscriptionValid: true, settings: activeSettings() });
    expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
    expect(stored()).toEqual([null, null]);
  });

  describe('after a minute without Stripe’s word', () => {
    beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
    afterEach(() => jest.useRealTimers());

    it('reads again when the socket comes back: an event sent while it was away is not replayed', async () => {
      const { gateway, sockets } = open(RETURN_PATH);
      await screen.findByText('Waiting for Stripe to confirm the payment...');
      connectLatestInAct(sockets);
      await act(() => jest.advanceTimersByTimeAsync(200));
      const reads = validReads(gateway);
      gateway.subscribe();
      act(() => sockets.latest().serverDisconnects('transport close'));
      // The socket client tries again after its back-off (3 s the first time); this socket connects.
      await act(() => jest.advanceTimersByTimeAsync(3_500));
      connectLatestInAct(sockets);
      expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
      expect(validReads(gateway)).toBe(reads + 1);
    });

    it('says so with the ways on, and checks again on request', async () => {
      choose();
      const { gateway, user } = open(RETURN_PATH);
      await screen.findByText('Waiting for Stripe to confirm the payment...');
      await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_TIMEOUT_MS - 1_000));
      expect(screen.queryByText('Stripe has not confirmed the payment yet')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByText('Stripe has not confirmed the payment yet')).toBeInTheDocument();
      expect(screen.getByText(/contact support with Bug report in the menu and give the payment reference cs_test_123/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/payment');
      expect(stored()).toEqual(['price_standard', 'WELCOME20']);

      // Checked again, still not valid: a new wait.
      await user.click(screen.getByRole('button', { name: 'Check again' }));
      expect(await screen.findByText('Waiting for Stripe to confirm the payment...')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_TIMEOUT_MS));
      expect(await screen.findByText('Stripe has not confirmed the payment yet')).toBeInTheDocument();

      // Stripe's word came while the socket was away: the check finds it.
      gateway.subscribe();
      await user.click(screen.getByRole('button', { name: 'Check again' }));
      expect(await screen.findByText('Your Standard plan is active')).toBeInTheDocument();
      expect(stored()).toEqual([null, null]);
    });
  });
});
