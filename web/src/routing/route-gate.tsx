/**
 * Guards every page (SPEC section 4): not signed in on a private page -> /login?return={path}; signed in without
 * the role -> /unauthorized; in dental-office registration -> /register-do; then the payment gate.
 *
 * /unauthorized answers a page the user asked for. Where the user did not ask, the router sends them to their
 * start page instead (startPageOf): an unknown path of a role without a home page (groupmember), and the page
 * they were on when they switched to an office where their role may not open it (issue 13 items 11 and 12).
 */
import { matchRoute, PATHS, resolveRedirect } from '@dv/contracts';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useOffice } from '../office/office-context';
import { startPageOf } from './access';
import { usePaymentGate } from './use-payment-gate';

/**
 * The office that was current when the user arrived on this path. State adjusted while rendering (React's
 * "storing information from previous renders"): the gate stays mounted across navigations, and a new path
 * starts a new arrival, so the redirect of the very render that follows a switch already knows about it.
 */
function useOfficeOnArrival(pathname: string, officeId: string | null): string | null {
  const [arrival, setArrival] = useState({ pathname, officeId });
  if (arrival.pathname === pathname) return arrival.officeId;
  setArrival({ pathname, officeId });
  return officeId;
}

export function useRouteRedirect(): string | null {
  const location = useLocation();
  const { access, currentOfficeId } = useOffice();
  const path = `${location.pathname}${location.search}`;
  const officeOnArrival = useOfficeOnArrival(location.pathname, currentOfficeId);
  const redirect = resolveRedirect({
    path,
    loggedIn: access.loggedIn,
    roles: access.roles,
    inRegistration: access.inRegistration,
  });
  const paymentRedirect = usePaymentGate(path);
  if (redirect === PATHS.unauthorized) {
    const unknownPath = matchRoute(path) === undefined;
    const officeSwitchedHere = officeOnArrival !== currentOfficeId;
    if (unknownPath || officeSwitchedHere) return startPageOf(access);
  }
  return redirect ?? paymentRedirect;
}

export function RouteGate({ children }: { children: ReactNode }) {
  const redirect = useRouteRedirect();
  return redirect === null ? children : <Navigate to={redirect} replace />;
}
