import { screen, waitFor } from '@testing-library/react';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { failureReason, NOTHING_TO_FINISH, SIGN_IN_NOT_COMPLETED } from './handle-login-page';

/** jsdom's address, which the page reads (the provider's answer comes in the query). */
function openedAt(search: string) {
  window.history.replaceState({}, '', `/handleLogin${search}`);
}

describe('/handleLogin', () => {
  afterEach(() => window.history.replaceState({}, '', '/'));

  it('opened on its own by a signed-out user: a sentence and a way to sign in, nothing asked of the provider', async () => {
    openedAt('');
    const session = fakeSession(null);
    const completeSignIn = jest.spyOn(session, 'completeSignIn');
    renderApp(session, '/handleLogin');
    expect(await screen.findByText(NOTHING_TO_FINISH)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it('opened on its own by a signed-in user: goes home, which is the start page of the role', async () => {
    openedAt('');
    const app = renderApp(fakeSession(ROLE_CLAIMS.staff!), '/handleLogin');
    await waitFor(() => expect(app.location()).toBe('/verification'));
  });

  it("says in words why a sign-in did not complete, never the library's message", async () => {
    openedAt('?code=abc&state=xyz');
    const session = fakeSession(null);
    session.completeSignIn = () => Promise.reject(new Error('No matching state found in storage'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp(session, '/handleLogin');
    expect(await screen.findByText(SIGN_IN_NOT_COMPLETED)).toBeInTheDocument();
    expect(screen.queryByText(/No matching state/)).toBeNull();
    warn.mockRestore();
  });

  it("gives the provider's reason when it refused", () => {
    expect(failureReason(new URL('http://x/handleLogin?error=access_denied&error_description=User%20cancelled&state=s'))).toBe(
      'The sign-in service refused the sign-in: User cancelled.',
    );
    expect(failureReason(new URL('http://x/handleLogin?state=s'))).toBe(NOTHING_TO_FINISH);
  });
});
