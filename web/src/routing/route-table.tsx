/**
 * The browser routes: one per entry of ROUTES (@dv/contracts, SPEC section 2), each behind the route gate and
 * inside the page frame; unknown paths go to the default page. Pages that a later release builds show the
 * under-construction page meanwhile. Every page loads lazily, inside the frame.
 */
import { matchRoute, PATHS, type Route, ROUTES } from '@dv/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PageFrame } from '../layout/page-frame';
import { RootLayout } from '../layout/root-layout';
import { RouteGate } from './route-gate';

/**
 * A page loaded on first visit, in a chunk of its own: the shell (start-up, session, frame, menu) stays in the
 * entry chunk, so the JavaScript a page needs before it renders stays within the performance budget
 * (bench/web.js measures it per route).
 */
const pageLoaders = new Map<ComponentType, () => Promise<unknown>>();

function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => (loading ??= load().then((page) => ({ default: page })));
  const page = lazy(loadOnce);
  pageLoaders.set(page, loadOnce);
  return page;
}

const UnderConstructionPage = lazyPage(() =>
  import('../pages/under-construction-page').then((m) => m.UnderConstructionPage),
);
const HomePage = lazyPage(() => import('../pages/home-page').then((m) => m.HomePage));
const LoginPage = lazyPage(() => import('../auth/login-page').then((m) => m.LoginPage));
const LogoutPage = lazyPage(() => import('../auth/logout-page').then((m) => m.LogoutPage));
const UnauthorizedPage = lazyPage(() => import('../pages/unauthorized-page').then((m) => m.UnauthorizedPage));
const HandleLoginPage = lazyPage(() => import('../auth/handle-login-page').then((m) => m.HandleLoginPage));
const SessionEndPage = lazyPage(() => import('../auth/session-end-page').then((m) => m.SessionEndPage));
const RefreshTokenPage = lazyPage(() => import('../auth/refresh-token-page').then((m) => m.RefreshTokenPage));
const UserGuidePage = lazyPage(() => import('../pages/user-guide-page').then((m) => m.UserGuidePage));
const TermsPage = lazyPage(() => import('../pages/terms-page').then((m) => m.TermsPage));
const DentalOfficeSettingsPage = lazyPage(() =>
  import('../portals/dental-office-settings-page').then((m) => m.DentalOfficeSettingsPage),
);
const ManagementPage = lazyPage(() => import('../management/management-page').then((m) => m.ManagementPage));
const ManagementPortalCredentialsPage = lazyPage(() =>
  import('../portals/management-portal-credentials-page').then((m) => m.ManagementPortalCredentialsPage),
);
const BugListPage = lazyPage(() => import('../bugs/bug-list-page').then((m) => m.BugListPage));
const BugDetailPage = lazyPage(() => import('../bugs/bug-detail-page').then((m) => m.BugDetailPage));
const NewVerificationPage = lazyPage(() =>
  import('../verification/new/new-verification-page').then((m) => m.NewVerificationPage),
);
const VerificationPage = lazyPage(() => import('../verification/ticket/verification-page').then((m) => m.VerificationPage));
const VerificationSourcePage = lazyPage(() =>
  import('../verification/source/source-page').then((m) => m.VerificationSourcePage),
);
const HistoryPage = lazyPage(() => import('../history/history-page').then((m) => m.HistoryPage));
const PlanSearchPage = lazyPage(() => import('../plans/plan-search-page').then((m) => m.PlanSearchPage));
const PlanDetailPage = lazyPage(() => import('../plans/plan-detail-page').then((m) => m.PlanDetailPage));
const QueuePage = lazyPage(() => import('../outsourcing/queue-page').then((m) => m.QueuePage));
const RequestersPage = lazyPage(() => import('../outsourcing/requesters-page').then((m) => m.RequestersPage));

export const PAGES: Readonly<Record<string, ComponentType>> = {
  [PATHS.home]: HomePage,
  [PATHS.login]: LoginPage,
  [PATHS.logout]: LogoutPage,
  [PATHS.unauthorized]: UnauthorizedPage,
  [PATHS.underConstruction]: UnderConstructionPage,
  [PATHS.handleLogin]: HandleLoginPage,
  [PATHS.sessionEnd]: SessionEndPage,
  [PATHS.refreshToken]: RefreshTokenPage,
  [PATHS.userGuide]: UserGuidePage,
  [PATHS.terms]: TermsPage,
  [PATHS.dentalOfficeSettings]: DentalOfficeSettingsPage,
  [PATHS.management]: ManagementPage,
  [PATHS.managementPortalCredentials]: ManagementPortalCredentialsPage,
  [PATHS.managementBugs]: BugListPage,
  [PATHS.managementBug]: BugDetailPage,
  [PATHS.verification]: NewVerificationPage,
  [PATHS.verificationDetail]: VerificationPage,
  [PATHS.verificationSource]: VerificationSourcePage,
  [PATHS.pastVerifications]: HistoryPage,
  [PATHS.plan]: PlanSearchPage,
  [PATHS.planDetail]: PlanDetailPage,
  [PATHS.managementVerifications]: QueuePage,
  [PATHS.managementRequesters]: RequestersPage,
};

/** '/plan/{id}' -> '/plan/:id'. */
export function routerPath(pattern: string): string {
  return pattern.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Starts loading the page chunk of the route at this path, at boot: it then loads while start-up asks the
 * gateway for the organization, the flags and the session, instead of after the shell has rendered.
 */
export function preloadPage(pathname: string): void {
  const route = matchRoute(pathname);
  const page = route === undefined ? undefined : PAGES[route.path];
  // A failed load shows when the page renders (React.lazy gets the same promise).
  if (page !== undefined) pageLoaders.get(page)?.().catch(() => undefined);
}

/**
 * Public pages that end a signed-in user's way (Unauthorized, Under construction): the frame shows them with the
 * header and the menu, so that Sign out, the office switcher and the pages the user may open stay in reach
 * (issue 13 item 11). PageFrame leaves signed-out users without a frame, as on every public page.
 */
const DEAD_ENDS: ReadonlySet<string> = new Set([PATHS.unauthorized, PATHS.underConstruction]);

/** The route as the frame draws it: a dead end gets the menu of the private pages. */
export function frameRoute(route: Route): Route {
  return DEAD_ENDS.has(route.path) ? { ...route, showLeftSideMenu: true } : route;
}

function routeObject(route: Route): RouteObject {
  const Page = PAGES[route.path] ?? UnderConstructionPage;
  return {
    path: routerPath(route.path),
    element: (
      <RouteGate>
        <PageFrame route={frameRoute(route)}>
          <Suspense fallback={<div className="dv-page-loading" aria-busy="true" />}>
            <Page />
          </Suspense>
        </PageFrame>
      </RouteGate>
    ),
  };
}

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [...ROUTES.map(routeObject), { path: '*', element: <RouteGate>{null}</RouteGate> }],
    },
  ];
}

const APP_ROUTES = appRoutes();

/**
 * The routes under a plain <BrowserRouter>: the app uses none of the data router's loaders, actions, fetchers or
 * blockers, and createBrowserRouter brought its whole router state machine into every page's start-up.
 */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
