import {
  ACTION_DEBOUNCE_MS,
  CLOCK_CHECK_INTERVAL_MS,
  SESSION_WARNING_BEFORE_EXPIRY_MS,
  TOKEN_REFRESH_THROTTLE_MS,
  TOKEN_REFRESH_WHEN_REMAINING_MS,
} from '@dv/contracts';
import { createSessionMonitor, type MonitoredSession, type SessionMonitorDeps } from './session-monitor';
import { formatCountdown, secondsLeft, sessionPhase, shouldRefreshOnAction } from './session-timers';

const MINUTE = 60_000;

describe('session timing rules', () => {
  it('warns one minute before expiry and expires at expiry', () => {
    expect(sessionPhase(10 * MINUTE, 0)).toBe('active');
    expect(sessionPhase(SESSION_WARNING_BEFORE_EXPIRY_MS + 1, 0)).toBe('active');
    expect(sessionPhase(SESSION_WARNING_BEFORE_EXPIRY_MS, 0)).toBe('warning');
    expect(sessionPhase(1, 0)).toBe('warning');
    expect(sessionPhase(0, 0)).toBe('expired');
  });

  it('counts whole seconds down', () => {
    expect(secondsLeft(59_001, 0)).toBe(60);
    expect(secondsLeft(1, 0)).toBe(1);
    expect(secondsLeft(-5, 0)).toBe(0);
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(9)).toBe('0:09');
  });

  it('refreshes on action only under an hour left and at most every 30 s', () => {
    const expiresAt = TOKEN_REFRESH_WHEN_REMAINING_MS;
    expect(shouldRefreshOnAction({ expiresAt, now: 0, lastRefreshAt: -Infinity })).toBe(false);
    expect(shouldRefreshOnAction({ expiresAt, now: 1, lastRefreshAt: -Infinity })).toBe(true);
    expect(shouldRefreshOnAction({ expiresAt, now: 1, lastRefreshAt: 1 - TOKEN_REFRESH_THROTTLE_MS + 1 })).toBe(false);
    expect(shouldRefreshOnAction({ expiresAt, now: 1, lastRefreshAt: 1 - TOKEN_REFRESH_THROTTLE_MS })).toBe(true);
    expect(shouldRefreshOnAction({ expiresAt: 0, now: 1, lastRefreshAt: -Infinity })).toBe(false);
  });
});

describe('createSessionMonitor', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  function setup(initial: MonitoredSession, refresh?: SessionMonitorDeps['refresh']) {
    let session: MonitoredSession | null = initial;
    const ticks: { phase: string; secondsLeft: number }[] = [];
    const deps = {
      now: () => Date.now(),
      session: () => session,
      refresh: jest.fn(
        refresh ??
          (() => {
            session = { expiresAt: Date.now() + 50 * MINUTE, canRefresh: true };
            return Promise.resolve();
          }),
      ),
      onTick: (view: { phase: string; secondsLeft: number }) => ticks.push(view),
      onExpired: jest.fn(),
      onRefreshError: jest.fn(),
    };
    const monitor = createSessionMonitor(deps);
    return { monitor, deps, ticks, setSession: (next: MonitoredSession | null) => (session = next) };
  }

  it('checks the clock every second and shows the countdown in the last minute', () => {
    const { monitor, ticks } = setup({ expiresAt: 62_000, canRefresh: false });
    monitor.start();
    expect(ticks.at(-1)).toEqual({ phase: 'active', secondsLeft: 62 });
    jest.advanceTimersByTime(CLOCK_CHECK_INTERVAL_MS);
    expect(ticks.at(-1)).toEqual({ phase: 'active', secondsLeft: 61 });
    jest.advanceTimersByTime(CLOCK_CHECK_INTERVAL_MS);
    expect(ticks.at(-1)).toEqual({ phase: 'warning', secondsLeft: 60 });
    jest.advanceTimersByTime(30 * CLOCK_CHECK_INTERVAL_MS);
    expect(ticks.at(-1)).toEqual({ phase: 'warning', secondsLeft: 30 });
    monitor.stop();
  });

  it('reports expiry once', () => {
    const { monitor, deps } = setup({ expiresAt: 2_000, canRefresh: false });
    monitor.start();
    jest.advanceTimersByTime(1_999);
    expect(deps.onExpired).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(deps.onExpired).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(deps.onExpired).toHaveBeenCalledTimes(1);
    monitor.stop();
  });

  it('refreshes after a user action, debounced, when under an hour remains, at most every 30 s', async () => {
    const { monitor, deps } = setup({ expiresAt: 50 * MINUTE, canRefresh: true });
    monitor.start();
    monitor.userAction();
    jest.advanceTimersByTime(ACTION_DEBOUNCE_MS - 100);
    monitor.userAction();
    jest.advanceTimersByTime(ACTION_DEBOUNCE_MS - 1);
    expect(deps.refresh).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(deps.refresh).toHaveBeenCalledTimes(1);

    monitor.userAction();
    await jest.advanceTimersByTimeAsync(ACTION_DEBOUNCE_MS);
    expect(deps.refresh).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_THROTTLE_MS);
    monitor.userAction();
    await jest.advanceTimersByTimeAsync(ACTION_DEBOUNCE_MS);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
    monitor.stop();
  });

  it('does not refresh on action with more than an hour left or without a refresh token', async () => {
    const { monitor, deps, setSession } = setup({ expiresAt: 2 * TOKEN_REFRESH_WHEN_REMAINING_MS, canRefresh: true });
    monitor.userAction();
    await jest.advanceTimersByTimeAsync(ACTION_DEBOUNCE_MS);
    setSession({ expiresAt: 10 * MINUTE, canRefresh: false });
    monitor.userAction();
    await jest.advanceTimersByTimeAsync(ACTION_DEBOUNCE_MS);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it("'Extend session' refreshes at once and the warning ends", async () => {
    const { monitor, deps, ticks } = setup({ expiresAt: 30_000, canRefresh: true });
    monitor.start();
    expect(ticks.at(-1)?.phase).toBe('warning');
    await monitor.extend();
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(ticks.at(-1)?.phase).toBe('active');
    monitor.stop();
  });

  it('reports a refresh failure', async () => {
    const { monitor, deps } = setup({ expiresAt: 30_000, canRefresh: true }, () => Promise.reject(new Error('invalid_grant')));
    await monitor.extend();
    expect(deps.onRefreshError).toHaveBeenCalledWith(new Error('invalid_grant'));
  });

  it('does nothing without a session', () => {
    const { monitor, ticks, deps, setSession } = setup({ expiresAt: 0, canRefresh: false });
    setSession(null);
    monitor.start();
    jest.advanceTimersByTime(5_000);
    monitor.stop();
    expect(ticks).toEqual([]);
    expect(deps.onExpired).not.toHaveBeenCalled();
  });
});
