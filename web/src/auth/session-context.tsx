/**
 * Makes the session controller available to React once the identity provider's settings are known
 * (GET /api/auth/credentials/auth0) and the stored token has been read.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../app/services-context';
import { createTabSync } from '../session/tab-sync';
import { LoadingOverlay } from '../startup/loading-overlay';
import { fetchAuthConfig } from './auth-config';
import { createSessionController, type SessionController, type SessionState } from './session-controller';
import { createUserManager, revokeRefreshToken } from './user-manager';

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

export function SessionBoundary({ children }: { children: ReactNode }) {
  const { http, runtime } = useServices();
  const config = useQuery({ queryKey: ['auth-config'], queryFn: () => fetchAuthConfig(http), staleTime: Infinity });
  const [controller, setController] = useState<SessionController | null>(null);

  useEffect(() => {
    if (!config.data) return;
    const users = createUserManager(config.data, window.location.origin);
    const clientId = config.data.clientId;
    const created = createSessionController({
      users,
      revokeRefreshToken: (refreshToken) => revokeRefreshToken(users, refreshToken, clientId),
      tabs: createTabSync(),
      origin: window.location.origin,
    });
    runtime.session = created;
    let active = true;
    void created.load().then(() => {
      if (active) setController(created);
    });
    return () => {
      active = false;
      created.dispose();
      if (runtime.session === created) runtime.session = null;
    };
  }, [config.data, runtime]);

  if (config.isError) {
    return (
      <Result
        status="error"
        title="Sign-in is not available right now."
        subTitle={config.error.message}
        extra={
          <Button type="primary" onClick={() => void config.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!controller) return <LoadingOverlay />;
  return <SessionProvider controller={controller}>{children}</SessionProvider>;
}
