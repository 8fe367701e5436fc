import { type PortalCredential, SOCKET_EVENTS } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { fakePortalsGateway, type FakePortalsGateway, PORTAL_DNOA, PORTAL_GUARDIAN, PORTAL_METLIFE } from '../test-support/fake-portals-gateway';
import { renderApp } from '../test-support/render-app';

const credential = (id: string, portalId: string, status: PortalCredential['dentalXChange']): PortalCredential => ({
  id,
  portalId,
  username: `${id}-user`,
  dentalXChange: status,
  portalAi: null,
});
const INVALID = credential('c-invalid', 'dnoaconnect', { status: 'invalid' });
const MFA = credential('c-mfa', 'metdental', { status: 'mfaRequired' });
const VALID = credential('c-valid', 'guardian', { status: 'valid' });

/** The socket connects at once, as in the app, unless `connect` is false (the first read waits for it). */
function setUp(
  credentials: PortalCredential[],
  role = 'staffmanager',
  path = '/verification',
  configure: (gateway: FakePortalsGateway) => void = () => undefined,
  { connect = true }: { connect?: boolean } = {},
) {
  const gateway = fakePortalsGateway({ portals: [PORTAL_DNOA, PORTAL_METLIFE, PORTAL_GUARDIAN], credentials });
  configure(gateway);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch, sockets.create);
  const socket = connect ? connectLatestInAct(sockets) : sockets.latest();
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { gateway, sockets, socket, user, ...view };
}

// The first render of the whole app in a test file takes a while: wait longer than the default second.
const button = (count: number) =>
  screen.findByRole('button', { name: `Portal credential notifications (${count})` }, { timeout: 5_000 });

async function openPopover(user: ReturnType<typeof userEvent.setup>, count: number) {
  await user.click(await button(count));
  return screen.findByRole('region', { name: 'Portal credential notifications' });
}

const managedOffice = (id: string, name: string) => ({
  id,
  orgId: 'org-demo',
  name,
  groupId: null,
  planType: 'standard',
  integration: null,
  settings: { id, ableToFullfillForm: false },
});

/** GET /api/management/offices's page of the organization's two offices. */
const TWO_OFFICES = {
  status: 200,
  body: { items: [managedOffice('office-demo-1', 'Main St'), managedOffice('office-demo-2', 'Oak Ave')], total: 2, page: 1, pageSize: 100 },
};

/** The organization's two offices, and each office's own credentials. */
function twoOffices(byOffice: Record<string, PortalCredential[]>) {
  return (gateway: FakePortalsGateway) => {
    gateway.answer('GET /api/management/offices', TWO_OFFICES);
    gateway.answer('GET /api/portals/credentials', (call) => ({ status: 200, body: byOffice[call.office ?? ''] ?? [] }));
  };
}

// The office a company user last looked at is kept per tab (session storage): every test starts a fresh tab.
beforeEach(() => window.sessionStorage.clear());

