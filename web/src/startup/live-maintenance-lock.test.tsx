/**
 * The maintenance lock in a running app (issue 18 item 4): a flag change heard on the socket reads GET
 * /api/features again; when the lock is on, an office user's open tab shows the lock screen at once, without
 * waiting for a reload. The super administrator, who may switch it off again, keeps their tab; so does an
 * insurance-verification company, which the lock never applies to.
 */
import { type ClientType, type FeatureFlag, FEATURE_FLAGS, MESSAGES, SOCKET_EVENTS } from '@dv/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createAppServices } from '../app/app-services';
import { ServicesContext } from '../app/services-context';
import { SessionProvider } from '../auth/session-context';
import { FEATURE_FLAGS_QUERY_KEY, fetchFeatureFlags } from '../features/feature-flags';
import { type FetchFn } from '../http/http-client';
import { OfficeProvider } from '../office/office-context';
import { RealtimeProvider } from '../realtime/realtime-context';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway } from '../test-support/render-app';
import { LiveMaintenanceLock } from './live-maintenance-lock';
import { StartupGate } from './startup-gate';

const lock = (isActive: boolean): FeatureFlag[] => [
  { name: FEATURE_FLAGS.MAINTANANCE_LOCK.name, type: 'none', value: null, isActive },
  { name: FEATURE_FLAGS.USER_GUIDE_PDF.name, type: 'string', value: isActive ? '/v2.pdf' : '/v1.pdf', isActive: true },
];

function start(role: string, clientType: ClientType = 'dentalOffice') {
  const server = { flags: lock(false), flagReads: 0 };
  const fetch: FetchFn = (url, init) => {
    if (url.split('?')[0] === '/api/features') {
      server.flagReads += 1;
      return Promise.resolve(jsonReply(server.flags));
    }
    return fakeGateway(url, init);
  };
  const services = createAppServices({ fetch, location: { pathname: '/', search: '', assign: () => undefined } });
  const { http, queryClient } = services;
  const sockets = fakeSockets();
  const reload = jest.fn();
  render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <StartupGate
          deps={{
            host: 'demo.localhost',
            lookupOrganization: () => Promise.resolve({ kind: 'found', organization: { id: 'org-demo', clientType } }),
            storedOrganization: () => null,
            saveOrganization: () => undefined,
            // As app.tsx reads them: into the query every reader of the flags shares.
            readFlags: () => queryClient.fetchQuery({ queryKey: FEATURE_FLAGS_QUERY_KEY, queryFn: () => fetchFeatureFlags(http), staleTime: 0 }),
            skipMaintenanceLock: () => false,
            reload,
          }}
        >
          <SessionProvider controller={fakeSession(ROLE_CLAIMS[role]!)}>
            <OfficeProvider>
              <RealtimeProvider createSocket={sockets.create}>
                <LiveMaintenanceLock />
                <p>The app</p>
              </RealtimeProvider>
            </OfficeProvider>
          </SessionProvider>
        </StartupGate>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return { server, sockets, reload, queryClient };
}

/** A super administrator switched the lock on: the realtime service names the flag to every tab. */
async function lockSwitchedOn({ server, sockets }: ReturnType<typeof start>) {
  expect(await screen.findByText('The app')).toBeInTheDocument();
  const readsBefore = server.flagReads;
  server.flags = lock(true);
  connectLatestInAct(sockets);
  act(() => sockets.latest().serverEmits(SOCKET_EVENTS.featureFlagChanged, { name: FEATURE_FLAGS.MAINTANANCE_LOCK.name }));
  await waitFor(() => expect(server.flagReads).toBe(readsBefore + 1));
}

describe('the maintenance lock in a running app', () => {
  it.each(['staff', 'staffmanager', 'admin', 'agent'])("locks %s's open tab as soon as the socket names a flag and the lock is on", async (role) => {
    const app = start(role);
    await lockSwitchedOn(app);
    expect(await screen.findByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
  });

  it('keeps the tab of the super administrator, who may switch it off again; their flags are the new ones', async () => {
    const app = start('superadministrator');
    await lockSwitchedOn(app);
    await waitFor(() => expect(app.queryClient.getQueryData(FEATURE_FLAGS_QUERY_KEY)).toEqual(lock(true)));
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.MAINTENANCE_LOCK_TITLE })).not.toBeInTheDocument();
  });

  it('never locks an insurance-verification company', async () => {
    const app = start('staff', 'insuranceVerificationCompany');
    await lockSwitchedOn(app);
    await waitFor(() => expect(app.queryClient.getQueryData(FEATURE_FLAGS_QUERY_KEY)).toEqual(lock(true)));
    expect(screen.getByText('The app')).toBeInTheDocument();
  });

  it('reads the flags once per event, and not without one', async () => {
    const app = start('staff');
    expect(await screen.findByText('The app')).toBeInTheDocument();
    connectLatestInAct(app.sockets);
    const before = app.server.flagReads;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(app.server.flagReads).toBe(before);
    act(() => app.sockets.latest().serverEmits(SOCKET_EVENTS.featureFlagChanged, { name: FEATURE_FLAGS.USER_GUIDE_PDF.name }));
    await waitFor(() => expect(app.server.flagReads).toBe(before + 1));
    expect(screen.getByText('The app')).toBeInTheDocument();
  });
});
