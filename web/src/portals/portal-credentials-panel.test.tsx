import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakePortalsGateway, PORTAL_DNOA, PORTAL_GUARDIAN, PORTAL_METLIFE } from '../test-support/fake-portals-gateway';
import { OFFICE, renderPanel } from './testing/render-panel';

const VALID_DNOA: PortalCredential = {
  id: 'cred-dnoa',
  portalId: 'dnoaconnect',
  username: 'frontdesk',
  dentalXChange: { status: 'valid' },
  portalAi: { status: 'invalid' },
};
const METLIFE_RUNNING: PortalCredential = {
  id: 'cred-met',
  portalId: 'metdental',
  username: 'met-user',
  dentalXChange: { status: 'inProgress' },
  portalAi: null,
};

const card = (name: string) => screen.findByRole('region', { name });
const chipsOf = (region: HTMLElement) =>
  within(region)
    .queryAllByText(/^(DentalXChange|Portal AI): /)
    .map((chip) => chip.closest('.dv-status-chip')?.textContent);

describe('portal credentials page: cards', () => {
  it('shows the title and one card per portal with its name, URL, at most 3 carriers and +N more', async () => {
    renderPanel(fakePortalsGateway({ portals: [PORTAL_DNOA, PORTAL_METLIFE, PORTAL_GUARDIAN] }));
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();
    const dnoa = await card('DNoA Connect');
    expect(within(dnoa).getByRole('link', { name: 'https://www.dnoaconnect.com' })).toHaveAttribute('target', '_blank');
    const carriers = within(dnoa).getByLabelText('Carriers');
    expect(within(carriers).getAllByText(/./).map((tag) => tag.textContent)).toEqual([
      'Dental Network of America',
      'BCBS Illinois',
      'BCBS Texas',
      '+2 more',
    ]);
    const met = await card('MetLife Dental');
    expect(within(met).queryByText(/more$/)).not.toBeInTheDocument();
    expect(within(met).getByText('MetLife Federal Dental')).toBeInTheDocument();
    expect(await card('Guardian Anytime')).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(3);
  });

  it('shows one status chip per provider that logs in, the username, and Edit and Delete', async () => {
    renderPanel(fakePortalsGateway({ credentials: [VALID_DNOA, METLIFE_RUNNING] }));
    const dnoa = await card('DNoA Connect');
    await waitFor(() => expect(chipsOf(dnoa)).toEqual(['DentalXChange: Active', 'Portal AI: Invalid']));
    expect(within(dnoa).getByText('frontdesk')).toBeInTheDocument();
    expect(within(dnoa).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(dnoa).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(dnoa).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    const met = await card('MetLife Dental');
    // portalAi does not apply to this portal: no chip for it; the running login has a spinner.
    expect(chipsOf(met)).toEqual(['DentalXChange: In progress']);
    expect(within(met).getByLabelText('Logging in')).toBeInTheDocument();
  });

  it('offers Login for a portal without a credential, and no chips', async () => {
    renderPanel(fakePortalsGateway());
    const met = await card('MetLife Dental');
    expect(await within(met).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(chipsOf(met)).toEqual([]);
    expect(within(met).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it.each([
    ['mfaRequired', 'DentalXChange: MFA required'],
    ['failed', 'DentalXChange: Failed'],
  ] as const)('labels %s', async (status, label) => {
    renderPanel(fakePortalsGateway({ credentials: [{ ...METLIFE_RUNNING, dentalXChange: { status } }] }));
    const met = await card('MetLife Dental');
    await waitFor(() => expect(chipsOf(met)).toEqual([label]));
  });

  it('shows no Login, Edit or Delete to a role that may only read', async () => {
    renderPanel(fakePortalsGateway({ credentials: [VALID_DNOA] }), { canEdit: false });
    const dnoa = await card('DNoA Connect');
    await within(dnoa).findByText('frontdesk');
    expect(within(dnoa).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dnoa).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dnoa).getByRole('button', { name: 'Retry login' })).toBeInTheDocument();
    expect(within(await card('MetLife Dental')).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderPanel(fakePortalsGateway({ portals: [] }));
    expect(await screen.findByText('No portals available')).toBeInTheDocument();
    expect(screen.getByText('Contact your administrator to set up portal integrations.')).toBeInTheDocument();
  });

  it('shows a loading state until the portals arrive', async () => {
    const gateway = fakePortalsGateway();
    let release: () => void = () => undefined;
    gateway.answer('GET /api/portals', new Promise((resolve) => (release = () => resolve({ status: 200, body: [PORTAL_METLIFE] }))));
    renderPanel(gateway);
    expect(await screen.findByLabelText('Loading portals')).toBeInTheDocument();
    act(() => release());
    expect(await card('MetLife Dental')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading portals')).not.toBeInTheDocument();
  });

  it('shows the sandbox badge while the portals are simulated', async () => {
    renderPanel(fakePortalsGateway({ sandbox: true }));
    expect(await screen.findByText('sandbox')).toBeInTheDocument();
  });

  it('sends the office it acts for', async () => {
    const gateway = fakePortalsGateway();
    renderPanel(gateway);
    await card('MetLife Dental');
    await waitFor(() => expect(gateway.callsTo('GET /api/portals/credentials')[0]?.office).toBe(OFFICE));
  });
});

describe('portal credentials page: load errors', () => {
  it("shows 'Failed to load portals' as 'Failed to load portal credentials data' in a dismissible alert", async () => {
    const gateway = fakePortalsGateway();
    gateway.answer('GET /api/portals', { status: 500, body: { message: 'boom' } });
    renderPanel(gateway);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load portal credentials data');
    expect(alert).toHaveTextContent('Failed to load portals');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Failed to load portal credentials data')).not.toBeInTheDocument());
  });

  it("shows 'Failed to load credentials' and offers nothing that depends on them", async () => {
    const gateway = fakePortalsGateway();
    gateway.answer('GET /api/portals/credentials', { status: 503, body: { message: 'down' } });
    renderPanel(gateway);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load portal credentials data');
    expect(alert).toHaveTextContent('Failed to load credentials');
    expect(within(await card('MetLife Dental')).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });
});

/** The panel with no credentials, and the add dialog of MetLife Dental opened from its Login button. */
async function openAddDialog() {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const gateway = fakePortalsGateway();
  renderPanel(gateway);
  await user.click(await within(await card('MetLife Dental')).findByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login to MetLife Dental' });
  return { user, gateway, dialog };
}

describe('portal credentials page: credential dialog', () => {
  it('requires username and password when adding, then adds the credential', async () => {
    const { user, gateway, dialog } = await openAddDialog();
    expect(within(dialog).queryByText('Leave empty to keep current password')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Username'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'met-user');
    await user.type(within(dialog).getByLabelText('Password'), 's3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')[0]?.body).toEqual({ username: 'met-user', password: 's3cret' });
    const met = await card('MetLife Dental');
    expect(await within(met).findByText('met-user')).toBeInTheDocument();
    expect(chipsOf(met)).toEqual(['DentalXChange: In progress']);
    expect(screen.getByRole('status')).toHaveTextContent('Your changes has been saved.');
  });

  it('saves with Enter from the keyboard, checking the fields first', async () => {
    const { user, gateway, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Username'), 'met-user{Enter}');
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 's3cret{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')).toHaveLength(1);
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')[0]?.body).toEqual({ username: 'met-user', password: 's3cret' });
  });

  it('opens with the focus in the username field, so keyboard alone adds a credential', async () => {
    const { user, gateway, dialog } = await openAddDialog();
    await waitFor(() => expect(within(dialog).getByLabelText('Username')).toHaveFocus());
    await user.keyboard('met-user{Enter}');
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    // The refused field takes the focus.
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
    await user.keyboard('s3cret{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('POST /api/portals/metdental/credentials/')[0]?.body).toEqual({ username: 'met-user', password: 's3cret' });
  });

  it('keeps the current password when editing with an empty one, and shows the hint', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [VALID_DNOA] });
    renderPanel(gateway);
    await user.click(await within(await card('DNoA Connect')).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit credential: DNoA Connect' });
    expect(within(dialog).getByText('Leave empty to keep current password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveValue('frontdesk');
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).queryByText('Password is required')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Username'), 'frontdesk2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.callsTo('PUT /api/portals/credentials/cred-dnoa')[0]?.body).toEqual({ username: 'frontdesk2' });
    expect(await within(await card('DNoA Connect')).findByText('frontdesk2')).toBeInTheDocument();
  });

  it('sends a new password when one is typed while editing', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [VALID_DNOA] });
    renderPanel(gateway);
    await user.click(await within(await card('DNoA Connect')).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'new-one');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PUT /api/portals/credentials/cred-dnoa')).toHaveLength(1));
    expect(gateway.callsTo('PUT /api/portals/credentials/cred-dnoa')[0]?.body).toEqual({ username: 'frontdesk', password: 'new-one' });
  });

  it('shows a refused save under the password field and stays open', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway();
    gateway.answer('POST /api/portals/metdental/credentials/', {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'This office already has a credential for the portal' },
    });
    renderPanel(gateway);
    await user.click(await within(await card('MetLife Dental')).findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'met-user');
    await user.type(within(dialog).getByLabelText('Password'), 'pw');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText('This office already has a credential for the portal');
    // Under the password field: in that field's form item.
    expect(message.closest('.ant-form-item')).toContainElement(within(dialog).getByLabelText('Password'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
  });
});

describe('portal credentials page: delete, retry, JSON', () => {
  it('deletes after confirming', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [VALID_DNOA] });
    renderPanel(gateway);
    const dnoa = await card('DNoA Connect');
    await user.click(await within(dnoa).findByRole('button', { name: 'Delete' }));
    expect(gateway.callsTo('DELETE /api/portals/credentials/cred-dnoa')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete this credential?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(gateway.callsTo('DELETE /api/portals/credentials/cred-dnoa')).toHaveLength(1));
    expect(await within(await card('DNoA Connect')).findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows 'Failed to delete credential' in the error bar", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [VALID_DNOA] });
    gateway.answer('DELETE /api/portals/credentials/cred-dnoa', { status: 500, body: { message: 'store down' } });
    renderPanel(gateway);
    await user.click(await within(await card('DNoA Connect')).findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete credential')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete credential').closest('[role="alert"]')).not.toBeNull();
    expect(within(await card('DNoA Connect')).getByText('frontdesk')).toBeInTheDocument();
  });

  it.each([
    [{ status: 422, body: { statusCode: 422, message: 'The portal rejected the username or password' } }, 'The portal rejected the username or password'],
    [{ status: 500, body: {} }, 'An unknown error occurred'],
    ['network-error' as const, 'An unknown error occurred'],
  ])('shows a failed retry in the tooltip: %j', async (answer, text) => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [VALID_DNOA] });
    gateway.answer('POST /api/portals/credentials/cred-dnoa', answer);
    renderPanel(gateway);
    await user.click(await within(await card('DNoA Connect')).findByRole('button', { name: 'Retry login' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(text));
  });

  it('puts a successful retry on the card', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const gateway = fakePortalsGateway({ credentials: [{ ...VALID_DNOA, dentalXChange: { status: 'failed' } }] });
    gateway.answer('POST /api/portals/credentials/cred-dnoa', { status: 200, body: VALID_DNOA });
    renderPanel(gateway);
    const dnoa = await card('DNoA Connect');
    await waitFor(() => expect(chipsOf(dnoa)).toEqual(['DentalXChange: Failed', 'Portal AI: Invalid']));
    await user.click(within(dnoa).getByRole('button', { name: 'Retry login' }));
    await waitFor(() => expect(chipsOf(dnoa)).toEqual(['DentalXChange: Active', 'Portal AI: Invalid']));
  });

  it('shows the portal and credential JSON without a password, copies it and closes', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    // Even if a reply carried a password, the dialog shows only what the contract declares.
    const leaky = { ...VALID_DNOA, password: 'hunter2' } as PortalCredential;
    renderPanel(fakePortalsGateway({ credentials: [leaky] }));
    const dnoa = await card('DNoA Connect');
    await within(dnoa).findByText('frontdesk');
    await user.click(within(dnoa).getByRole('button', { name: 'Show JSON' }));
    const dialog = await screen.findByRole('dialog');
    const json = JSON.parse(within(dialog).getByLabelText('Portal and credential JSON').textContent ?? '') as unknown;
    expect(json).toEqual({ portal: PORTAL_DNOA, credential: VALID_DNOA });
    expect(within(dialog).getByLabelText('Portal and credential JSON').textContent).not.toContain('hunter2');

    await user.click(within(dialog).getByRole('button', { name: 'Copy to Clipboard' }));
    expect(await screen.findByText('Data copied to clipboard!')).toBeInTheDocument();
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(json);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('portal credentials page: live updates', () => {
  it('changes a chip when the socket reports a change, without waiting for the refetch', async () => {
    const gateway = fakePortalsGateway({ credentials: [METLIFE_RUNNING] });
    const { socket } = renderPanel(gateway);
    const met = await card('MetLife Dental');
    await waitFor(() => expect(chipsOf(met)).toEqual(['DentalXChange: In progress']));
    expect(socket.emitted[0]).toEqual({ event: SOCKET_EVENTS.authorization, args: [{ token: 'token' }] });

    // The refetch that follows the event hangs: the chip changes from the event alone.
    gateway.answer('GET /api/portals/credentials', new Promise(() => undefined));
    act(() =>
      socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, {
        credentialId: 'cred-met',
        status: 'valid',
        dentalXChange: { status: 'valid' },
        portalAi: null,
      }),
    );
    await waitFor(() => expect(chipsOf(met)).toEqual(['DentalXChange: Active']));
    expect(gateway.callsTo('GET /api/portals/credentials').length).toBeGreaterThanOrEqual(2);
  });

  it('drops a credential another tab or user deleted: the card offers Login again, without waiting for the refetch', async () => {
    const gateway = fakePortalsGateway({ credentials: [METLIFE_RUNNING, VALID_DNOA] });
    const { socket } = renderPanel(gateway);
    const met = await card('MetLife Dental');
    await waitFor(() => expect(chipsOf(met)).toEqual(['DentalXChange: In progress']));
    gateway.answer('GET /api/portals/credentials', new Promise(() => undefined));
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialRemoved, { credentialId: 'cred-met' }));
    expect(await within(met).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(chipsOf(met)).toEqual([]);
    expect(within(met).queryByText('met-user')).not.toBeInTheDocument();
    expect(chipsOf(await card('DNoA Connect'))).toEqual(['DentalXChange: Active', 'Portal AI: Invalid']);
  });

  it('refetches through the API after a change event', async () => {
    const gateway = fakePortalsGateway({ credentials: [METLIFE_RUNNING] });
    const { socket } = renderPanel(gateway);
    const met = await card('MetLife Dental');
    gateway.credentials = [{ ...METLIFE_RUNNING, username: 'renamed', dentalXChange: { status: 'invalid' } }];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'cred-met', status: 'invalid' }));
    expect(await within(met).findByText('renamed')).toBeInTheDocument();
    expect(chipsOf(met)).toEqual(['DentalXChange: Invalid']);
  });
});
