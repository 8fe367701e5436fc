/**
 * On a cold load of a verification page, asks for the ticket as soon as the session and the current office are
 * known, while the page's chunk is still loading: the page then finds it in the query cache under its own key.
 * The reply is parsed by the page's own module (loaded with the page anyway), so no schema rides in the shell.
 */
import { matchRoute, PATHS, resolveRedirect } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../app/services-context';
import { useOffice } from '../office/office-context';

const VERIFICATION_PATH = /^\/verification\/([^/]+)$/;

export function TicketPrefetch() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { access, currentOfficeId } = useOffice();
  const ready = access.loggedIn && currentOfficeId !== null;

  useEffect(() => {
    if (!ready) return;
    const { pathname, search } = window.location;
    const id = VERIFICATION_PATH.exec(pathname)?.[1];
    if (id === undefined || matchRoute(pathname)?.path !== PATHS.verificationDetail) return;
    // Only where the route gate lets the page render.
    const path = `${pathname}${search}`;
    if (resolveRedirect({ path, loggedIn: access.loggedIn, roles: access.roles, inRegistration: access.inRegistration }) !== null) return;
    const verificationId = decodeURIComponent(id);
    void import('../verification/ticket/verification-api').then(({ fetchVerification, verificationKey }) =>
      queryClient.prefetchQuery({ queryKey: verificationKey(verificationId), queryFn: () => fetchVerification(http, verificationId) }),
    );
    // Once per app start, at the first ready state: later navigations load the ticket with the page.
  }, [ready]);
  return null;
}
