/**
 * The payment gate (SPEC section 6) in the app's routes over the fake billing gateway: with the payment flag on,
 * office users whose office pays by card go from /schedule and /verification to /payment while GET /api/stripe or
 * GET /api/stripe/subscription/valid says not valid; nobody else is asked or sent. A billing status event from the
 * socket makes the gate read again: an office that has just subscribed is let through without a reload.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeBillingGateway } from '../payment/fake-billing-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway, renderApp } from '../test-support/render-app';

type Options = Parameters<typeof fakeBillingGateway>[0];

function open(role: string, path: string, options: Options = {}, fallback: FetchFn = fakeGateway) {
  const gateway = fakeBillingGateway(options, fallback);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch, sockets.create);
  return { ...view, gateway, sockets };
}

/** The offices' settings as GET /api/dentaloffice/user/all gives them, then the shared gateway. */
const officesWith =
  (paymentType: string | null): FetchFn =>
  (url, init) =>
    url.startsWith('/api/dentaloffice/user/all')
      ? Promise.resolve(jsonReply([{ id: 'office-demo-1', name: 'Main St', paymentType }]))
      : fakeGateway(url, init);

const checks = (gateway: ReturnType<typeof fakeBillingGateway>) =>
  gateway.calls('GET', '/api/stripe').length + gateway.calls('GET', '/api/stripe/subscription/valid').length;

/** Long enough for the flags, the offices and both checks to have answered. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('the payment gate', () => {
  it.each([
    ['staff', '/verification'],
    ['staff', '/schedule/2026-07-01'],
    ['staffmanager', '/verification/00000000-0000-0000-0000-000000000000'],
  ])('sends %s from %s to /payment while the subscription is not valid', async (role, path) => {
    const { location, gateway } = open(role, path, { subscriptionValid: false });
    await waitFor(() => expect(location()).toBe('/payment'));
    expect(gateway.calls('GET', '/api/stripe/subscription/valid').length).toBeGreaterThan(0);
    expect(await screen.findByText('Your office has no active subscription')).toBeInTheDocument();
  });

  it('sends to /payment when the billing integration is not valid, the subscription being valid', async () => {
    const { location } = open('staff', '/verification', { integrationValid: false, subscriptionValid: true });
    await waitFor(() => expect(location()).toBe('/payment'));
  });

  it('lets a paying office through, having asked both checks', async () => {
    const { location, gateway } = open('staff', '/verification', { subscriptionValid: true });
    await waitFor(() => expect(checks(gateway)).toBe(2));
    await settle();
    expect(location()).toBe('/verification');
  });

  it.each([
    ['the payment flag is off', 'staff', '/verification', { paymentsActive: false }, fakeGateway],
    ['the office pays by invoice', 'staff', '/verification', {}, officesWith('invoice')],
    ['the office pays manually', 'staff', '/verification', {}, officesWith('manual')],
    ['the user is a company user', 'superadministrator', '/verification', {}, fakeGateway],
    ['the page is not gated', 'staff', '/plan', {}, fakeGateway],
  ] as const)('asks nothing and sends nobody when %s', async (_case, role, path, options, fallback) => {
    const { location, gateway } = open(role, path, { subscriptionValid: false, ...options }, fallback);
    await settle();
    expect(location()).toBe(path);
    if (path !== '/plan') expect(checks(gateway)).toBe(0);
  });

  it('gates an office whose payment type is auto in its settings, or unset', async () => {
    for (const type of ['auto', null]) {
      const { location, unmount } = open('staff', '/verification', { subscriptionValid: false }, officesWith(type));
      await waitFor(() => expect(location()).toBe('/payment'));
      unmount();
    }
  });

  it('reads again on a billing status event: an office that just subscribed goes on to /verification without a reload', async () => {
    const user = userEvent.setup();
    const { location, gateway, sockets } = open('staff', '/verification', { subscriptionValid: false });
    await waitFor(() => expect(location()).toBe('/payment'));
    expect(await screen.findByText('Your office has no active subscription')).toBeInTheDocument();
    connectLatestInAct(sockets);
    const before = gateway.calls('GET', '/api/stripe/subscription/valid').length;

    // The office manager paid in another tab: the webhook's effect comes over the socket.
    gateway.subscribe();
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.billingStatus, { status: 'active', planType: 'standard' }));
    expect(await screen.findByText("Your office's subscription is active")).toBeInTheDocument();
    expect(gateway.calls('GET', '/api/stripe/subscription/valid').length).toBeGreaterThan(before);

    await user.click(screen.getByRole('link', { name: 'Verify a patient' }));
    await waitFor(() => expect(location()).toBe('/verification'));
    await settle();
    expect(location()).toBe('/verification');
  });
});
