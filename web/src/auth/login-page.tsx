/**
 * /login?return={path}: signed-in users go on to the return path; everyone else goes to the identity provider.
 * Coming back from the provider's sign-out (a `state` parameter), the return path is the one the sign-out carried.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingOverlay } from '../startup/loading-overlay';
import { safeReturnPath } from './return-path';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function LoginPage() {
  const controller = useSessionController();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useRunOnce(() => {
    void (async () => {
      let returnTo = safeReturnPath(params.get('return'));
      if (params.has('state')) returnTo = (await controller.completeSignOut(window.location.href)) ?? returnTo;
      const state = controller.getState();
      if (state.status === 'signedIn' && state.expiresAt > Date.now()) {
        await navigate(returnTo ?? '/', { replace: true });
        return;
      }
      await controller.signIn(returnTo);
    })();
  });

  return <LoadingOverlay tip="Redirecting to sign-in…" />;
}
