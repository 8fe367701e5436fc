/**
 * What surrounds a page: for signed-in users the header, the left side menu where the route shows it (SPEC
 * section 2, showLeftSideMenu) and the info bar; public pages stand alone.
 */
import { type Route } from '@dv/contracts';
import { Layout } from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BugReportPopover } from '../bugs/bug-report-popover';
import { InfoBar } from '../info-bar/info-bar';
import { useOffice } from '../office/office-context';
import { AppHeader } from './app-header';
import { LeftMenu } from './left-menu';
import { menuContextFor } from './menu-context';

export function PageFrame({ route, children }: { route: Route; children: ReactNode }) {
  const office = useOffice();
  const location = useLocation();
  const [bugReportOpen, setBugReportOpen] = useState(false);
  if (!office.access.loggedIn || !route.private && !route.showLeftSideMenu) return <>{children}</>;

  const openBugReport = () => setBugReportOpen(true);
  const menuContext = menuContextFor({
    access: office.access,
    currentPath: `${location.pathname}${location.search}`,
    currentOfficeId: office.currentOfficeId,
    settings: office.currentSettings,
    dentalOffice: office.dentalOffice,
  });
  return (
    <Layout className="dv-shell">
      <AppHeader />
      <Layout>
        {route.showLeftSideMenu ? (
          <Layout.Sider width={240} theme="light" className="dv-sider">
            <LeftMenu context={menuContext} onBugReport={openBugReport} />
          </Layout.Sider>
        ) : null}
        <Layout.Content className="dv-content">
          <InfoBar onBugReport={openBugReport} />
          {children}
        </Layout.Content>
      </Layout>
      <BugReportPopover open={bugReportOpen} onClose={() => setBugReportOpen(false)} />
    </Layout>
  );
}
