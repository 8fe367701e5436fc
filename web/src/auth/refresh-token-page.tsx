/**
 * /refreshToken?return={path}: renews the session silently (with the refresh token) and goes back; when that
 * fails, local storage is cleared and the user signs in again (SPEC section 8).
 */
import { PATHS } from '@dv/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../startup/loading-overlay';
import { safeReturnPath, withReturn } from './return-path';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function RefreshTokenPage() {
  const controller = useSessionController();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('return'));

  useRunOnce(() => {
    controller.refresh().then(
      () => void navigate(returnTo ?? '/', { replace: true }),
      () =>
        void controller.clearAll().then(() => navigate(withReturn(PATHS.login, returnTo), { replace: true })),
    );
  });

  return <LoadingOverlay tip="Renewing your session…" />;
}