describe('notification popover and badge', () => {
  it('a company user without an office of their own gets the badge of the office they look at on /management/portal-credentials', async () => {
    const offices = twoOffices({ 'office-demo-1': [INVALID, VALID], 'office-demo-2': [INVALID, MFA] });

    // Anywhere, before picking one: the organization's first office.
    const first = setUp([], 'agent', '/verification', offices);
    const popover = await openPopover(first.user, 1);
    expect(within(popover).getByRole('link', { name: 'DNoA Connect' })).toHaveAttribute('href', '/management/portal-credentials?office=office-demo-1');
    expect(screen.getByText('Portal credentials: Main St')).toBeInTheDocument();
    first.unmount();

    // On the page, the office it shows; and afterwards, in the same tab, the office last looked at there.
    const onPage = setUp([], 'agent', '/management/portal-credentials?office=office-demo-2', offices);
    await screen.findByRole('heading', { name: 'Portal Credentials Management' });
    expect(await button(2)).toBeInTheDocument();
    expect(onPage.gateway.callsTo('GET /api/portals/credentials').map((call) => call.office)).not.toContain('office-demo-1');
    onPage.unmount();
    const later = setUp([], 'agent', '/verification', offices);
    const laterPopover = await openPopover(later.user, 2);
    expect(within(laterPopover).getByRole('link', { name: 'MetLife Dental' })).toHaveAttribute('href', '/management/portal-credentials?office=office-demo-2');
    await later.user.click(within(laterPopover).getByRole('link', { name: 'MetLife Dental' }));
    await waitFor(() => expect(later.location()).toBe('/management/portal-credentials?office=office-demo-2'));
    expect(await screen.findByRole('region', { name: 'MetLife Dental' })).toBeInTheDocument();
  });


  it('counts the credentials that need attention on the key button', async () => {
    const { container } = setUp([INVALID, MFA, VALID]);
    const key = await button(2);
    expect(key.closest('.ant-badge')?.querySelector('.ant-badge-count')).toHaveAttribute('title', '2');
    expect(container).toBeTruthy();
  });

  it('lists them with a link to the credentials page, 400 wide and at most 500 high', async () => {
    const { user, location } = setUp([INVALID, MFA, VALID]);
    const popover = await openPopover(user, 2);
    // The popover's own box (padding inside), not the list within it.
    const box = popover.closest<HTMLElement>('.ant-popover-container');
    expect(box).toHaveStyle({ width: '400px', maxHeight: '500px', boxSizing: 'border-box' });
    expect(popover.style.width).toBe('');
    expect(popover.closest<HTMLElement>('.ant-popover-content')).toHaveStyle({ overflowY: 'auto' });
    const links = within(popover).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['DNoA Connect', 'MetLife Dental']);
    expect(links[0]).toHaveAttribute('href', '/dental-office-settings?tab=1');
    expect(within(popover).getByText('DentalXChange: Invalid')).toBeInTheDocument();
    expect(within(popover).getByText('DentalXChange: MFA required')).toBeInTheDocument();
    expect(within(popover).queryByText('No connection to server')).not.toBeInTheDocument();
    await user.click(links[1]!);
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
  });

  it('is kept current by socket events: another status removes a credential, a problem adds one', async () => {
    const { user, socket, gateway } = setUp([INVALID, MFA, VALID]);
    const popover = await openPopover(user, 2);

    gateway.credentials = [INVALID, { ...MFA, dentalXChange: { status: 'inProgress' } }, VALID];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c-mfa', status: 'inProgress' }));
    expect(await button(1)).toBeInTheDocument();
    await waitFor(() => expect(within(popover).queryByText('MetLife Dental')).not.toBeInTheDocument());

    gateway.credentials = [INVALID, { ...MFA, dentalXChange: { status: 'inProgress' } }, { ...VALID, dentalXChange: { status: 'failed' } }];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c-valid', status: 'failed' }));
    expect(await button(2)).toBeInTheDocument();
    expect(await within(popover).findByText('Guardian Anytime')).toBeInTheDocument();
  });

  it('drops a credential deleted in another tab or by another user from the badge and the popover', async () => {
    const { user, socket, gateway } = setUp([INVALID, MFA, VALID]);
    const popover = await openPopover(user, 2);
    expect(within(popover).getByText('DNoA Connect')).toBeInTheDocument();

    gateway.credentials = [MFA, VALID];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialRemoved, { credentialId: 'c-invalid' }));
    expect(await button(1)).toBeInTheDocument();
    await waitFor(() => expect(within(popover).queryByText('DNoA Connect')).not.toBeInTheDocument());
    expect(within(popover).getByText('MetLife Dental')).toBeInTheDocument();
  });

  it('refetches the credentials once per change event, though the badge and the page both show them', async () => {
    const { gateway, socket } = setUp([INVALID, VALID], 'staffmanager', '/dental-office-settings?tab=1');
    await screen.findByRole('region', { name: 'Guardian Anytime' }, { timeout: 5_000 });
    await button(1);
    const fetches = () => gateway.callsTo('GET /api/portals/credentials').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const before = fetches();

    gateway.credentials = [INVALID, { ...VALID, dentalXChange: { status: 'failed' } }];
    act(() => socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c-valid', status: 'failed' }));
    expect(await button(2)).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(fetches() - before).toBe(1);
  });

  it("says 'No notifications' when nothing needs attention", async () => {
    const { user } = setUp([VALID]);
    const popover = await openPopover(user, 0);
    expect(await within(popover).findByText('No notifications')).toBeInTheDocument();
  });

  it("says 'No connection to server' while the socket is not connected", async () => {
    const { user, sockets } = setUp([INVALID], 'staffmanager', '/verification', undefined, { connect: false });
    const popover = await openPopover(user, 1);
    expect(within(popover).getByText('No connection to server')).toBeInTheDocument();
    connectLatestInAct(sockets);
    await waitFor(() => expect(within(popover).queryByText('No connection to server')).not.toBeInTheDocument());
    act(() => sockets.latest().serverDisconnects('io server disconnect'));
    expect(await within(popover).findByText('No connection to server')).toBeInTheDocument();
  });

  it("shows the socket's error text with it", async () => {
    const { user, sockets } = setUp([], 'staffmanager', '/verification', undefined, { connect: false });
    act(() => {
      sockets.latest().serverConnects();
      sockets.latest().serverEmits(SOCKET_EVENTS.error, { code: 'INVALID_TOKEN', message: 'expired' });
    });
    const popover = await openPopover(user, 0);
    expect(within(popover).getByText('Authentication failed - token may be expired')).toBeInTheDocument();
  });

  it("says 'Loading portal data...' until the credentials arrive", async () => {
    const { user } = setUp([INVALID], 'staffmanager', '/verification', (gateway) =>
      gateway.answer('GET /api/portals/credentials', new Promise(() => undefined)),
    );
    const popover = await openPopover(user, 0);
    expect(within(popover).getByText('Loading portal data...')).toBeInTheDocument();
  });

  it('is not offered to users who cannot open a credentials page', async () => {
    setUp([INVALID], 'staff');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('button', { name: /Portal credential notifications/ })).not.toBeInTheDocument();
  });
});

