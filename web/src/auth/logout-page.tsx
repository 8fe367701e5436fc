/**
 * /logout?sessionEnd=true&return={path}: ends the session here, in the other tabs and at the identity provider,
 * which sends the user back to /sessionEnd (session expired) or /login.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useServices } from '../app/services-context';
import { LoadingOverlay } from '../startup/loading-overlay';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function LogoutPage() {
  const controller = useSessionController();
  const { http, queryClient } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useRunOnce(() => {
    http.clearCache();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth-config' && query.queryKey[0] !== 'feature-flags' });
    void controller
      .signOut({ sessionEnd: params.get('sessionEnd') === 'true', returnTo: params.get('return') ?? undefined })
      .then((result) => {
        if (!result.redirected) void navigate(result.next, { replace: true });
      });
  });

  return <LoadingOverlay tip="Signing out…" />;
}
