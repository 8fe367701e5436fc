/**
 * The browser routes: one per entry of ROUTES (@dv/contracts, SPEC section 2), each behind the route gate and
 * inside the page frame; unknown paths go to the default page. Every route has a page of its own in PAGES
 * (route-coverage.test.tsx); the under-construction page is only the fallback of a route added without one.
 * Every page loads lazily, inside the frame.
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
const AgentsPage = lazyPage(() => import('../management/agents/agents-page').then((m) => m.AgentsPage));
const OfficesPage = lazyPage(() => import('../management/offices/offices-page').then((m) => m.OfficesPage));
const GroupsPage = lazyPage(() => import('../management/groups/groups-page').then((m) => m.GroupsPage));
const GroupPage = lazyPage(() => import('../management/groups/group-page').then((m) => m.GroupPage));
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
const ReverificationListPage = lazyPage(() =>
  import('../reverification/reverification-list-page').then((m) => m.ReverificationListPage),
);
const ReverificationDetailPage = lazyPage(() =>
  import('../reverification/reverification-detail-page').then((m) => m.ReverificationDetailPage),
);
const SchedulePage = lazyPage(() => import('../schedule/schedule-page').then((m) => m.SchedulePage));
const PaymentPage = lazyPage(() => import('../payment/payment-page').then((m) => m.PaymentPage));
const PaymentVerifyPage = lazyPage(() => import('../payment/payment-verify-page').then((m) => m.PaymentVerifyPage));
const PaymentSetupPage = lazyPage(() => import('../payment/payment-setup-page').then((m) => m.PaymentSetupPage));
const BillingSettingsPage = lazyPage(() => import('../payment/billing-settings-page').then((m) => m.BillingSettingsPage));
const RegisterDoPage = lazyPage(() => import('../registration/register-do-page').then((m) => m.RegisterDoPage));
const CorrectionPage = lazyPage(() => import('../correction/correction-page').then((m) => m.CorrectionPage));
const CarriersPage = lazyPage(() => import('../management/carriers/carriers-page').then((m) => m.CarriersPage));
const IntegrationsPage = lazyPage(() => import('../management/integrations/integrations-page').then((m) => m.IntegrationsPage));
const FeatureFlagsPage = lazyPage(() =>
  import('../management/features/feature-flags-page').then((m) => m.FeatureFlagsPage),
);
const StatsPage = lazyPage(() => import('../management/stats/stats-page').then((m) => m.StatsPage));
const X271PreviewPage = lazyPage(() => import('../management/x271/x271-page').then((m) => m.X271PreviewPage));
const TemplateEditorPage = lazyPage(() => import('../forms/template-editor-page').then((m) => m.TemplateEditorPage));
const TemplateListPage = lazyPage(() => import('../forms/template-list-page').then((m) => m.TemplateListPage));
const RulesPage = lazyPage(() => import('../forms/rules-page').then((m) => m.RulesPage));
const CustomizationPage = lazyPage(() => import('../forms/customization-pages').then((m) => m.CustomizationPage));
const VerificationCustomizationPage = lazyPage(() => import('../forms/customization-pages').then((m) => m.VerificationCustomizationPage));
const GlobalCustomizationPage = lazyPage(() => import('../forms/customization-pages').then((m) => m.GlobalCustomizationPage));

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
  [PATHS.managementAgents]: AgentsPage,
  [PATHS.managementDoManagement]: OfficesPage,
  [PATHS.managementDoGroups]: GroupsPage,
  [PATHS.managementDoGroup]: GroupPage,
  [PATHS.verification]: NewVerificationPage,
  [PATHS.verificationDetail]: VerificationPage,
  [PATHS.verificationSource]: VerificationSourcePage,
  [PATHS.pastVerifications]: HistoryPage,
  [PATHS.plan]: PlanSearchPage,
  [PATHS.planDetail]: PlanDetailPage,
  [PATHS.managementVerifications]: QueuePage,
  [PATHS.managementRequesters]: RequestersPage,
  [PATHS.reverification]: ReverificationListPage,
  [PATHS.reverificationDetail]: ReverificationDetailPage,
  [PATHS.schedule]: SchedulePage,
  [PATHS.scheduleDay]: SchedulePage,
  [PATHS.payment]: PaymentPage,
  [PATHS.paymentVerify]: PaymentVerifyPage,
  [PATHS.paymentSetup]: PaymentSetupPage,
  [PATHS.paymentBillingSettings]: BillingSettingsPage,
  [PATHS.paymentSettings]: BillingSettingsPage,
  [PATHS.registerDo]: RegisterDoPage,
  [PATHS.correction]: CorrectionPage,
  [PATHS.managementCarriers]: CarriersPage,
  [PATHS.managementIntegrations]: IntegrationsPage,
  [PATHS.managementFeatures]: FeatureFlagsPage,
  [PATHS.managementStats]: StatsPage,
  [PATHS.managementVerification]: X271PreviewPage,
  [PATHS.managementForm]: TemplateEditorPage,
  [PATHS.managementFormTemplates]: TemplateListPage,
  [PATHS.managementRules]: RulesPage,
  [PATHS.customization]: CustomizationPage,
  [PATHS.customizationVerification]: VerificationCustomizationPage,
  [PATHS.managementCustomization]: GlobalCustomizationPage,
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
