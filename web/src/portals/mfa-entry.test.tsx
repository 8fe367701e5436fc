import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakePortalsGateway, type FakeReply } from '../test-support/fake-portals-gateway';
import { OFFICE, renderPanel } from './testing/render-panel';

const NEEDS_MFA: PortalCredential = {
  id: 'cred-met',
  portalId: 'metdental',
  username: 'mfa-user',
  dentalXChange: { status: 'mfaRequired' },
  portalAi: null,
};
const MFA_ROUTE = 'POST /api/portals/credentials/metdental/mfa';

async function setUp(answer?: FakeReply) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const gateway = fakePortalsGateway({ credentials: [NEEDS_MFA] });
  if (answer) gateway.answer(MFA_ROUTE, answer);
  const view = renderPanel(gateway);
  const card = await screen.findByRole('region', { name: 'MetLife Dental' });
  const group = await within(card).findByRole('group', { name: 'MFA code for MetLife Dental' });
  return { user, gateway, card, group, ...view };
}

const send = (group: HTMLElement) => within(group).getByRole('button', { name: /Send$/ });
const input = (group: HTMLElement) => within(group).getByRole('textbox', { name: 'MFA code' });

describe('MFA entry', () => {
  it('is offered only while a credential needs a code', async () => {
    const gateway = fakePortalsGateway({ credentials: [{ ...NEEDS_MFA, dentalXChange: { status: 'valid' } }] });
    renderPanel(gateway);
    const card = await screen.findByRole('region', { name: 'MetLife Dental' });
    await within(card).findByText('mfa-user');
    expect(within(card).queryByRole('group', { name: /MFA code/ })).not.toBeInTheDocument();
  });

  it('disables Send while the code is empty or blank, and sends it trimmed', async () => {
    const { user, gateway, group } = await setUp();
    expect(send(group)).toBeDisabled();
    await user.type(input(group), '   ');
    expect(send(group)).toBeDisabled();
    await user.clear(input(group));
    await user.type(input(group), ' 123456 ');
    expect(send(group)).toBeEnabled();
    await user.click(send(group));
    await waitFor(() => expect(gateway.callsTo(MFA_ROUTE)).toHaveLength(1));
    expect(gateway.callsTo(MFA_ROUTE)[0]).toMatchObject({ body: { code: '123456' }, office: OFFICE });
  });

  it("waits for the socket after a 201 ('Waiting for verification...'), then a valid change hides the input", async () => {
    const { user, gateway, card, group, socket } = await setUp({ status: 201, body: {} });
    await user.type(input(group), '123456');
    await user.click(send(group));
    expect(await within(group).findByText('Waiting for verification...')).toBeInTheDocument();
    // Busy: no second code meanwhile.
    expect(send(group)).toBeDisabled();
    expect(input(group)).toBeDisabled();

    // The login goes on (inProgress): still waiting.
    gateway.credentials = [{ ...NEEDS_MFA, dentalXChange: { status: 'inProgress' } }];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status: 'inProgress', dentalXChange: { status: 'inProgress' }, portalAi: null }));
    expect(await within(card).findByText('DentalXChange: In progress')).toBeInTheDocument();
    expect(within(group).getByText('Waiting for verification...')).toBeInTheDocument();

    gateway.credentials = [{ ...NEEDS_MFA, dentalXChange: { status: 'valid' } }];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status: 'valid', dentalXChange: { status: 'valid' }, portalAi: null }));
    await waitFor(() => expect(within(card).queryByRole('group', { name: /MFA code/ })).not.toBeInTheDocument());
    expect(within(card).getByText('DentalXChange: Active')).toBeInTheDocument();
  });

  it('hides the input at once after a 200 success', async () => {
    const { user, card, group } = await setUp({ status: 200, body: { success: true } });
    await user.type(input(group), '111111');
    await user.click(send(group));
    await waitFor(() => expect(within(card).queryByRole('group', { name: /MFA code/ })).not.toBeInTheDocument());
  });

  it.each([
    ['a refusal with the default text', { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Failed to verify MFA code' } }, 'Failed to verify MFA code'],
    ['a refusal without a message', { status: 400, body: {} }, 'Failed to verify MFA code'],
    ['the server text', { status: 409, body: { statusCode: 409, message: 'No verification code is awaited for this credential' } }, 'No verification code is awaited for this credential'],
    ['a 200 without success', { status: 200, body: { success: false } }, 'Failed to verify MFA code'],
    ['no answer at all', 'network-error' as const, 'An unexpected error occurred'],
  ])('shows %s as an error and lets the user try again', async (_name, answer, text) => {
    const { user, group } = await setUp(answer);
    await user.type(input(group), '000000');
    await user.click(send(group));
    expect(await within(group).findByRole('alert')).toHaveTextContent(text);
    expect(send(group)).toBeEnabled();
    expect(input(group)).toBeEnabled();
  });

  it.each(['invalid', 'failed'] as const)(
    'turns a login that ended %s after the code into an error, and offers no code field any more (none is awaited)',
    async (status) => {
      const { user, gateway, card, group, socket } = await setUp({ status: 201, body: {} });
        await user.type(input(group), '123456');
      await user.click(send(group));
      await within(group).findByText('Waiting for verification...');
      gateway.credentials = [{ ...NEEDS_MFA, dentalXChange: { status } }];
      act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status }));
      expect(await within(group).findByRole('alert')).toHaveTextContent('Failed to verify MFA code');
      expect(within(group).queryByRole('textbox', { name: 'MFA code' })).not.toBeInTheDocument();
      expect(within(group).queryByRole('button', { name: /Send$/ })).not.toBeInTheDocument();
      expect(gateway.callsTo(MFA_ROUTE)).toHaveLength(1);

      // Retried, the portal asks for a code again: a fresh field, without the old error.
      gateway.credentials = [NEEDS_MFA];
      act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status: 'mfaRequired' }));
      const again = await within(card).findByRole('group', { name: 'MFA code for MetLife Dental' });
      await waitFor(() => expect(within(again).queryByRole('alert')).not.toBeInTheDocument());
      await user.type(input(again), '111111');
      expect(send(again)).toBeEnabled();
    },
  );

  /** A card whose login is under way; `turnMfaRequired` then reports, by socket, that the portal asks for a code. */
  async function openWhileLoggingIn() {
    const gateway = fakePortalsGateway({ credentials: [{ ...NEEDS_MFA, dentalXChange: { status: 'inProgress' } }] });
    const { socket } = renderPanel(gateway);
    const card = await screen.findByRole('region', { name: 'MetLife Dental' });
    await within(card).findByText('DentalXChange: In progress');
    const turnMfaRequired = async () => {
      gateway.credentials = [NEEDS_MFA];
      act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status: 'mfaRequired', dentalXChange: { status: 'mfaRequired' }, portalAi: null }));
      return within(card).findByRole('group', { name: 'MFA code for MetLife Dental' });
    };
    return { turnMfaRequired };
  }

  it('takes the focus when a login turns to mfaRequired while the page is open', async () => {
    const { turnMfaRequired } = await openWhileLoggingIn();
    const group = await turnMfaRequired();
    await waitFor(() => expect(input(group)).toHaveFocus());
  });

  it('leaves the focus alone when the page opens on a credential already waiting for a code', async () => {
    const { group } = await setUp();
    expect(input(group)).not.toHaveFocus();
  });

  it('does not take the focus from a field the user is typing in', async () => {
    const { turnMfaRequired } = await openWhileLoggingIn();
    const elsewhere = document.createElement('input');
    elsewhere.setAttribute('aria-label', 'Somewhere else');
    document.body.append(elsewhere);
    elsewhere.focus();
    const group = await turnMfaRequired();
    expect(input(group)).not.toHaveFocus();
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
