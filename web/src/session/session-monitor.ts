/**
 * The session clock (SPEC sections 4 and 9): checks the token every CLOCK_CHECK_INTERVAL_MS, reports the warning
 * phase with the seconds left, reports expiry once, and turns user actions (debounced ACTION_DEBOUNCE_MS) into a
 * token refresh when the rules allow it. 'Extend session' refreshes at once. No DOM, no React: the component
 * that owns it shows the toast and navigates.
 */
import { ACTION_DEBOUNCE_MS, CLOCK_CHECK_INTERVAL_MS } from '@dv/contracts';
import { secondsLeft, sessionPhase, shouldRefreshOnAction } from './session-timers';

export type MonitoredSession = {
  expiresAt: number;
  /** A refresh token is at hand; without one a user action cannot renew the session. */
  canRefresh: boolean;
};

export type SessionMonitorDeps = {
  now: () => number;
  session: () => MonitoredSession | null;
  refresh: () => Promise<void>;
  /** Every clock check while the token is valid. */
  onTick: (view: { phase: 'active' | 'warning'; secondsLeft: number }) => void;
  /** Once per token, when it has expired. */
  onExpired: () => void;
  onRefreshError: (error: Error) => void;
  log?: (message: string) => void;
};

export type SessionMonitor = {
  start(): void;
  stop(): void;
  /** A click, key press or the like. */
  userAction(): void;
  /** 'Extend session': refresh now, whatever the throttle says. */
  extend(): Promise<void>;
  /** Re-evaluate now (a new token arrived). */
  check(): void;
};

export function createSessionMonitor(deps: SessionMonitorDeps): SessionMonitor {
  let interval: ReturnType<typeof setInterval> | undefined;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let lastRefreshAt = -Infinity;
  let refreshing: Promise<void> | undefined;
  let expiredFor: number | undefined;

  function check() {
    const session = deps.session();
    if (!session) return;
    const now = deps.now();
    const phase = sessionPhase(session.expiresAt, now);
    if (phase === 'expired') {
      if (expiredFor !== session.expiresAt && !refreshing) {
        expiredFor = session.expiresAt;
        deps.onExpired();
      }
      return;
    }
    deps.onTick({ phase, secondsLeft: secondsLeft(session.expiresAt, now) });
  }

  function refreshNow(): Promise<void> {
    if (refreshing) return refreshing;
    lastRefreshAt = deps.now();
    deps.log?.('token refresh started');
    refreshing = deps
      .refresh()
      .then(
        () => deps.log?.('token refreshed'),
        (error: unknown) => {
          deps.log?.('token refresh failed');
          deps.onRefreshError(error instanceof Error ? error : new Error(String(error)));
        },
      )
      .finally(() => {
        refreshing = undefined;
        check();
      });
    return refreshing;
  }

  function actOnActivity() {
    debounce = undefined;
    const session = deps.session();
    if (!session?.canRefresh) return;
    if (shouldRefreshOnAction({ expiresAt: session.expiresAt, now: deps.now(), lastRefreshAt })) void refreshNow();
  }

  return {
    start() {
      if (interval !== undefined) return;
      interval = setInterval(check, CLOCK_CHECK_INTERVAL_MS);
      check();
    },
    stop() {
      clearInterval(interval);
      clearTimeout(debounce);
      interval = undefined;
      debounce = undefined;
    },
    userAction() {
      clearTimeout(debounce);
      debounce = setTimeout(actOnActivity, ACTION_DEBOUNCE_MS);
    },
    extend: refreshNow,
    check,
  };
}
