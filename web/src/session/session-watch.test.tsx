/**
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
// On the Vite dev server's host, where the developer switches (token refresh logs) exist.
import { MESSAGES, SESSION_WARNING_BEFORE_EXPIRY_MS, TOKEN_REFRESH_THROTTLE_MS } from '@dv/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createAppServices } from '../app/app-services';
import { ServicesContext } from '../app/services-context';
import { SessionProvider } from '../auth/session-context';
import { type SessionState, type SignedIn } from '../auth/session-controller';
import { writeDevSetting } from '../dev-tools/dev-settings';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { NotifierBinder } from '../ui/notifier-binder';
import { type TabMessage } from './tab-sync';
import { SessionWatch } from './session-watch';

const HOUR = 3_600_000;

/** A session whose expiry, refresh and tab messages the test drives. */
function drivenSession(expiresInMs: number) {
  const base = fakeSession(ROLE_CLAIMS.staff!, expiresInMs);
  const listeners = new Set<() => void>();
  const tabListeners = new Set<(message: TabMessage) => void>();
  let state: SessionState = base.getState();
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const refresh = jest.fn(() => {
    set({ ...(state as SignedIn), expiresAt: Date.now() + HOUR });
    return Promise.resolve();
  });
  const adoptFromOtherTab = jest.fn(() => Promise.resolve(false));
  const session = {
    ...base,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    adoptFromOtherTab,
    forget: () => set({ status: 'signedOut' }),
    onTabMessage: (listener: (message: TabMessage) => void) => {
      tabListeners.add(listener);
      return () => tabListeners.delete(listener);
    },
  };
  const fromOtherTab = (message: TabMessage) => tabListeners.forEach((listener) => listener(message));
  return { session, refresh, adoptFromOtherTab, fromOtherTab };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderWatch(session: ReturnType<typeof drivenSession>['session'], path = '/plan?q=1') {
  const services = createAppServices();
  render(
    <ServicesContext.Provider value={services}>
      <AntApp>
        <NotifierBinder hub={services.notifierHub} />
        <SessionProvider controller={session}>
          <MemoryRouter initialEntries={[path]}>
            <SessionWatch />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </AntApp>
    </ServicesContext.Provider>,
  );
  return { where: () => screen.getByTestId('where').textContent };
}

const toastWith = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5000 });

describe('SessionWatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('counts down in the warning toast and renews the session with Extend session', async () => {
    const { session, refresh } = drivenSession(45_000);
    renderWatch(session);
    expect(await toastWith('Your session ends in 0:45')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Your session ends in 0:44')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: MESSAGES.EXTEND_SESSION }));
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText(/Your session ends in/)).not.toBeInTheDocument();
  });

  // At the top right, antd's default, it covered the header's Sign out (issue 13); the browser suite measures it.
  it('shows the warning toast at the bottom right, away from the header', async () => {
    const { session } = drivenSession(45_000);
    renderWatch(session);
    const toast = (await toastWith(/Your session ends in/)).closest('.ant-notification');
    expect(toast).toHaveClass('ant-notification-bottomRight');
  });

  it('shows no toast while more than a minute is left', async () => {
    const { session } = drivenSession(SESSION_WARNING_BEFORE_EXPIRY_MS + 5000);
    renderWatch(session);
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText(/Your session ends in/)).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(4000));
    expect(screen.getByText(/Your session ends in 0:5\d/)).toBeInTheDocument();
  });

  it("shows 'Unknown AUTH API error: {message}' when the renewal fails, and closing it leads to /logout", async () => {
    const { session, refresh } = drivenSession(30_000);
    refresh.mockImplementationOnce(() => Promise.reject(new Error('invalid_grant')));
    const { where } = renderWatch(session);
    await user().click(await screen.findByRole('button', { name: MESSAGES.EXTEND_SESSION }));
    const toast = (await toastWith(MESSAGES.AUTH_API_UNKNOWN_ERROR('invalid_grant'))).closest('.ant-notification-notice');
    expect(toast).not.toBeNull();
    expect(MESSAGES.AUTH_API_UNKNOWN_ERROR('invalid_grant')).toBe('Unknown AUTH API error: invalid_grant');
    expect(where()).toBe('/plan?q=1');

    await user().click(within(toast as HTMLElement).getByRole('button', { name: /close/i }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(where()).toBe('/logout');
  });

  it("alerts 'Unauthorized - token refresh from other tab' when another tab left no token, then leads to /logout", async () => {
    const { session, adoptFromOtherTab, fromOtherTab } = drivenSession(HOUR);
    const { where } = renderWatch(session);
    act(() => fromOtherTab({ type: 'refreshed' }));
    const alert = await screen.findByRole('dialog', { name: MESSAGES.TOKEN_REFRESH_FROM_OTHER_TAB });
    expect(MESSAGES.TOKEN_REFRESH_FROM_OTHER_TAB).toBe('Unauthorized - token refresh from other tab');
    expect(adoptFromOtherTab).toHaveBeenCalled();
    expect(where()).toBe('/plan?q=1');

    await user().click(within(alert).getByRole('button', { name: 'OK' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(where()).toBe('/logout');
  });

  it('takes the token another tab renewed without a word', async () => {
    const { session, adoptFromOtherTab, fromOtherTab } = drivenSession(HOUR);
    adoptFromOtherTab.mockResolvedValue(true);
    const { where } = renderWatch(session);
    act(() => fromOtherTab({ type: 'refreshed' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(where()).toBe('/plan?q=1');
  });

  it('leads to /logout with sessionEnd and the way back once the token has expired', async () => {
    const { session } = drivenSession(2000);
    const { where } = renderWatch(session, '/plan/42?tab=benefits');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(where()).toBe('/plan/42?tab=benefits');
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(where()).toBe(`/logout?sessionEnd=true&return=${encodeURIComponent('/plan/42?tab=benefits')}`);
  });

  it('logs token refreshes as soon as the developer switch is on, without a remount', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const { session } = drivenSession(30_000);
      renderWatch(session);
      await user().click(await screen.findByRole('button', { name: MESSAGES.EXTEND_SESSION }));
      expect(info).not.toHaveBeenCalled();

      writeDevSetting('showTokenRefreshLogs', true);
      await act(() => jest.advanceTimersByTimeAsync(TOKEN_REFRESH_THROTTLE_MS));
      // Under an hour left and past the throttle: a user action (debounced) renews the token.
      await user().keyboard('a');
      await act(() => jest.advanceTimersByTimeAsync(2000));
      expect(info).toHaveBeenCalledWith('[session] token refresh started');
      expect(info).toHaveBeenCalledWith('[session] token refreshed');
    } finally {
      info.mockRestore();
    }
  });
});
