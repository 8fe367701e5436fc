import { PATHS } from '@dv/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createAppServices } from '../app/app-services';
import { ServicesContext } from '../app/services-context';
import { type FetchFn } from '../http/http-client';
import { fakeSession } from '../test-support/fake-session';
import { SessionBoundary, useSession } from './session-context';
import { type SessionController, type SessionState } from './session-controller';

const authConfig: FetchFn = (url) =>
  Promise.resolve({
    ok: url.startsWith('/api/auth/credentials/auth0'),
    status: url.startsWith('/api/auth/credentials/auth0') ? 200 : 404,
    statusText: '',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(JSON.stringify({ domain: 'http://idp.localhost', clientId: 'spa' })),
  } as unknown as Response);

/** A controller whose start-up load ends in `state`. */
function loadingInto(state: SessionState): SessionController {
  const controller = fakeSession(null);
  let current: SessionState = { status: 'loading' };
  return {
    ...controller,
    getState: () => current,
    load: () => {
      current = state;
      return Promise.resolve();
    },
  };
}

function Status() {
  const session = useSession();
  return <p>session {session.status}</p>;
}

function renderBoundary(controller: SessionController, path: string) {
  window.history.replaceState(null, '', path);
  const services = createAppServices({ fetch: authConfig });
  const leave = jest.fn();
  render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <SessionBoundary connect={() => controller} leave={leave}>
          <Status />
        </SessionBoundary>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return { leave, services };
}

describe('SessionBoundary', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('hands the loaded session to the app', async () => {
    const { leave, services } = renderBoundary(loadingInto({ status: 'signedOut' }), '/terms');
    expect(await screen.findByText('session signedOut')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
    expect(services.runtime.session).not.toBeNull();
  });

  it('loads /login with the way back when the stored session cannot be renewed on a private page', async () => {
    const { leave } = renderBoundary(loadingInto({ status: 'signedOut', ended: 'renewalFailed' }), '/plan/42?tab=2');
    await waitFor(() => expect(leave).toHaveBeenCalledWith(`${PATHS.login}?return=${encodeURIComponent('/plan/42?tab=2')}`));
    expect(screen.queryByText(/^session/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('loads /login from a public page too, where no route guard would send the user', async () => {
    const { leave } = renderBoundary(loadingInto({ status: 'signedOut', ended: 'renewalFailed' }), '/terms');
    await waitFor(() => expect(leave).toHaveBeenCalledWith(PATHS.login));
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
