/**
 * The office's notification of a resolved outsourced ticket, mounted once in the app's shell: office users get it
 * on any page (with the way to the ticket), on the ticket's own page it speaks of "this verification", one
 * resolution is one toast, and company users get none.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { fakeOutsourcingGateway } from './fake-outsourcing-gateway';
import { resolvedTitle, ticketOnScreen } from './resolved-notice';

const RESOLVED = { verificationId: 'ver-test-1', type: 'Breakdown', resolvedAt: '2026-11-24T12:00:00.000Z' };

function renderAt(path: string, role: string) {
  const ticket = fixtureDetail((draft) => {
    Object.assign(draft.ticket, { status: 'QA Complete', requesterId: 'user-staff' });
  });
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, fakeOutsourcingGateway({ ticket }).fetch, sockets.create);
  const resolve = () => act(() => sockets.latest().serverEmits(SOCKET_EVENTS.ticketResolved, RESOLVED));
  return { ...view, sockets, resolve };
}

describe('the resolved notification in the shell', () => {
  it('reaches an office user on another page, and leads to the ticket', async () => {
    const user = userEvent.setup();
    const view = renderAt('/user-guide', 'staff');
    await waitFor(() => expect(view.sockets.all.length).toBeGreaterThan(0));
    connectLatestInAct(view.sockets);
    view.resolve();
    expect(await screen.findByText(resolvedTitle)).toBeInTheDocument();
    expect(screen.getByText('A Breakdown request of your office is resolved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    await waitFor(() => expect(view.location()).toBe('/verification/ver-test-1'));
  });

  it("speaks of this verification on the ticket's page, once, however often the event comes", async () => {
    const view = renderAt('/verification/ver-test-1', 'staffmanager');
    await screen.findByTestId('outsourcing-card');
    connectLatestInAct(view.sockets);
    view.resolve();
    view.resolve();
    expect(await screen.findByText('The Breakdown request for this verification is resolved.')).toBeInTheDocument();
    expect(screen.getAllByText(resolvedTitle)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Open it' })).not.toBeInTheDocument();
  });

  it('is not for company users', async () => {
    const view = renderAt('/verification/ver-test-1', 'agent');
    await screen.findByTestId('benefit-breakdown');
    connectLatestInAct(view.sockets);
    view.resolve();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(resolvedTitle)).not.toBeInTheDocument();
  });

  it('knows the ticket a path shows', () => {
    expect(ticketOnScreen('/verification/ver-test-1')).toBe('ver-test-1');
    expect(ticketOnScreen('/verification/a%20b?tab=1')).toBe('a b');
    expect(ticketOnScreen('/verification/v1/source')).toBeUndefined();
    expect(ticketOnScreen('/verification')).toBeUndefined();
    expect(ticketOnScreen('/past-verifications')).toBeUndefined();
  });
});
