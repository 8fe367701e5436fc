/**
 * Issue 13, item 14: a credential whose password the portal refuses showed only 'Your changes has been saved.'.
 * The saved message stays (the save succeeded) and the login's outcome shows under it when it arrives.
 */
import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakePortalsGateway } from '../test-support/fake-portals-gateway';
import { loginOutcome } from './login-outcome';
import { renderPanel } from './testing/render-panel';

const credential = (dentalXChange: PortalCredential['dentalXChange'], portalAi: PortalCredential['portalAi'] = null): PortalCredential => ({
  id: 'c-1',
  portalId: 'dnoaconnect',
  username: 'front',
  dentalXChange,
  portalAi,
});

describe('the outcome of the login after a save', () => {
  it.each([
    [credential({ status: 'inProgress' }, { status: 'inProgress' }), 'Logging in to DNoA Connect...', false, false],
    [credential({ status: 'valid' }, { status: 'inProgress' }), 'Logging in to DNoA Connect... (DentalXChange: Active, Portal AI: In progress)', false, false],
    [credential({ status: 'valid' }), 'Logged in to DNoA Connect (DentalXChange: Active).', false, true],
    [credential({ status: 'invalid' }), 'DNoA Connect refused the username or password (DentalXChange: Invalid). Edit the credential to correct them.', true, true],
    [credential({ status: 'failed' }), 'The login to DNoA Connect failed (DentalXChange: Failed). Use Retry login to try again.', true, true],
    [credential({ status: 'mfaRequired' }, { status: 'valid' }), "DNoA Connect asks for an MFA code (DentalXChange: MFA required, Portal AI: Active): enter it on the portal's card.", true, true],
    // One provider refused while the other still runs: said at once, and more may come.
    [credential({ status: 'invalid' }, { status: 'inProgress' }), 'DNoA Connect refused the username or password (DentalXChange: Invalid, Portal AI: In progress). Edit the credential to correct them.', true, false],
  ])('%j: %s', (saved, detail, attention, settled) => {
    expect(loginOutcome('DNoA Connect', saved)).toEqual({ detail, attention, settled });
  });

  it('is nothing when no provider logs in with the credential', () => {
    expect(loginOutcome('DNoA Connect', credential(null))).toBeNull();
  });
});

/** Adds a MetLife credential through the dialog; answers the new credential's id. */
async function addMetLife() {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const gateway = fakePortalsGateway();
  const { socket } = renderPanel(gateway);
  const met = await screen.findByRole('region', { name: 'MetLife Dental' });
  await user.click(await within(met).findByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login to MetLife Dental' });
  await user.type(within(dialog).getByLabelText('Username'), 'front');
  await user.type(within(dialog).getByLabelText('Password'), 'wrong');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const id = gateway.credentials[0]!.id;
  /** The portal's answer arrives: in the list and as a socket event. */
  const loginEnds = (status: 'valid' | 'invalid' | 'inProgress') => {
    gateway.credentials = gateway.credentials.map((item) => ({ ...item, dentalXChange: { status } }));
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: id, status, dentalXChange: { status }, portalAi: null }));
  };
  return { user, loginEnds };
}

describe('the info bar after saving a credential', () => {
  it('keeps the saved message and adds that the portal refused the password when that arrives', async () => {
    const { user, loginEnds } = await addMetLife();
    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent('Your changes has been saved.');
    expect(saved).toHaveTextContent('Logging in to MetLife Dental...');

    loginEnds('invalid');
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Your changes has been saved.');
    expect(refused).toHaveTextContent('MetLife Dental refused the username or password (DentalXChange: Invalid). Edit the credential to correct them.');
    // The refetch after the event brings the same: the bar is not shown again once closed.
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A later login (a retry, say) is not this save's outcome.
    loginEnds('inProgress');
    loginEnds('valid');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the login succeeded, politely', async () => {
    const { loginEnds } = await addMetLife();
    loginEnds('valid');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your changes has been saved.Logged in to MetLife Dental (DentalXChange: Active).'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
