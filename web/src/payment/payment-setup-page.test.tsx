/**
 * /payment/setup over the fake billing gateway: nothing starts on arrival; Continue registers the office (POST
 * /api/stripe/register), asks for the card set-up session (GET /api/stripe/setupintent) and leaves for Stripe's
 * card page; a refusal is shown and nothing else happens. The menu hides Billing Settings here (SPEC section 6).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { fakeBillingGateway, SETUP_URL } from './fake-billing-gateway';
import { leaveAppFor } from './leave-app';

jest.mock('./leave-app', () => ({ ...jest.requireActual<object>('./leave-app'), leaveAppFor: jest.fn(() => true) }));

function open(prepare?: (gateway: ReturnType<typeof fakeBillingGateway>) => void) {
  const gateway = fakeBillingGateway({ subscriptionValid: true });
  prepare?.(gateway);
  const view = renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), '/payment/setup', gateway.fetch, fakeSockets().create);
  return { ...view, gateway, user: userEvent.setup() };
}

beforeEach(() => jest.mocked(leaveAppFor).mockClear());

describe('/payment/setup', () => {
  it('goes to Stripe’s card page once asked: register, then the set-up session', async () => {
    const { gateway, user } = open();
    const button = await screen.findByRole('button', { name: 'Continue to the secure card page' });
    expect(gateway.state.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(SETUP_URL));
    const order = gateway.state.calls.filter((call) => ['/api/stripe/register', '/api/stripe/setupintent'].includes(call.path)).map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual(['POST /api/stripe/register', 'GET /api/stripe/setupintent']);
    expect(screen.getByRole('link', { name: 'Continue to the card page' })).toHaveAttribute('href', SETUP_URL);
  });

  it('shows a refusal and goes nowhere', async () => {
    const { gateway, user } = open((fake) => fake.refuse('/api/stripe/register', 'The payment provider is not reachable', 503));
    await user.click(await screen.findByRole('button', { name: 'Continue to the secure card page' }));
    expect(await screen.findByText('The payment provider is not reachable')).toBeInTheDocument();
    expect(gateway.calls('GET', '/api/stripe/setupintent')).toEqual([]);
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('leads back to Billing Settings, which the menu hides on this page', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Back to Billing Settings' })).toHaveAttribute('href', '/payment/settings');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByText('Billing Settings')).not.toBeInTheDocument();
    expect(within(menu).getByText('Dental Office Settings')).toBeInTheDocument();
  });
});
