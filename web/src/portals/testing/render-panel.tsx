/**
 * Renders the credentials panel alone, as the pages mount it: services over a fake gateway, a signed-in session,
 * the socket on fake sockets, and the info bar. Animations are off: jsdom never ends a CSS transition. The socket
 * connects at once, as it does in the app, unless `connect: false`: the first read of the credentials waits for it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { createAppServices } from '../../app/app-services';
import { ServicesContext } from '../../app/services-context';
import { SessionProvider } from '../../auth/session-context';
import { InfoBar, InfoBarProvider } from '../../info-bar/info-bar';
import { RealtimeProvider } from '../../realtime/realtime-context';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { connectLatestInAct, type FakeSocket, fakeSockets } from '../../test-support/fake-socket';
import { type FakePortalsGateway } from '../../test-support/fake-portals-gateway';
import { PortalCredentialsPanel } from '../portal-credentials-panel';

export const OFFICE = 'office-demo-1';

export function renderPanel(gateway: FakePortalsGateway, { canEdit = true, connect = true }: { canEdit?: boolean; connect?: boolean } = {}) {
  const sockets = fakeSockets();
  const services = createAppServices({ fetch: gateway.fetch, location: { pathname: '/', search: '', assign: () => undefined } });
  services.queryClient.setDefaultOptions({ queries: { retry: false } });
  const session = fakeSession(ROLE_CLAIMS.staffmanager!);
  services.runtime.session = session;
  services.runtime.currentOfficeId = OFFICE;
  const view = render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <SessionProvider controller={session}>
            <RealtimeProvider createSocket={sockets.create}>
              <InfoBarProvider>
                <InfoBar />
                <PortalCredentialsPanel officeId={OFFICE} canEdit={canEdit} />
              </InfoBarProvider>
            </RealtimeProvider>
          </SessionProvider>
        </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  // The app's socket for this panel (connected unless asked not to).
  const socket: FakeSocket = connect ? connectLatestInAct(sockets) : sockets.latest();
  return { ...view, sockets, socket, services };
}
