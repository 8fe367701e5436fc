/**
 * How often a page load reads the office's credentials (issue 13, item 17): a staff manager's every page read them
 * twice, once for the header's badge and again when the socket connected. Once is enough when the read follows the
 * socket's connection; a socket that connects again later still reads again, since events may have been missed.
 */
import { type PortalCredential } from '@dv/contracts';
import { act, screen } from '@testing-library/react';
import { fakePortalsGateway } from '../test-support/fake-portals-gateway';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { FIRST_READ_SOCKET_WAIT_MS } from './use-portal-credentials';

const INVALID: PortalCredential = { id: 'c-1', portalId: 'dnoaconnect', username: 'front', dentalXChange: { status: 'invalid' }, portalAi: null };

function load(path: string) {
  const gateway = fakePortalsGateway({ credentials: [INVALID] });
  const sockets = fakeSockets();
  const { goTo } = renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), path, gateway.fetch, sockets.create);
  const reads = () => gateway.callsTo('GET /api/portals/credentials').length;
  return { gateway, sockets, reads, goTo };
}

// The first render of the whole app in a test file takes a while: wait longer than the default second.
const badge = (count: number, timeout = 5_000) =>
  screen.findByRole('button', { name: `Portal credential notifications (${count})` }, { timeout });
const settle = (ms = 300) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('reading the credentials on a page load', () => {
  it.each([['/user-guide'], ['/dental-office-settings?tab=1']])('a staff manager loading %s reads them once', async (path) => {
    const { sockets, reads } = load(path);
    // The header's button is there before the list is read; the socket connects meanwhile.
    await screen.findByRole('button', { name: /^Portal credential notifications/ }, { timeout: 5_000 });
    connectLatestInAct(sockets);
    await badge(1);
    if (path.includes('tab=1')) await screen.findByRole('button', { name: 'Edit' });
    await settle();
    expect(reads()).toBe(1);
  });

  it('reads them again when the socket connects again, since events may have been missed', async () => {
    const { sockets, reads } = load('/user-guide');
    await screen.findByRole('button', { name: /^Portal credential notifications/ }, { timeout: 5_000 });
    connectLatestInAct(sockets);
    await badge(1);
    await settle();
    act(() => sockets.latest().serverDisconnects('transport close'));
    await act(async () => {
      // The client reconnects with a new socket after its back-off.
      while (sockets.all.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    connectLatestInAct(sockets);
    await settle();
    expect(reads()).toBe(2);
  });

  it('a page opened after the read takes it instead of reading again', async () => {
    const { sockets, reads, gateway, goTo } = load('/user-guide');
    await screen.findByRole('button', { name: /^Portal credential notifications/ }, { timeout: 5_000 });
    connectLatestInAct(sockets);
    await badge(1);
    await settle();
    // The settings page's chunk arrives after the header's read: its panel mounts on a list already read.
    goTo('/dental-office-settings?tab=1');
    await screen.findByRole('button', { name: 'Edit' }, { timeout: 5_000 });
    await settle();
    expect(reads()).toBe(1);
    expect(gateway.callsTo('GET /api/portals')).toHaveLength(1);
  });

  it('does not wait long for a socket that does not connect', async () => {
    const { reads } = load('/user-guide');
    expect(await badge(1, FIRST_READ_SOCKET_WAIT_MS + 3_000)).toBeInTheDocument();
    expect(reads()).toBe(1);
  });
});
