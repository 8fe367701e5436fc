/**
 * The element around every route: the session watch, the developer tools, the office's notification of resolved
 * outsourced tickets (office users only) and the router's navigate for non-React code.
 */
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { isDevHost } from '../dev-tools/dev-settings';
import { LazySessionDevToolsDrawer } from '../dev-tools/lazy-dev-tools';
import { InfoBarProvider } from '../info-bar/info-bar';
import { OfficeResolvedNotice } from '../outsourcing/resolved-notice';
import { SessionWatch } from '../session/session-watch';

export function RootLayout() {
  const { runtime } = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    runtime.navigate = (to) => void navigate(to);
  }, [runtime, navigate]);
  return (
    <InfoBarProvider>
      <SessionWatch />
      <OfficeResolvedNotice />
      {isDevHost() ? <LazySessionDevToolsDrawer /> : null}
      <Outlet />
    </InfoBarProvider>
  );
}
