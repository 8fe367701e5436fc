/**
 * Guards every page (SPEC section 4): not signed in on a private page -> /login?return={path}; signed in without
 * the role -> /unauthorized; in dental-office registration -> /register-do; then the payment gate.
 */
import { resolveRedirect } from '@dv/contracts';
import { type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAccess } from '../office/office-context';
import { usePaymentGate } from './use-payment-gate';

export function useRouteRedirect(): string | null {
  const location = useLocation();
  const access = useAccess();
  const path = `${location.pathname}${location.search}`;
  const redirect = resolveRedirect({
    path,
    loggedIn: access.loggedIn,
    roles: access.roles,
    inRegistration: access.inRegistration,
  });
  const paymentRedirect = usePaymentGate(path);
  return redirect ?? paymentRedirect;
}

export function RouteGate({ children }: { children: ReactNode }) {
  const redirect = useRouteRedirect();
  return redirect === null ? children : <Navigate to={redirect} replace />;
}
