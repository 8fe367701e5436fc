/**
 * /handleLogin: the identity provider's callback; exchanges the code and goes to the return path or home.
 *
 * Opened any other way (a bookmark, the back button, a link pasted without its code) there is nothing to finish:
 * a signed-in user goes home, anyone else reads why in a sentence (not the sign-in library's message) and gets a
 * way to sign in.
 */
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingOverlay } from '../startup/loading-overlay';
import { CenteredBox } from '../ui/centered-box';
import { StatusResult } from '../ui/status-result';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export const NOTHING_TO_FINISH =
  'This page completes a sign-in started from the sign-in page. It was opened on its own, so there is nothing to complete.';
export const SIGN_IN_NOT_COMPLETED =
  'The sign-in could not be completed: it may have taken too long, or it was already completed in another tab.';

/** Why the sign-in did not complete, in words the user can act on; the provider's own reason when it gave one. */
export function failureReason(url: URL): string {
  const refused = url.searchParams.get('error_description') ?? url.searchParams.get('error');
  if (refused) return `The sign-in service refused the sign-in: ${refused}.`;
  return url.searchParams.has('code') && url.searchParams.has('state') ? SIGN_IN_NOT_COMPLETED : NOTHING_TO_FINISH;
}

export function HandleLoginPage() {
  const controller = useSessionController();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useRunOnce(() => {
    const url = new URL(window.location.href);
    const answered = url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
    if (!answered) {
      if (controller.getState().status === 'signedIn') void navigate('/', { replace: true });
      else setError(NOTHING_TO_FINISH);
      return;
    }
    controller.completeSignIn(url.href).then(
      (returnTo) => void navigate(returnTo ?? '/', { replace: true }),
      (failure: unknown) => {
        // The library's words ('No matching state found in storage') help a developer, not the user.
        console.warn('Completing the sign-in failed', failure);
        setError(failureReason(url));
      },
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
