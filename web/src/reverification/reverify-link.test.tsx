/**
 * The ticket page's "Re-verify": shown to the roles that open /reverification (superadministrator, staff manager,
 * staff), not to the agents and admins who also open tickets, and only once the verification's sources answered.
 */
import { type VerificationDetail } from '@dv/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fixtureDetail } from '../verification/ticket/testing/workspace-fixture';
import { fakeReverificationGateway } from './fake-reverification-gateway';

function openTicket(ticket: VerificationDetail, role: string) {
  const gateway = fakeReverificationGateway([], { tickets: [ticket] });
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), `/verification/${ticket.id}`, gateway.fetch);
  return { ...view, gateway };
}

const notReady = () =>
  fixtureDetail((draft) => {
    draft.readyAt = null as unknown as string;
  });

describe('Re-verify on the ticket page', () => {
  it.each(['staff', 'staffmanager', 'superadministrator'])('leads %s to the re-verification of a ready ticket', async (role) => {
    openTicket(fixtureDetail(), role);
    expect(await screen.findByRole('link', { name: 'Re-verify' })).toHaveAttribute('href', '/reverification?verificationId=ver-test-1');
  });

  it.each(['admin', 'agent'])('is not offered to %s, who cannot open /reverification', async (role) => {
    openTicket(fixtureDetail(), role);
    await screen.findByRole('link', { name: 'View sources' });
    expect(screen.queryByRole('link', { name: 'Re-verify' })).not.toBeInTheDocument();
  });

  it('waits until the sources answered', async () => {
    openTicket(notReady(), 'staff');
    await screen.findByRole('link', { name: 'View sources' });
    expect(screen.queryByRole('link', { name: 'Re-verify' })).not.toBeInTheDocument();
  });

  it('opens the offer without starting anything', async () => {
    const { gateway, location } = openTicket(fixtureDetail(), 'staff');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Re-verify' }));
    expect(await screen.findByRole('button', { name: 'Re-verify now' })).toBeEnabled();
    expect(location()).toBe('/reverification?verificationId=ver-test-1');
    expect(gateway.calls('POST', '/api/reverifications')).toEqual([]);
  });
});
