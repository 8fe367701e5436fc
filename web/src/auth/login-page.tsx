/**
 * /login?return={path}: signed-in users go on to the return path; everyone else goes to the identity provider.
 * Coming back from the provider's sign-out (a `state` parameter), the return path is the one the sign-out carried.
 *
 * When the provider cannot be reached (its discovery document fails or does not answer within
 * SIGN_IN_PROVIDER_WAIT_MS), the page says so and offers to try again instead of waiting forever.
 */
import { SIGN_IN_PROVIDER_WAIT_MS } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withinTime } from '../platform/within-time';
import { CenteredBox } from '../ui/centered-box';
import { LoadingOverlay } from '../startup/loading-overlay';
import { StatusResult } from '../ui/status-result';
import { safeReturnPath } from './return-path';
import { type SessionController } from './session-controller';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export const PROVIDER_UNREACHABLE = 'The sign-in service cannot be reached';

async function goOn(controller: SessionController, params: URLSearchParams, navigate: ReturnType<typeof useNavigate>) {
  let returnTo = safeReturnPath(params.get('return'));
  if (params.has('state')) returnTo = (await controller.completeSignOut(window.location.href)) ?? returnTo;
  const state = controller.getState();
  if (state.status === 'signedIn' && state.expiresAt > Date.now()) {
    await navigate(returnTo ?? '/', { replace: true });
    return;
  }
  // The redirect itself never settles the page (it leaves): only a provider that fails or keeps silent does.
  await withinTime(controller.signIn(returnTo), SIGN_IN_PROVIDER_WAIT_MS);
}

export function LoginPage() {
  const controller = useSessionController();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);

  const attempt = () => {
    setFailed(false);
    goOn(controller, params, navigate).catch(() => setFailed(true));
  };
  useRunOnce(attempt);

  if (!failed) return <LoadingOverlay tip="Redirecting to sign-in…" />;
  return (
    <CenteredBox>
      <StatusResult
        status="error"
        title={<h1 className="dv-page-title">{PROVIDER_UNREACHABLE}</h1>}
        subTitle="It did not answer. It may be down for a moment, or this network may not reach it. Try again in a minute."
        extra={
          <Button type="primary" onClick={attempt}>
            Try again
          </Button>
        }
      />
    </CenteredBox>
  );
}