describe('portal credentials pages', () => {
  it('/dental-office-settings?tab=1 opens the portal credentials tab for an office manager', async () => {
    setUp([VALID], 'staffmanager', '/dental-office-settings?tab=1');
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Portal credentials' })).toHaveAttribute('aria-selected', 'true');
    const guardian = await screen.findByRole('region', { name: 'Guardian Anytime' });
    expect(await within(guardian).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('/dental-office-settings?tab=0 opens the office details tab, and the tab switch changes the address', async () => {
    const { user, location } = setUp([], 'groupmanager', '/dental-office-settings?tab=0');
    expect(await screen.findByRole('tab', { name: 'Office details' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Portal credentials' }));
    await waitFor(() => expect(location()).toBe('/dental-office-settings?tab=1'));
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();
  });

  it('/management/portal-credentials shows a company user the first office, or the one the address names', async () => {
    const offices = (gateway: FakePortalsGateway) => gateway.answer('GET /api/management/offices', TWO_OFFICES);
    const first = setUp([], 'agent', '/management/portal-credentials', offices);
    expect(await screen.findByRole('heading', { name: 'Portal Credentials Management' })).toBeInTheDocument();
    await waitFor(() => expect(first.gateway.callsTo('GET /api/portals/credentials').at(-1)?.office).toBe('office-demo-1'));
    // Company users may add credentials for the office.
    expect(await screen.findAllByRole('button', { name: 'Login' })).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Dental office' }).closest('.ant-select')).toHaveTextContent('Main St');
    first.unmount();

    const named = setUp([], 'agent', '/management/portal-credentials?office=office-demo-2', offices);
    await screen.findByRole('heading', { name: 'Portal Credentials Management' });
    await waitFor(() => expect(named.gateway.callsTo('GET /api/portals/credentials').at(-1)?.office).toBe('office-demo-2'));
    expect(named.gateway.callsTo('GET /api/portals/credentials').map((call) => call.office)).not.toContain('office-demo-1');
  });
});
