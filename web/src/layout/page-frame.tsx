/**
 * What surrounds a page: for signed-in users the header, the left side menu where the route shows it (SPEC
 * section 2, showLeftSideMenu) and the info bar; public pages stand alone. On a narrow screen (a phone) the menu
 * is a drawer opened from the header, so the page keeps the whole width.
 */
import { type Route } from '@dv/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { InfoBar } from '../info-bar/info-bar';
import { useOffice } from '../office/office-context';
import { AppHeader } from './app-header';
import { LeftMenu } from './left-menu';
import { menuContextFor } from './menu-context';
import { useNarrowScreen } from './use-narrow-screen';

// The form (antd Form, Select, Input, Modal) loads when the user first asks to report a bug.
// The phone's menu drawer (antd Drawer) loads when it is first opened; a phone preloads it after the first render.
const loadMenuDrawer = () => import('./menu-drawer');
const MenuDrawer = lazy(() => loadMenuDrawer().then((m) => ({ default: m.MenuDrawer })));

const BugReportPopover = lazy(() => import('../bugs/bug-report-popover').then((m) => ({ default: m.BugReportPopover })));

// The frame is drawn with plain header, aside and main elements (app.css) as antd's Layout drew it: Layout's
// component and styles would otherwise load on every route before it renders (issue 12's budget).
const SIDER_WIDTH = 240;
export const MENU_DRAWER_TITLE = 'Menu';

export function PageFrame({ route, children }: { route: Route; children: ReactNode }) {
  const office = useOffice();
  const location = useLocation();
  const narrow = useNarrowScreen();
  const [bugReportOpen, setBugReportOpen] = useState(false);
  // Once opened, the popover stays mounted: its draft lives as long as the page.
  const [bugReportUsed, setBugReportUsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Once opened, the drawer stays mounted, so that it can animate closed and open again.
  const [menuUsed, setMenuUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerMenu = useRef<HTMLDivElement>(null);
  // Closed by Escape or its close button, the drawer gives the focus back to the button that opened it; closed for
  // the bug report, the popover takes it.
  const returnFocus = useRef(false);
  useEffect(() => {
    // A failed load shows when the drawer is opened (React.lazy asks again).
    if (narrow) loadMenuDrawer().catch(() => undefined);
  }, [narrow]);
  if (!office.access.loggedIn || !route.private && !route.showLeftSideMenu) return <>{children}</>;

  const openBugReport = () => {
    setMenuOpen(false);
    setBugReportUsed(true);
    setBugReportOpen(true);
  };
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  const closeMenu = () => {
    returnFocus.current = true;
    setMenuOpen(false);
  };
  const menuContext = menuContextFor({
    access: office.access,
    currentPath: `${location.pathname}${location.search}`,
    currentOfficeId: office.currentOfficeId,
    settings: office.currentSettings,
    dentalOffice: office.dentalOffice,
  });
  const menu = <LeftMenu context={menuContext} onBugReport={openBugReport} />;
  const menuInDrawer = route.showLeftSideMenu && narrow;
  return (
    <div className="dv-shell">
      <AppHeader
        menuButton={menuInDrawer ? { ref: menuButton, expanded: menuOpen, onOpen: openMenu } : undefined}
      />
      <div className="dv-shell__body">
        {route.showLeftSideMenu && !narrow ? (
          <aside className="dv-sider" style={{ width: SIDER_WIDTH }}>
            {menu}
          </aside>
        ) : null}
        <main className="dv-content">
          <InfoBar onBugReport={openBugReport} />
          {children}
        </main>
      </div>
      {menuInDrawer && menuUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer
            title={MENU_DRAWER_TITLE}
            width={Math.min(SIDER_WIDTH + 40, window.innerWidth - 48)}
            open={menuOpen}
            onClose={closeMenu}
            afterOpenChange={(open) => {
              // Opened, the menu's first item takes the focus (the drawer would keep it on its outer box, outside
              // the dialog): Tab then walks the items and Enter opens one.
              if (open) drawerMenu.current?.querySelector<HTMLElement>('a[href], button')?.focus();
              if (open || !returnFocus.current) return;
              returnFocus.current = false;
              menuButton.current?.focus();
            }}
          >
            <div ref={drawerMenu}>{menu}</div>
          </MenuDrawer>
        </Suspense>
      ) : null}
      {bugReportUsed ? (
        <Suspense fallback={null}>
          <BugReportPopover open={bugReportOpen} onClose={() => setBugReportOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
