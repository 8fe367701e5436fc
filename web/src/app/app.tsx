/** The whole app: providers, start-up, session, offices, the live socket, then the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionBoundary } from '../auth/session-context';
import { readDevSetting } from '../dev-tools/dev-settings';
import { FEATURE_FLAGS_QUERY_KEY, fetchFeatureFlags } from '../features/feature-flags';
import { OfficeProvider } from '../office/office-context';
import { lookupOrganization, readStoredOrganization, saveOrganization } from '../organization/organization-api';
import { RealtimeProvider } from '../realtime/realtime-context';
import { appRoutes } from '../routing/route-table';
import { type StartupDeps, StartupGate } from '../startup/startup-gate';
import { NotifierBinder } from '../ui/notifier-binder';
import { type AppServices } from './app-services';
import { ServicesContext } from './services-context';
import { appTheme } from './theme';

function startupDeps({ http, queryClient }: AppServices): StartupDeps {
  return {
    host: window.location.host,
    lookupOrganization: (input) => lookupOrganization(http, input),
    storedOrganization: readStoredOrganization,
    saveOrganization,
    readFlags: () =>
      queryClient.fetchQuery({ queryKey: FEATURE_FLAGS_QUERY_KEY, queryFn: () => fetchFeatureFlags(http), staleTime: 0 }),
    skipMaintenanceLock: () => readDevSetting('skipMaintenanceLock'),
    reload: () => window.location.reload(),
  };
}

export function App({ services }: { services: AppServices }) {
  const router = useMemo(() => createBrowserRouter(appRoutes()), []);
  const deps = useMemo(() => startupDeps(services), [services]);
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <ConfigProvider theme={appTheme}>
          <AntApp className="dv-app">
            <NotifierBinder hub={services.notifierHub} />
            <StartupGate deps={deps}>
              <SessionBoundary>
                <OfficeProvider>
                  <RealtimeProvider>
                    <RouterProvider router={router} />
                  </RealtimeProvider>
                </OfficeProvider>
              </SessionBoundary>
            </StartupGate>
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
