/** Renders the app's routes in memory with a fake session and a fake gateway, as the browser would. */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate, useRoutes } from 'react-router';
import { createAppServices } from '../app/app-services';
import { ServicesContext } from '../app/services-context';
import { SessionProvider } from '../auth/session-context';
import { FEATURE_FLAGS_QUERY_KEY } from '../features/feature-flags';
import { type FetchFn } from '../http/http-client';
import { OfficeProvider } from '../office/office-context';
import { RealtimeProvider } from '../realtime/realtime-context';
import { type SocketFactory } from '../realtime/socket-client';
import { appRoutes } from '../routing/route-table';
import { NotifierBinder } from '../ui/notifier-binder';
import { DEMO_FEATURE_FLAGS } from './demo-flags';
import { type FakeSession } from './fake-session';
import { fakeSockets } from './fake-socket';
import { jsonReply } from './json-reply';


/** GET /api/features, the user's offices and each office: what the shell asks for. */
export const fakeGateway: FetchFn = (url) => {
  const path = url.split('?')[0] ?? url;
  if (path === '/api/features') return Promise.resolve(jsonReply(DEMO_FEATURE_FLAGS));
  if (path === '/api/dentaloffice/user/all') return Promise.resolve(jsonReply([]));
  const office = /^\/api\/dentaloffice\/([^/]+)$/.exec(path);
  if (office) return Promise.resolve(jsonReply({ id: office[1], planType: 'standard' }));
  return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: `Route ${path} not found` }, 404));
};

function AppRoutes() {
  return useRoutes(appRoutes());
}

function LocationProbe({ onChange, onNavigate }: { onChange: (location: string) => void; onNavigate: (navigate: NavigateFunction) => void }) {
  const location = useLocation();
  onNavigate(useNavigate());
  useEffect(() => {
    onChange(`${location.pathname}${location.search}`);
  }, [location, onChange]);
  return null;
}

/**
 * Renders `ui` inside the app's providers as app.tsx mounts them (services, query client, antd, notifier, session,
 * office, socket) and a MemoryRouter at `path`, over `fetch`. The socket is a fake that never connects unless a
 * test plays the server (see fake-socket.ts). `location()` is the router's address; `goTo` moves within the app as
 * a link of the app would (the menu's links open a new tab).
 */
export function renderInApp(
  session: FakeSession,
  path: string,
  ui: ReactNode,
  fetch: FetchFn = fakeGateway,
  createSocket: SocketFactory = fakeSockets().create,
) {
  const services = createAppServices({ fetch, location: { pathname: '/', search: '', assign: () => undefined } });
  services.queryClient.setDefaultOptions({ queries: { retry: false } });
  // In the app, start-up has read the flags before anything renders (startup-gate.tsx): the menu shows a flag's
  // item from its first render. The shared gateway's flags are known; a test's own gateway is asked, as the app
  // would be.
  if (fetch === fakeGateway) services.queryClient.setQueryData(FEATURE_FLAGS_QUERY_KEY, DEMO_FEATURE_FLAGS);
  let current = path;
  let navigate: NavigateFunction | null = null;
  services.runtime.session = session;
  const view = render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <AntApp>
          <NotifierBinder hub={services.notifierHub} />
          <SessionProvider controller={session}>
            <OfficeProvider>
              <RealtimeProvider createSocket={createSocket}>
                <MemoryRouter initialEntries={[path]}>
                  <LocationProbe
                    onChange={(next) => {
                      current = next;
                    }}
                    onNavigate={(to) => {
                      navigate = to;
                    }}
                  />
                  {ui}
                </MemoryRouter>
              </RealtimeProvider>
            </OfficeProvider>
          </SessionProvider>
        </AntApp>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  const goTo = (to: string) => act(() => void navigate?.(to));
  return { ...view, services, location: () => current, goTo };
}

// The data router needs the Fetch API's Request, which jsdom leaves out: the same routes in a MemoryRouter.
export function renderApp(
  session: FakeSession,
  path: string,
  fetch: FetchFn = fakeGateway,
  createSocket: SocketFactory = fakeSockets().create,
) {
  return renderInApp(session, path, <AppRoutes />, fetch, createSocket);
}
