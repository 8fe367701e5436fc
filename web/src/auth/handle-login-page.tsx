/** /handleLogin: the identity provider's callback; exchanges the code and goes to the return path or home. */
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadingOverlay } from '../startup/loading-overlay';
import { CenteredBox } from '../ui/centered-box';
import { StatusResult } from '../ui/status-result';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function HandleLoginPage() {
  const controller = useSessionController();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useRunOnce(() => {
    controller.completeSignIn(window.location.href).then(
      (returnTo) => void navigate(returnTo ?? '/', { replace: true }),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  });

  if (error === null) return <LoadingOverlay tip="Signing in…" />;
  return (
    <CenteredBox>
      <StatusResult
        status="error"
        title={<h1 className="dv-page-title">Sign-in failed</h1>}
        subTitle={error}
        extra={
          <Link to="/login">
            <Button type="primary">Sign in again</Button>
          </Link>
        }
      />
    </CenteredBox>
  );
}
