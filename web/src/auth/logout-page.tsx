/**
 * /logout?sessionEnd=true&return={path}: ends the session here, in the other tabs and at the identity provider,
 * which sends the user back to /sessionEnd (session expired) or /login.
 * /logout?toDefault=true: ends it here and in the other tabs only and lands on the default public page, which
 * then stays (SIGNED_OUT_STATE) instead of starting the sign-in.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../app/services-context';
import { LoadingOverlay } from '../startup/loading-overlay';
import { LOGOUT_QUERY, SIGNED_OUT_STATE } from './return-path';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function LogoutPage() {
  const controller = useSessionController();
  const { queryClient } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useRunOnce(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth-config' && query.queryKey[0] !== 'feature-flags' });
    const toDefault = params.get(LOGOUT_QUERY.toDefault) === 'true';
    void controller
      .signOut({
        sessionEnd: params.get(LOGOUT_QUERY.sessionEnd) === 'true',
        returnTo: params.get(LOGOUT_QUERY.returnTo) ?? undefined,
        toDefault,
      })
      .then((result) => {
        if (!result.redirected) void navigate(result.next, { replace: true, state: toDefault ? SIGNED_OUT_STATE : undefined });
      });
  });

  return <LoadingOverlay tip="Signing out…" />;
}
