/**
 * Keeps the session alive or ends it (SPEC sections 4, 8 and 9): the warning toast with its countdown and
 * 'Extend session', logout with sessionEnd and return at expiry, refresh on user actions, the error toast of a
 * failed refresh, and what another tab's refresh or sign-out means here.
 */
import { MESSAGES, PATHS, TOAST_DISPLAY_MS } from '@dv/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { logoutPath, withReturn } from '../auth/return-path';
import { useSession, useSessionController } from '../auth/session-context';
import { readDevSetting } from '../dev-tools/dev-settings';
import { createSessionMonitor } from './session-monitor';
import { formatCountdown } from './session-timers';

export const SESSION_WARNING_TOAST_KEY = 'session-warning';
export const AUTH_API_ERROR_TOAST_KEY = 'auth-api-error';

/** Not quoted by the specification: the warning toast's countdown line. */
export const sessionEndsIn = (seconds: number) => `Your session ends in ${formatCountdown(seconds)}`;

const USER_ACTIONS = ['pointerdown', 'keydown'] as const;

export function SessionWatch() {
  const session = useSession();
  const controller = useSessionController();
  const navigate = useNavigate();
  const location = useLocation();
  const { notifierHub } = useServices();
  const notifier = notifierHub.notifier;
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;
  // Outside a data router navigate changes with the path: the clock must not restart (and expire twice) on each.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    let warning = false;
    const monitor = createSessionMonitor({
      now: Date.now,
      session: () => {
        const state = controller.getState();
        return state.status === 'signedIn' ? { expiresAt: state.expiresAt, canRefresh: state.canRefresh } : null;
      },
      refresh: () => controller.refresh(),
      onTick: ({ phase, secondsLeft }) => {
        if (phase === 'warning') {
          warning = true;
          notifier.toast({
            key: SESSION_WARNING_TOAST_KEY,
            type: 'warning',
            message: sessionEndsIn(secondsLeft),
            durationMs: false,
            closable: false,
            action: { label: MESSAGES.EXTEND_SESSION, onClick: () => void monitor.extend() },
          });
        } else if (warning) {
          warning = false;
          notifier.closeToast(SESSION_WARNING_TOAST_KEY);
        }
      },
      onExpired: () => {
        notifier.closeToast(SESSION_WARNING_TOAST_KEY);
        void navigateRef.current(logoutPath({ sessionEnd: true, returnTo: here.current }));
      },
      onRefreshError: (error) => {
        notifier.closeToast(SESSION_WARNING_TOAST_KEY);
        notifier.toast({
          key: AUTH_API_ERROR_TOAST_KEY,
          type: 'error',
          message: MESSAGES.AUTH_API_UNKNOWN_ERROR(error.message),
          durationMs: TOAST_DISPLAY_MS,
          onClose: () => void navigateRef.current(PATHS.logout),
        });
      },
      // Read at every message, so the developer switch applies without a reload.
      log: (message) => {
        if (readDevSetting('showTokenRefreshLogs')) console.info(`[session] ${message}`);
      },
    });
    monitor.start();
    const onAction = () => monitor.userAction();
    USER_ACTIONS.forEach((type) => window.addEventListener(type, onAction, true));
    const unsubscribe = controller.subscribe(() => monitor.check());
    return () => {
      monitor.stop();
      USER_ACTIONS.forEach((type) => window.removeEventListener(type, onAction, true));
      unsubscribe();
      notifier.closeToast(SESSION_WARNING_TOAST_KEY);
    };
  }, [signedIn, controller, notifier]);

  useEffect(
    () =>
      controller.onTabMessage((message) => {
        const wasSignedIn = controller.getState().status === 'signedIn';
        if (message.type === 'signedOut') {
          if (!wasSignedIn) return;
          controller.forget();
          void navigateRef.current(withReturn(PATHS.sessionEnd, here.current));
          return;
        }
        void controller.adoptFromOtherTab().then(async (adopted) => {
          if (adopted || !wasSignedIn) return;
          await notifier.alert(MESSAGES.TOKEN_REFRESH_FROM_OTHER_TAB);
          await navigateRef.current(PATHS.logout);
        });
      }),
    [controller, notifier],
  );

  return null;
}
