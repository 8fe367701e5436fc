import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_PROVIDER_WAIT_MS } from '@dv/contracts';
import { fakeSession } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { PROVIDER_UNREACHABLE } from './login-page';

describe('/login with the identity provider unreachable', () => {
  it('says so and offers to try again when the provider refuses (Failed to fetch)', async () => {
    const session = fakeSession(null);
    const signIn = jest.fn((): Promise<void> => Promise.reject(new TypeError('Failed to fetch')));
    session.signIn = signIn;
    renderApp(session, '/login');

    expect(await screen.findByRole('heading', { name: PROVIDER_UNREACHABLE })).toBeInTheDocument();
    signIn.mockImplementation(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Redirecting to sign-in…')).toBeInTheDocument();
  });

  it('says so after a bounded wait when the provider does not answer at all', async () => {
    jest.useFakeTimers();
    try {
      const session = fakeSession(null);
      session.signIn = jest.fn(() => new Promise<void>(() => undefined));
      renderApp(session, '/login');
      expect(screen.getByText('Redirecting to sign-in…')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SIGN_IN_PROVIDER_WAIT_MS + 10);
      });
      expect(screen.getByRole('heading', { name: PROVIDER_UNREACHABLE })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
