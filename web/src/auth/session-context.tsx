/**
 * Makes the session controller available to React once the identity provider's settings are known
 * (GET /api/auth/credentials/auth0) and the stored token has been read. When the stored session cannot be
 * renewed, local storage has been cleared (the organization id with it) and the page loads /login afresh
 * (SPEC section 8), on public pages too.
 */
import { type AuthProviderConfig, matchRoute, PATHS } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/services-context';
import { createTabSync } from '../session/tab-sync';
import { LoadingOverlay } from '../startup/loading-overlay';
import { AUTH_CONFIG_QUERY_KEY, fetchAuthConfig } from './auth-config';
import { withReturn } from './return-path';
import { createSessionController, type SessionController, type SessionState } from './session-controller';
import { createUserManager } from './user-manager';

const SessionContext = createContext<SessionController | null>(null);

export function useSessionController(): SessionController {
  const controller = useContext(SessionContext);
  if (!controller) throw new Error('useSessionController outside <SessionBoundary>');
  return controller;
}

export function useSession(): SessionState {
  const controller = useSessionController();
  return useSyncExternalStore(controller.subscribe, controller.getState);
}

export function SessionProvider({ controller, children }: { controller: SessionController; children: ReactNode }) {
  return <SessionContext.Provider value={controller}>{children}</SessionContext.Provider>;
}

function connectSession(config: AuthProviderConfig): SessionController {
  const users = createUserManager(config, window.location.origin);
  return createSessionController({
    users,
    revokeRefreshToken: users.revokeRefreshToken,
    tabs: createTabSync(),
    origin: window.location.origin,
  });
}

export type SessionBoundaryProps = {
  children: ReactNode;
  /** Tests pass a fake; the app connects to the identity provider the settings name. */
  connect?: (config: AuthProviderConfig) => SessionController;
  /** A full page load: start-up has to run again once local storage is gone. */
  leave?: (to: string) => void;
};

export function SessionBoundary({
  children,
  connect = connectSession,
  leave = (to) => window.location.replace(to),
}: SessionBoundaryProps) {
  const { http, runtime } = useServices();
  const config = useQuery({ queryKey: AUTH_CONFIG_QUERY_KEY, queryFn: () => fetchAuthConfig(http), staleTime: Infinity });
  const [controller, setController] = useState<SessionController | null>(null);
  const leaveRef = useRef(leave);
  leaveRef.current = leave;
  const connectRef = useRef(connect);
  connectRef.current = connect;

  useEffect(() => {
    if (!config.data) return;
    const created = connectRef.current(config.data);
    runtime.session = created;
    let active = true;
    void created.load().then(() => {
      if (!active) return;
      const state = created.getState();
      if (state.status === 'signedOut' && state.ended === 'renewalFailed') {
        const here = `${window.location.pathname}${window.location.search}`;
        // The way back only to a private page: signing in from a public one lands on the user's home.
        leaveRef.current(matchRoute(here)?.private ? withReturn(PATHS.login, here) : PATHS.login);
        return;
      }
      setController(created);
    });
    return () => {
      active = false;
      created.dispose();
      if (runtime.session === created) runtime.session = null;
    };
  }, [config.data, runtime]);

  if (config.isError) {
    return (
      <main className="dv-centered">
        <div className="dv-message" role="alert">
          <h1 className="dv-page-title">Sign-in is not available right now.</h1>
          <p className="dv-message__text">{config.error.message}</p>
          <Button type="primary" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
  if (!controller) return <LoadingOverlay />;
  return <SessionProvider controller={controller}>{children}</SessionProvider>;
}
