import { type User } from 'oidc-client-ts';
import { type TabMessage, type TabSync } from '../session/tab-sync';
import { createSessionController, type UserManagerPort } from './session-controller';

const NOW = 1_700_000_000_000;

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

function user(expiresInSeconds: number, extra: Partial<User> = {}): User {
  const exp = Math.floor(NOW / 1000) + expiresInSeconds;
  return {
    access_token: jwt({ sub: 'u1', exp, roles: ['staff'], allowedOfficeIds: ['o1'] }),
    expires_at: exp,
    refresh_token: 'refresh-1',
    ...extra,
  } as User;
}

function setup(stored: User | null) {
  let current = stored;
  const published: TabMessage[] = [];
  const tabs: TabSync = { publish: (message) => published.push(message), subscribe: () => () => undefined, close: jest.fn() };
  const users = {
    getUser: jest.fn(() => Promise.resolve(current)),
    signinRedirect: jest.fn(() => Promise.resolve()),
    signinRedirectCallback: jest.fn(),
    signinSilent: jest.fn(() => {
      current = user(3600, { access_token: jwt({ sub: 'u1', exp: NOW / 1000 + 3600, roles: ['staff'] }) });
      return Promise.resolve(current);
    }),
    signoutRedirect: jest.fn(() => Promise.resolve()),
    signoutCallback: jest.fn(),
    removeUser: jest.fn(() => {
      current = null;
      return Promise.resolve();
    }),
  } as unknown as jest.Mocked<UserManagerPort>;
  const controller = createSessionController({ users, tabs, origin: 'http://demo.localhost', now: () => NOW, locks: null });
  return { controller, users, published, store: (next: User | null) => (current = next) };
}

/** A controller over the same users that revokes refresh tokens at sign-out with `revokeRefreshToken`. */
function revokingController(users: UserManagerPort, published: TabMessage[], revokeRefreshToken: (token: string) => Promise<void>) {
  return createSessionController({
    users,
    tabs: { publish: (message) => published.push(message), subscribe: () => () => undefined, close: jest.fn() },
    origin: 'http://demo.localhost',
    now: () => NOW,
    locks: null,
    revokeRefreshToken,
  });
}

describe('createSessionController', () => {
  it('loads a valid stored token with its claims', async () => {
    const { controller } = setup(user(600));
    await controller.load();
    const state = controller.getState();
    expect(state).toMatchObject({ status: 'signedIn', expiresAt: NOW + 600_000, canRefresh: true });
    expect(state.status === 'signedIn' && state.claims.roles).toEqual(['staff']);
  });

  it('renews an expired token with the refresh token on load', async () => {
    const { controller, users, published } = setup(user(-5));
    await controller.load();
    expect(users.signinSilent).toHaveBeenCalled();
    expect(controller.getState().status).toBe('signedIn');
    expect(published).toEqual([{ type: 'refreshed' }]);
  });

  it('clears local storage when the silent renewal fails, says why, and signs the other tabs out', async () => {
    const { controller, users, published } = setup(user(-5));
    localStorage.setItem('organization_id', 'org-demo');
    users.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    await controller.load();
    expect(controller.getState()).toEqual({ status: 'signedOut', ended: 'renewalFailed' });
    expect(localStorage.length).toBe(0);
    expect(published).toEqual([{ type: 'signedOut' }]);
  });

  it('tells the other tabs when everything is cleared on /refreshToken', async () => {
    const { controller, published } = setup(user(600));
    await controller.load();
    await controller.clearAll();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    expect(published).toEqual([{ type: 'signedOut' }]);
  });

  it('signs out quietly when an expired token has no refresh token: nothing to clear, nobody to tell', async () => {
    const { controller, published } = setup(user(-5, { refresh_token: undefined }));
    await controller.load();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    expect(published).toEqual([]);
  });

  it('takes the token another tab renewed instead of spending the refresh token again', async () => {
    const { controller, users, store } = setup(user(600));
    await controller.load();
    store(user(3600, { access_token: jwt({ sub: 'u1', exp: NOW / 1000 + 3600 }) }));
    await controller.refresh();
    expect(users.signinSilent).not.toHaveBeenCalled();
    expect(controller.getState()).toMatchObject({ expiresAt: NOW + 3_600_000 });
  });

  it('refuses to refresh without a refresh token', async () => {
    const { controller } = setup(user(600, { refresh_token: undefined }));
    await controller.load();
    await expect(controller.refresh()).rejects.toThrow('No refresh token');
  });

  it('says when another tab left no valid token', async () => {
    const { controller, store } = setup(user(600));
    await controller.load();
    store(null);
    expect(await controller.adoptFromOtherTab()).toBe(false);
  });

  it('signs out at the provider with the way back, and tells the other tabs', async () => {
    const { controller, users, published } = setup(user(600, { id_token: 'id' }));
    await controller.load();
    expect(await controller.signOut({ sessionEnd: true, returnTo: '/plan' })).toEqual({ redirected: true });
    expect(users.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id',
      post_logout_redirect_uri: 'http://demo.localhost/sessionEnd',
      state: { returnTo: '/plan' },
    });
    expect(published).toEqual([{ type: 'signedOut' }]);
    expect(controller.getState().status).toBe('signedOut');
  });

  it('revokes the refresh token before the state says signed out (the app leaves then, aborting what is under way)', async () => {
    const { users, published } = setup(user(600, { id_token: 'id' }));
    const order: string[] = [];
    const revokeRefreshToken = jest.fn(() => {
      order.push(`revoke while ${controller.getState().status}`);
      return Promise.resolve();
    });
    const controller = revokingController(users, published, revokeRefreshToken);
    await controller.load();
    controller.subscribe(() => order.push(controller.getState().status));
    await controller.signOut({ sessionEnd: false });
    expect(order).toEqual(['revoke while signedIn', 'signedOut']);
    expect(revokeRefreshToken).toHaveBeenCalledWith('refresh-1');
  });

  it('spends the refresh token no more once a sign-out began (the click on Sign out is a user action too)', async () => {
    const { users, published } = setup(user(600, { id_token: 'id' }));
    let revoked: () => void = () => undefined;
    const revokeRefreshToken = jest.fn(() => new Promise<void>((resolve) => (revoked = resolve)));
    const controller = revokingController(users, published, revokeRefreshToken);
    await controller.load();
    const signingOut = controller.signOut({ sessionEnd: false });
    await controller.refresh();
    expect(users.signinSilent).not.toHaveBeenCalled();
    revoked();
    await signingOut;
    expect(revokeRefreshToken).toHaveBeenCalledTimes(1);
  });

  it('signs out locally when there is no provider session (test tokens)', async () => {
    const { controller, users } = setup(user(600));
    await controller.load();
    expect(await controller.signOut({ sessionEnd: false, returnTo: '//evil.example' })).toEqual({
      redirected: false,
      next: '/login',
    });
    expect(users.removeUser).toHaveBeenCalled();
  });
});
