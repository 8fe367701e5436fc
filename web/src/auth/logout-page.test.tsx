import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type User } from 'oidc-client-ts';
import { type FakeSession } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { type TabMessage } from '../session/tab-sync';
import { createSessionController, type UserManagerPort } from './session-controller';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

/** A real session controller over a provider session (id token and refresh token) of a staff user. */
function providerSession() {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  let current: User | null = {
    access_token: jwt({ sub: 'u1', exp, roles: ['staff'], allowedOfficeIds: ['office-1'], officeId: 'office-1' }),
    expires_at: exp,
    refresh_token: 'refresh-1',
    id_token: 'id-1',
  } as User;
  const published: TabMessage[] = [];
  const users = {
    getUser: jest.fn(() => Promise.resolve(current)),
    signinRedirect: jest.fn(() => Promise.resolve()),
    signinRedirectCallback: jest.fn(),
    signinSilent: jest.fn(),
    signoutRedirect: jest.fn(() => Promise.resolve()),
    signoutCallback: jest.fn(() => Promise.resolve(undefined)),
    removeUser: jest.fn(() => {
      current = null;
      return Promise.resolve();
    }),
  } as unknown as jest.Mocked<UserManagerPort>;
  const revokeRefreshToken = jest.fn(() => Promise.resolve());
  const controller = createSessionController({
    users,
    tabs: { publish: (message) => published.push(message), subscribe: () => () => undefined, close: () => undefined },
    origin: 'http://demo.localhost',
    revokeRefreshToken,
    locks: null,
  });
  const session: FakeSession = Object.assign(controller, { calls: { signIn: [], signOut: [] } });
  return { session, users, published, revokeRefreshToken, stored: () => current };
}

describe('/logout', () => {
  it('with toDefault: signs out in this browser and the other tabs, and stays on the default page', async () => {
    const { session, users, published, revokeRefreshToken, stored } = providerSession();
    await session.load();
    const app = renderApp(session, '/logout?toDefault=true');

    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(app.location()).toBe('/');
    expect(stored()).toBeNull();
    expect(published).toEqual([{ type: 'signedOut' }]);
    expect(revokeRefreshToken).toHaveBeenCalledWith('refresh-1');
    expect(users.signoutRedirect).not.toHaveBeenCalled();
    expect(users.signinRedirect).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(users.signinRedirect).toHaveBeenCalledTimes(1));
    expect(app.location()).toBe('/login');
  });

  it('without it: signs out at the identity provider, which leads to the sign-in', async () => {
    const { session, users } = providerSession();
    await session.load();
    renderApp(session, '/logout?return=%2Fplan');
    await waitFor(() =>
      expect(users.signoutRedirect).toHaveBeenCalledWith({
        id_token_hint: 'id-1',
        post_logout_redirect_uri: 'http://demo.localhost/login',
        state: { returnTo: '/plan' },
      }),
    );
  });

  it("sends a signed-out visitor of '/' to the sign-in as before", async () => {
    const { session, users } = providerSession();
    await users.removeUser();
    await session.load();
    const app = renderApp(session, '/');
    await waitFor(() => expect(users.signinRedirect).toHaveBeenCalledTimes(1));
    expect(app.location()).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'You are signed out' })).not.toBeInTheDocument();
  });
});
