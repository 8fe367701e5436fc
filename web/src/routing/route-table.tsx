/**
 * The browser routes: one per entry of ROUTES (@dv/contracts, SPEC section 2), each behind the route gate and
 * inside the page frame; unknown paths go to the default page. Pages that a later release builds show the
 * under-construction page meanwhile.
 */
import { PATHS, type Route, ROUTES } from '@dv/contracts';
import { type ComponentType } from 'react';
import { type RouteObject } from 'react-router-dom';
import { HandleLoginPage } from '../auth/handle-login-page';
import { LoginPage } from '../auth/login-page';
import { LogoutPage } from '../auth/logout-page';
import { RefreshTokenPage } from '../auth/refresh-token-page';
import { SessionEndPage } from '../auth/session-end-page';
import { BugDetailPage } from '../bugs/bug-detail-page';
import { BugListPage } from '../bugs/bug-list-page';
import { PageFrame } from '../layout/page-frame';
import { RootLayout } from '../layout/root-layout';
import { ManagementPage } from '../management/management-page';
import { HomePage } from '../pages/home-page';
import { TermsPage } from '../pages/terms-page';
import { UnauthorizedPage } from '../pages/unauthorized-page';
import { UnderConstructionPage } from '../pages/under-construction-page';
import { UserGuidePage } from '../pages/user-guide-page';
import { DentalOfficeSettingsPage } from '../portals/dental-office-settings-page';
import { ManagementPortalCredentialsPage } from '../portals/management-portal-credentials-page';
import { NewVerificationPage } from '../verification/new/new-verification-page';
import { VerificationSourcePage } from '../verification/source/source-page';
import { VerificationPage } from '../verification/ticket/verification-page';
import { RouteGate } from './route-gate';

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
};

/** '/plan/{id}' -> '/plan/:id'. */
export function routerPath(pattern: string): string {
  return pattern.replace(/\{([^}]+)\}/g, ':$1');
}

function routeObject(route: Route): RouteObject {
  const Page = PAGES[route.path] ?? UnderConstructionPage;
  return {
    path: routerPath(route.path),
    element: (
      <RouteGate>
        <PageFrame route={route}>
          <Page />
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
