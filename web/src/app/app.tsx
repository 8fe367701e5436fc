/** The whole app: providers, start-up, session, offices, the live socket, then the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { AUTH_CONFIG_QUERY_KEY, fetchAuthConfig } from '../auth/auth-config';
import { SessionBoundary } from '../auth/session-context';
import { readDevSetting } from '../dev-tools/dev-settings';
import { FEATURE_FLAGS_QUERY_KEY, fetchFeatureFlags } from '../features/feature-flags';
import { OfficeProvider } from '../office/office-context';
import { lookupOrganization, readStoredOrganization, saveOrganization } from '../organization/organization-api';
import { RealtimeProvider } from '../realtime/realtime-context';
import { AppRoutes } from '../routing/route-table';
import { TicketPrefetch } from '../routing/ticket-prefetch';
import { LiveMaintenanceLock } from '../startup/live-maintenance-lock';
import { type StartupDeps, StartupGate } from '../startup/startup-gate';
import { type NotifierHub } from '../ui/notifier';
import { type AppServices } from './app-services';
import { ServicesContext } from './services-context';
import { appTheme } from './theme';

/** The binder could not load: what the hub held goes to the console and the browser's alert. */
function UnboundNotifier({ hub }: { hub: NotifierHub }) {
  useEffect(() => hub.release(), [hub]);
  return null;
}

// antd's notification and modal load after the first render; main.tsx has the hub hold messages until they bind.
const NotifierBinder = lazy(() =>
  import('../ui/notifier-binder').then(
    (m): { default: typeof UnboundNotifier | typeof m.NotifierBinder } => ({ default: m.NotifierBinder }),
    () => ({ default: UnboundNotifier }),
  ),
);

/**
 * The app's root box with antd's base text style (what antd's <App> wraps around its children, without the
 * notification, modal and message APIs it would load up front).
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="dv-app"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {children}
    </div>
  );
}

function startupDeps({ http, queryClient }: AppServices): StartupDeps {
  return {
    host: window.location.host,
    lookupOrganization: (input) => lookupOrganization(http, input),
    storedOrganization: readStoredOrganization,
    saveOrganization,
    readFlags: () => {
      // The sign-in settings are read as the flags are, not after them: the session needs them next. A failure
      // stays in the cache for the session boundary to show.
      void queryClient.prefetchQuery({ queryKey: AUTH_CONFIG_QUERY_KEY, queryFn: () => fetchAuthConfig(http), staleTime: Infinity });
      return queryClient.fetchQuery({ queryKey: FEATURE_FLAGS_QUERY_KEY, queryFn: () => fetchFeatureFlags(http), staleTime: 0 });
    },
    skipMaintenanceLock: () => readDevSetting('skipMaintenanceLock'),
    reload: () => window.location.reload(),
  };
}

export function App({ services }: { services: AppServices }) {
  const deps = useMemo(() => startupDeps(services), [services]);
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <ConfigProvider theme={appTheme}>
          <AppRoot>
            <Suspense fallback={null}>
              <NotifierBinder hub={services.notifierHub} />
            </Suspense>
            <StartupGate deps={deps}>
              <SessionBoundary>
                <OfficeProvider>
                  <TicketPrefetch />
                  <RealtimeProvider>
                    <LiveMaintenanceLock />
                    <BrowserRouter>
                      <AppRoutes />
                    </BrowserRouter>
                  </RealtimeProvider>
                </OfficeProvider>
              </SessionBoundary>
            </StartupGate>
          </AppRoot>
        </ConfigProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
