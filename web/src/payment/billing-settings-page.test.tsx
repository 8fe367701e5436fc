/**
 * Billing Settings (/payment/settings) and Payment Settings (/payment-settings) over the fake billing gateway: the
 * plan and its price, state, discount and renewal; the card on file; the invoices with their links; cancelling at
 * the period's end after a confirmation (the end date then shows) and keeping the plan; changing it; staff read
 * it all and change nothing; the page follows the socket. And the menu's Billing Settings rule (SPEC section 6).
 */
import { BILLING_MESSAGES, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway, renderApp } from '../test-support/render-app';
import { activeSettings, fakeBillingGateway, NO_SUBSCRIPTION } from './fake-billing-gateway';

function open(role: string, path: string, options: Parameters<typeof fakeBillingGateway>[0] = {}, fallback: FetchFn = fakeGateway) {
  const gateway = fakeBillingGateway({ subscriptionValid: true, settings: activeSettings(), ...options }, fallback);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets, user: userEvent.setup() };
}

const facts = () => screen.getByRole('table', { name: 'Subscription' });
const fact = (label: string) => within(facts()).getByRole('rowheader', { name: label }).nextElementSibling;

describe('Billing Settings', () => {
  it('shows the plan, its price, state, discount and renewal, the card on file and the invoices', async () => {
    open('staffmanager', '/payment/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing Settings' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Subscription' });
    expect(fact('Plan')).toHaveTextContent('Standard');
    expect(fact('Price')).toHaveTextContent('$49.00 / month');
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Discount')).toHaveTextContent('WELCOME20: 20% off');
    expect(fact('Renews on')).toHaveTextContent('07/31/2026');
  });

  it('names a discount once when its name says what it takes off', async () => {
    open('staffmanager', '/payment/settings', { settings: activeSettings({ discount: { name: 'Welcome, 20% off', percentOff: 20, amountOff: null } }) });
    await screen.findByRole('table', { name: 'Subscription' });
    expect(fact('Discount')?.textContent).toBe('Welcome, 20% off');
  });

  it('shows the card on file and the invoices', async () => {
    open('staffmanager', '/payment/settings');
    await screen.findByRole('table', { name: 'Subscription' });
    expect(screen.getByTestId('billing-card')).toHaveTextContent('Visa ending in 4242, expires 12/2030');
    expect(screen.getByRole('link', { name: 'Replace the card' })).toHaveAttribute('href', '/payment/setup');

    const invoices = screen.getByRole('table', { name: 'Invoices' });
    const row = within(invoices).getByRole('rowheader', { name: 'INV-0001' }).closest('tr')!;
    for (const text of ['06/30/2026', '$39.20', 'paid']) expect(row).toHaveTextContent(text);
    const view = within(row).getByRole('link', { name: 'View invoice INV-0001' });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.test/i/in_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(row).getByRole('link', { name: 'Invoice INV-0001 as PDF' })).toHaveAttribute('href', 'https://invoice.stripe.test/i/in_1/pdf');
  });

  it('cancels at the period’s end after a confirmation, shows the end date, and keeps the plan again', async () => {
    const { gateway, user } = open('staffmanager', '/payment/settings');
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    // jsdom gives antd's title the id 'test-id': the title is read from the dialog's text.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel the plan at the end of the period?');
    expect(dialog).toHaveTextContent('Your office keeps its plan until 07/31/2026.');
    expect(gateway.calls('POST', '/api/stripe/subscription/cancel')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    expect(await screen.findByText('Your plan ends on 07/31/2026')).toBeInTheDocument();
    expect(gateway.calls('POST', '/api/stripe/subscription/cancel').map((call) => call.body)).toEqual([{}]);
    expect(fact('Ends on')).toHaveTextContent('07/31/2026');
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Your plan goes on: it renews as before.')).toBeInTheDocument();
    expect(gateway.calls('POST', '/api/stripe/subscription/cancel').map((call) => call.body)).toEqual([{}, { resume: true }]);
    expect(screen.queryByText('Your plan ends on 07/31/2026')).not.toBeInTheDocument();
    expect(fact('Renews on')).toHaveTextContent('07/31/2026');
  });

  it('cancels nothing when the dialog is closed with Keep my plan', async () => {
    const { gateway, user } = open('staffmanager', '/payment/settings');
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.calls('POST', '/api/stripe/subscription/cancel')).toEqual([]);
  });

  it('changes the plan to another paid plan of the list', async () => {
    const { gateway, user } = open('staffmanager', '/payment/settings');
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    const choices = await screen.findByRole('group', { name: 'Choose the new plan' });
    // Neither the current plan nor the free one.
    expect(within(choices).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Premium: $1,299.00 / month']);
    await user.click(within(choices).getByRole('radio', { name: 'Premium: $1,299.00 / month' }));
    await user.click(screen.getByRole('button', { name: 'Change to Premium' }));
    expect(await screen.findByText('Your plan is now Premium.')).toBeInTheDocument();
    expect(gateway.calls('POST', '/api/stripe/subscription/change').map((call) => call.body)).toEqual([{ priceId: 'price_premium' }]);
    expect(fact('Plan')).toHaveTextContent('Premium');
  });

  it('shows the service’s refusal of a change', async () => {
    const { gateway, user } = open('staffmanager', '/payment/settings');
    gateway.refuse('/api/stripe/subscription/cancel', BILLING_MESSAGES.noSubscription, 409);
    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText(BILLING_MESSAGES.noSubscription)).toBeInTheDocument();
  });

  it('offers a card when there is none, and a plan when there is no subscription', async () => {
    open('staffmanager', '/payment/settings', { settings: NO_SUBSCRIPTION, subscriptionValid: false });
    expect(await screen.findByTestId('billing-card')).toHaveTextContent('No card on file');
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/payment/setup');
    expect(screen.getByText(`${BILLING_MESSAGES.noSubscription}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('table', { name: 'Invoices' })).toHaveTextContent('No invoices yet');
  });

  it('follows the socket: a billing status event reads the subscription again', async () => {
    const { gateway, sockets } = open('staffmanager', '/payment/settings');
    await screen.findByRole('table', { name: 'Subscription' });
    connectLatestInAct(sockets);
    gateway.state.settings = activeSettings({ status: 'past_due' });
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.billingStatus, { status: 'past_due', planType: 'standard' }));
    await waitFor(() => expect(fact('Status')).toHaveTextContent('Past due'));
  });
});

describe('Payment Settings for staff', () => {
  it('shows the same facts read-only: nothing to cancel, change or set up, and no plan list asked for', async () => {
    const { gateway } = open('staff', '/payment-settings', { settings: activeSettings({ card: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Settings' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Subscription' });
    expect(fact('Plan')).toHaveTextContent('Standard');
    expect(screen.getByText(/an office manager changes or cancels it/)).toBeInTheDocument();
    expect(screen.getByTestId('billing-card')).toHaveTextContent('No card on file');
    expect(screen.queryByRole('link', { name: 'Add a card' })).not.toBeInTheDocument();
    for (const name of ['Cancel at period end', 'Change plan', 'Keep my plan']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(gateway.calls('GET', '/api/stripe/list')).toEqual([]);
  });

  it('shows staff the end date of a cancelled plan, without Keep my plan', async () => {
    open('staff', '/payment-settings', { settings: activeSettings({ cancelAtPeriodEnd: true }) });
    expect(await screen.findByText('Your plan ends on 07/31/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep my plan' })).not.toBeInTheDocument();
  });

  it('lets a staff manager change the plan on Payment Settings too', async () => {
    open('staffmanager', '/payment-settings');
    expect(await screen.findByRole('button', { name: 'Cancel at period end' })).toBeInTheDocument();
  });
});

describe('the menu’s Billing Settings item', () => {
  async function settingsItem(role: string, paymentType: string | null, planType: string) {
    const asked = new Set<string>();
    const fallback: FetchFn = (url, init) => {
      if (url.startsWith('/api/dentaloffice/user/all')) {
        asked.add('offices');
        return Promise.resolve(jsonReply([{ id: 'office-demo-1', paymentType }]));
      }
      if (url.startsWith('/api/dentaloffice/')) {
        asked.add('office');
        return Promise.resolve(jsonReply({ id: 'office-demo-1', planType }));
      }
      return fakeGateway(url, init);
    };
    open(role, '/plan', {}, fallback);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    // The office's settings and plan type have been read, and drawn.
    await waitFor(() => expect(asked.size).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    return within(menu).queryByRole('link', { name: 'Billing Settings' });
  }

  it.each([
    ['a staff manager of an office paying by card (auto)', 'staffmanager', 'auto', 'standard', true],
    ['a staff manager of an office paying by card (locked)', 'staffmanager', 'locked', 'premium', true],
    ['a group manager of an office with no payment type', 'groupmanager', null, 'standard', true],
    ['a staff manager of an office paying by invoice', 'staffmanager', 'invoice', 'standard', false],
    ['a staff manager of an office paying manually', 'staffmanager', 'manual', 'standard', false],
    ['a staff manager of a freemium office', 'staffmanager', 'auto', 'freemium', false],
    ['staff', 'staff', 'auto', 'standard', false],
  ] as const)('%s: %s', async (_case, role, paymentType, planType, shown) => {
    const item = await settingsItem(role, paymentType, planType);
    if (shown) expect(item).toHaveAttribute('href', '/payment/settings');
    else expect(item).toBeNull();
  });
});
